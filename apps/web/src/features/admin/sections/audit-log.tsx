import type { AuditEntry } from '@polymath/shared/admin/admin.schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { apiErrorMessage } from '../../../lib/api/api-error.ts';
import { useGetAuditPageQuery } from '../admin-api.ts';
import { ADMIN_NS } from '../admin-texts.ts';

/** One page of the log; "Older" loads the next page below it (keyset cursor from the server). */
function AuditPageRows({ cursor, onMore }: { cursor: string | undefined; onMore: (next: string) => void }) {
  const { t } = useTranslation(ADMIN_NS);
  const { t: tc } = useTranslation();
  const { data, error, isLoading, refetch } = useGetAuditPageQuery({ cursor });
  const [asked, setAsked] = useState(false);
  if (isLoading) return <Spinner />;
  if (error || !data) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-danger">
        {apiErrorMessage(error, tc)}
        <Button variant="secondary" size="sm" onClick={() => void refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  if (!cursor && data.entries.length === 0) return <p className="text-muted">{t('audit.empty')}</p>;
  return (
    <>
      <ul className="flex flex-col gap-2">
        {data.entries.map((entry) => (
          <AuditRow key={entry.id} entry={entry} />
        ))}
      </ul>
      {data.nextCursor && !asked ? (
        <Button
          variant="secondary"
          className="mt-4 self-start"
          onClick={() => {
            setAsked(true);
            onMore(data.nextCursor as string);
          }}
        >
          {t('audit.older')}
        </Button>
      ) : null}
    </>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useTranslation(ADMIN_NS);
  const when = new Date(entry.at).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <li className="rounded-xl border border-border bg-surface p-3 text-sm" data-testid="audit-entry">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="font-medium">
          {t(`actionNames.${entry.action.replace(/[.-]/g, '_')}`, { defaultValue: entry.action })}
        </span>
        <time dateTime={entry.at} className="text-muted">
          {when}
        </time>
      </div>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 break-all">
        <dt className="text-muted">{t('audit.by')}</dt>
        <dd>{entry.actorEmail}</dd>
        {entry.targetEmail || entry.target ? (
          <>
            <dt className="text-muted">{t('audit.whom')}</dt>
            <dd>{entry.targetEmail ?? entry.target}</dd>
          </>
        ) : null}
        {entry.before !== null ? (
          <>
            <dt className="text-muted">{t('audit.before')}</dt>
            <dd className="font-mono text-xs">{JSON.stringify(entry.before)}</dd>
          </>
        ) : null}
        {entry.after !== null ? (
          <>
            <dt className="text-muted">{t('audit.after')}</dt>
            <dd className="font-mono text-xs">{JSON.stringify(entry.after)}</dd>
          </>
        ) : null}
      </dl>
    </li>
  );
}

/** The audit log: read-only, newest first, in keyset pages. */
export function AuditLogSection() {
  const { t } = useTranslation(ADMIN_NS);
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  return (
    <section aria-labelledby="admin-section-title" data-testid="admin-audit" className="flex flex-col">
      <h2 id="admin-section-title" className="text-xl font-semibold">
        {t('nav.audit')}
      </h2>
      <p className="mt-1 mb-4 text-sm text-muted">{t('audit.intro')}</p>
      {cursors.map((cursor) => (
        <AuditPageRows key={cursor ?? 'first'} cursor={cursor} onMore={(next) => setCursors((c) => [...c, next])} />
      ))}
    </section>
  );
}
