import type { PersonDetail } from '@polymath/shared/admin/admin.schema';
import { ArrowLeft } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { apiErrorCode, apiErrorMessage } from '../../../lib/api/api-error.ts';
import { type PersonAction, useActOnPersonMutation, useDeletePersonMutation, useGetPersonQuery } from '../admin-api.ts';
import { ADMIN_NS } from '../admin-texts.ts';
import { PersonBadges } from './people.tsx';

const card = 'rounded-xl border border-border bg-surface p-4';

function useFormat() {
  const { i18n } = useTranslation();
  return {
    date: (iso: string) => new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }),
    day: (iso: string) => new Date(iso).toLocaleDateString(i18n.language, { dateStyle: 'medium' }),
  };
}

function Facts({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted">{label}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** /admin/people/<id>: who this person is, what they have, and what an operator can do. */
export function PersonPage({ id }: { id: string }) {
  const { t } = useTranslation(ADMIN_NS);
  const { t: tc } = useTranslation();
  const { data: person, error, isLoading, refetch } = useGetPersonQuery(id);
  const back = (
    <Link to="/admin/people" className={buttonClass('ghost', 'sm', 'mb-2 self-start')}>
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      {t('people.back')}
    </Link>
  );
  if (isLoading) return <Spinner />;
  if (!person) {
    return (
      <section className="flex flex-col">
        {back}
        <p role="alert" className="text-danger">
          {apiErrorCode(error) === 'USER_NOT_FOUND' ? t('person.notFound') : apiErrorMessage(error, tc)}
        </p>
        {apiErrorCode(error) === 'USER_NOT_FOUND' ? null : (
          <Button variant="secondary" className="mt-3 self-start" onClick={() => void refetch()}>
            {t('retry')}
          </Button>
        )}
      </section>
    );
  }
  return (
    <section aria-labelledby="person-title" data-testid="admin-person" className="flex flex-col gap-4">
      {back}
      <header className="flex flex-wrap items-center gap-3">
        <h2 id="person-title" className="min-w-0 text-xl font-semibold break-all">
          {person.email}
        </h2>
        <PersonBadges person={person} />
      </header>
      <div className="grid gap-4 lg:grid-cols-2">
        <Account person={person} />
        <Plan person={person} />
        <Activity person={person} />
        <SignIns person={person} />
      </div>
      <Actions person={person} />
    </section>
  );
}

function Account({ person }: { person: PersonDetail }) {
  const { t } = useTranslation(ADMIN_NS);
  const f = useFormat();
  return (
    <div className={card}>
      <h3 className="mb-2 font-semibold">{t('person.account')}</h3>
      <Facts
        rows={[
          [t('person.name'), person.displayName ?? person.name],
          [t('person.verified'), person.emailVerified ? t('yes') : t('no')],
          [t('person.language'), person.locale],
          [t('person.joined'), f.date(person.createdAt)],
          ...(person.banned
            ? ([
                [t('person.banReason'), person.banReason ?? '—'],
                [t('person.banEnds'), person.banExpires ? f.date(person.banExpires) : t('person.never')],
              ] as [string, ReactNode][])
            : []),
        ]}
      />
    </div>
  );
}

function Plan({ person }: { person: PersonDetail }) {
  const { t } = useTranslation(ADMIN_NS);
  const f = useFormat();
  const sub = person.subscription;
  const { credits } = person;
  return (
    <div className={card} data-testid="person-plan">
      <h3 className="mb-2 font-semibold">{t('person.planTitle')}</h3>
      <Facts
        rows={[
          [t('person.plan'), t(`people.plan.${person.plan}`)],
          [
            t('person.granted'),
            person.proGrantedUntil ? t('person.grantedUntil', { date: f.date(person.proGrantedUntil) }) : '—',
          ],
          [
            t('person.subscription'),
            sub
              ? t('person.subscriptionLine', {
                  provider: sub.provider,
                  period: sub.period,
                  status: sub.status,
                  end: f.day(sub.currentPeriodEnd),
                })
              : t('person.noSubscription'),
          ],
          ...(sub?.cancelAtPeriodEnd ? ([[t('person.renews'), t('no')]] as [string, ReactNode][]) : []),
          [
            t('person.creditsToday'),
            credits.dailyLimit === null
              ? t('person.creditsUnlimited')
              : t('person.creditsLine', {
                  used: credits.used,
                  limit: credits.dailyLimit,
                  remaining: credits.remaining,
                }),
          ],
          [t('person.creditsReset'), f.date(credits.resetsAt)],
        ]}
      />
    </div>
  );
}

function Activity({ person }: { person: PersonDetail }) {
  const { t } = useTranslation(ADMIN_NS);
  const f = useFormat();
  const { counts } = person;
  return (
    <div className={card}>
      <h3 className="mb-2 font-semibold">{t('person.activity')}</h3>
      <Facts
        rows={[
          [t('person.threads'), counts.threads],
          [t('person.messages'), counts.messages],
          [t('person.images'), counts.images],
          [t('person.documents'), counts.documents],
        ]}
      />
      {person.documents.length > 0 ? (
        <ul className="mt-3 flex flex-col gap-1 text-sm">
          {person.documents.map((d) => (
            <li key={d.id} className="break-all">
              {d.name} · {t('person.pages', { count: d.pageCount })} · {d.status} · {f.day(d.createdAt)}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function SignIns({ person }: { person: PersonDetail }) {
  const { t } = useTranslation(ADMIN_NS);
  const f = useFormat();
  return (
    <div className={card}>
      <h3 className="mb-2 font-semibold">{t('person.signIns')}</h3>
      <Facts
        rows={[
          ...person.signIns.map(
            (s) =>
              [t(`person.provider.${s.provider}`, { defaultValue: s.provider }), f.day(s.createdAt)] as [
                string,
                ReactNode,
              ],
          ),
          [
            t('person.whatsapp'),
            person.whatsapp ? `${person.whatsapp.phone} · ${f.day(person.whatsapp.linkedAt)}` : '—',
          ],
        ]}
      />
      <h4 className="mt-3 mb-1 text-sm font-semibold">{t('person.sessions', { count: person.sessions.length })}</h4>
      <ul className="flex flex-col gap-1 text-xs text-muted">
        {person.sessions.map((s) => (
          <li key={s.id} className="break-all">
            {f.date(s.createdAt)} · {s.ipAddress ?? '—'} · {s.userAgent ?? '—'}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Actions({ person }: { person: PersonDetail }) {
  const { t } = useTranslation(ADMIN_NS);
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const [act, acting] = useActOnPersonMutation();
  const [remove, removing] = useDeletePersonMutation();
  const [days, setDays] = useState('30');
  const [reason, setReason] = useState('');
  const [confirm, setConfirm] = useState<'ban' | 'delete' | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const daysId = useId();
  const reasonId = useId();
  const busy = acting.isLoading || removing.isLoading;

  const run = async (action: PersonAction, done: string) => {
    setMessage(null);
    const result = await act({ id: person.id, ...action });
    setConfirm(null);
    setMessage(result.error ? { text: apiErrorMessage(result.error, tc), error: true } : { text: done, error: false });
  };
  const grant = (event: FormEvent) => {
    event.preventDefault();
    const n = Number(days);
    if (!Number.isInteger(n) || n < 1 || n > 366) {
      setMessage({ text: t('actions.daysInvalid'), error: true });
      return;
    }
    void run({ action: 'grant-pro', body: { days: n } }, t('actions.done.grantPro', { count: n }));
  };
  const del = async () => {
    setMessage(null);
    const result = await remove(person.id);
    setConfirm(null);
    if (result.error) setMessage({ text: apiErrorMessage(result.error, tc), error: true });
    else navigate('/admin/people', { replace: true });
  };

  return (
    <div className={card} data-testid="person-actions">
      <h3 className="mb-3 font-semibold">{t('actions.title')}</h3>
      <div className="flex flex-col gap-4">
        <form onSubmit={grant} className="flex flex-wrap items-end gap-2">
          <div className="flex flex-col gap-1">
            <label htmlFor={daysId} className="text-sm font-medium">
              {t('actions.days')}
            </label>
            <input
              id={daysId}
              type="number"
              inputMode="numeric"
              min={1}
              max={366}
              value={days}
              onChange={(e) => setDays(e.target.value)}
              className="h-10 w-24 rounded-xl border border-border bg-bg px-3 text-base text-fg focus:outline-2 focus:outline-accent"
            />
          </div>
          <Button type="submit" disabled={busy}>
            {t('actions.grantPro')}
          </Button>
        </form>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => void run({ action: 'reset-credits' }, t('actions.done.resetCredits'))}
          >
            {t('actions.resetCredits')}
          </Button>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => void run({ action: 'sign-out-everywhere' }, t('actions.done.signOut'))}
          >
            {t('actions.signOut')}
          </Button>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() =>
              void run(
                { action: 'operator', body: { operator: !person.operator } },
                t(person.operator ? 'actions.done.operatorRevoked' : 'actions.done.operatorGranted'),
              )
            }
          >
            {t(person.operator ? 'actions.revokeOperator' : 'actions.grantOperator')}
          </Button>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          {person.banned ? (
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() => void run({ action: 'unban' }, t('actions.done.unban'))}
            >
              {t('actions.unban')}
            </Button>
          ) : confirm === 'ban' ? (
            <>
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <label htmlFor={reasonId} className="text-sm font-medium">
                  {t('actions.banReason')}
                </label>
                <input
                  id={reasonId}
                  value={reason}
                  maxLength={200}
                  onChange={(e) => setReason(e.target.value)}
                  className="h-10 rounded-xl border border-border bg-bg px-3 text-base text-fg focus:outline-2 focus:outline-accent"
                />
              </div>
              <Button
                variant="danger"
                disabled={busy}
                onClick={() =>
                  void run(
                    { action: 'ban', body: reason.trim() ? { reason: reason.trim() } : {} },
                    t('actions.done.ban'),
                  )
                }
              >
                {t('actions.confirmBan')}
              </Button>
              <Button variant="ghost" onClick={() => setConfirm(null)}>
                {t('actions.cancel')}
              </Button>
            </>
          ) : (
            <Button variant="secondary" disabled={busy} onClick={() => setConfirm('ban')}>
              {t('actions.ban')}
            </Button>
          )}
          {confirm === 'delete' ? (
            <>
              <span className="text-sm">{t('actions.deleteQuestion')}</span>
              <Button variant="danger" disabled={busy} onClick={() => void del()}>
                {t('actions.confirmDelete')}
              </Button>
              <Button variant="ghost" onClick={() => setConfirm(null)}>
                {t('actions.cancel')}
              </Button>
            </>
          ) : confirm === null ? (
            <Button variant="ghost" className="text-danger" disabled={busy} onClick={() => setConfirm('delete')}>
              {t('actions.delete')}
            </Button>
          ) : null}
        </div>
        <p role="status" aria-live="polite" className={message?.error ? 'text-sm text-danger' : 'text-sm text-muted'}>
          {message?.text ?? ''}
        </p>
      </div>
    </div>
  );
}
