import type { RefundItem } from '@polymath/shared/admin/console.schema';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { apiErrorMessage } from '../../../lib/api/api-error.ts';
import { ADMIN_NS } from '../admin-texts.ts';
import {
  useGetMoneyQuery,
  useGetRefundsQuery,
  useGetWebhookFailuresQuery,
  useRetryRefundMutation,
} from './console-api.ts';
import { registerConsoleTexts } from './console-texts.ts';
import { RANGES, Select } from './usage-section.tsx';

registerConsoleTexts();

const LineChart = lazy(() => import('./line-chart.tsx'));

function money(amount: number, currency: string, locale: string) {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);
}

function RefundRow({ refund }: { refund: RefundItem }) {
  const { t, i18n } = useTranslation(ADMIN_NS);
  const { t: tc } = useTranslation();
  const [retry, { isLoading, error, data }] = useRetryRefundMutation();
  return (
    <li className="rounded-xl border border-border bg-surface p-3 text-sm" data-testid="refund">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className={refund.status === 'refused' ? 'font-medium text-danger' : 'font-medium'}>
          {t(`console.money.${refund.status}`)}
        </span>
        <span className="tabular-nums">{money(refund.amount, refund.currency, i18n.language)}</span>
        <time dateTime={refund.updatedAt} className="text-muted">
          {new Date(refund.updatedAt).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })}
        </time>
        <span className="text-muted">{t('console.money.attempts', { count: refund.attempts })}</span>
      </div>
      <p className="mt-1 break-all font-mono text-xs text-muted">
        {refund.provider} · {refund.subscriptionId} · {refund.payment}
        {refund.refundId ? ` → ${refund.refundId}` : ''}
      </p>
      {refund.reason ? (
        <p className="mt-1 break-words">
          <span className="text-muted">{t('console.money.reason')}: </span>
          {refund.reason}
        </p>
      ) : null}
      {refund.status === 'refused' ? (
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <Button variant="secondary" size="sm" disabled={isLoading} onClick={() => void retry(refund.id)}>
            {t('console.money.retry')}
          </Button>
          <span aria-live="polite" className="text-sm">
            {error ? (
              <span className="text-danger">{apiErrorMessage(error, tc)}</span>
            ) : data ? (
              t('console.money.retried', { status: t(`console.money.${data.status}`) })
            ) : null}
          </span>
        </div>
      ) : null}
    </li>
  );
}

function Refunds() {
  const { t } = useTranslation(ADMIN_NS);
  const { t: tc } = useTranslation();
  const [cursor, setCursor] = useState<string | undefined>();
  const { data, error } = useGetRefundsQuery({ cursor });
  if (error) return <p role="alert">{apiErrorMessage(error, tc)}</p>;
  if (!data) return <Spinner />;
  if (data.items.length === 0) return <p className="text-muted">{t('console.money.noRefunds')}</p>;
  return (
    <>
      <ul className="flex flex-col gap-2">
        {data.items.map((r) => (
          <RefundRow key={r.id} refund={r} />
        ))}
      </ul>
      {data.nextCursor ? (
        <Button variant="secondary" className="mt-2 self-start" onClick={() => setCursor(data.nextCursor ?? undefined)}>
          {t('console.money.more')}
        </Button>
      ) : null}
    </>
  );
}

function WebhookFailures() {
  const { t, i18n } = useTranslation(ADMIN_NS);
  const { t: tc } = useTranslation();
  const [cursor, setCursor] = useState<string | undefined>();
  const { data, error } = useGetWebhookFailuresQuery({ cursor });
  if (error) return <p role="alert">{apiErrorMessage(error, tc)}</p>;
  if (!data) return <Spinner />;
  if (data.items.length === 0) return <p className="text-muted">{t('console.money.noWebhooks')}</p>;
  return (
    <>
      <ul className="flex flex-col gap-2">
        {data.items.map((f) => (
          <li
            key={f.id}
            className="rounded-xl border border-border bg-surface p-3 text-sm"
            data-testid="webhook-failure"
          >
            <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <span className="font-medium">{t(`console.money.${f.reason}`)}</span>
              <span className={f.resolvedAt ? 'text-muted' : 'text-danger'}>
                {t(f.resolvedAt ? 'console.money.resolved' : 'console.money.open')}
              </span>
              <time dateTime={f.lastAt} className="text-muted">
                {new Date(f.lastAt).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })}
              </time>
              <span className="text-muted">{t('console.money.attempts', { count: f.attempts })}</span>
            </div>
            {f.eventId ? (
              <p className="mt-1 break-all font-mono text-xs text-muted">
                {f.eventType} · {f.eventId}
              </p>
            ) : null}
            <p className="mt-1 break-words">{f.error}</p>
          </li>
        ))}
      </ul>
      {data.nextCursor ? (
        <Button variant="secondary" className="mt-2 self-start" onClick={() => setCursor(data.nextCursor ?? undefined)}>
          {t('console.money.more')}
        </Button>
      ) : null}
    </>
  );
}

/** Live subscriptions, MRR, new and cancelled per day, refunds (with retry) and failed webhooks. */
export function MoneySection() {
  const { t, i18n } = useTranslation(ADMIN_NS);
  const { t: tc } = useTranslation();
  const [days, setDays] = useState<number>(30);
  const { data, error } = useGetMoneyQuery({ days });
  const series = useMemo(
    () =>
      data
        ? (['started', 'cancelRequested', 'ended'] as const).map((k) => ({
            label: t(`console.money.${k}`),
            values: data.daily.map((d) => d[k]),
          }))
        : [],
    [data, t],
  );
  return (
    <section aria-labelledby="admin-section-title" data-testid="admin-money" className="flex flex-col gap-4">
      <div>
        <h2 id="admin-section-title" className="text-xl font-semibold">
          {t('nav.money')}
        </h2>
        <p className="mt-1 text-sm text-muted">{t('console.money.intro')}</p>
      </div>
      {error ? (
        <p role="alert" className="text-danger">
          {apiErrorMessage(error, tc)}
        </p>
      ) : !data ? (
        <Spinner />
      ) : (
        <>
          <dl className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            <div className="rounded-xl border border-border bg-surface p-3">
              <dt className="text-xs text-muted">{t('console.money.mrr')}</dt>
              <dd className="text-2xl font-semibold tabular-nums" data-testid="mrr">
                {money(data.mrr.amount, data.mrr.currency, i18n.language)}
              </dd>
              <dd className="text-xs text-muted">{t('console.money.mrrHint')}</dd>
            </div>
            <div className="rounded-xl border border-border bg-surface p-3">
              <dt className="text-xs text-muted">{t('console.money.live')}</dt>
              <dd>
                {data.live.length === 0 ? (
                  t('console.money.noLive')
                ) : (
                  <ul className="flex flex-wrap gap-x-4">
                    {data.live.map((l) => (
                      <li key={l.period}>
                        {t(`console.money.periods.${l.period}`, { defaultValue: l.period })}:{' '}
                        <strong className="tabular-nums">{l.count}</strong>
                      </li>
                    ))}
                  </ul>
                )}
              </dd>
            </div>
          </dl>
          <div className="flex flex-wrap items-end justify-between gap-3">
            <h3 className="text-lg font-semibold">{t('console.money.daily')}</h3>
            <Select
              id="money-days"
              label={t('console.range')}
              value={days}
              options={RANGES.map((n) => ({ value: n, label: t('console.lastDays', { count: n }) }))}
              onChange={setDays}
            />
          </div>
          <Suspense fallback={<Spinner />}>
            <LineChart days={data.daily.map((d) => d.day)} series={series} label={t('console.money.daily')} />
          </Suspense>
        </>
      )}
      <h3 className="text-lg font-semibold">{t('console.money.refunds')}</h3>
      <Refunds />
      <h3 className="text-lg font-semibold">{t('console.money.webhooks')}</h3>
      <WebhookFailures />
    </section>
  );
}
