import type { FailedJob } from '@polymath/shared/admin/admin.schema';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { apiErrorMessage } from '../../../lib/api/api-error.ts';
import { useDeleteJobMutation, useGetJobsQuery, useRetryJobMutation } from '../admin-api.ts';
import { ADMIN_NS } from '../admin-texts.ts';

/** /admin/jobs: each queue's counts, and the newest failed jobs with retry and delete. */
export function JobsSection() {
  const { t } = useTranslation(ADMIN_NS);
  const { t: tc } = useTranslation();
  const { data, error, isLoading, isFetching, refetch } = useGetJobsQuery();
  return (
    <section aria-labelledby="admin-section-title" data-testid="admin-jobs" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="admin-section-title" className="text-xl font-semibold">
          {t('nav.jobs')}
        </h2>
        <span className="flex-1" />
        <Button variant="secondary" size="sm" onClick={() => void refetch()} disabled={isFetching}>
          <RefreshCw className="h-4 w-4" aria-hidden="true" />
          {t('jobs.refresh')}
        </Button>
      </div>
      {isLoading ? <Spinner /> : null}
      {error ? (
        <p role="alert" className="text-danger">
          {apiErrorMessage(error, tc)}
        </p>
      ) : null}
      {data ? (
        <>
          {/* Scrolls sideways on a phone: focusable, so a keyboard can scroll it too. */}
          <section
            className="overflow-x-auto rounded-xl border border-border focus-visible:outline-2 focus-visible:outline-accent"
            aria-label={t('jobs.queues')}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (axe scrollable-region-focusable)
            tabIndex={0}
          >
            <table className="w-full text-sm">
              <caption className="sr-only">{t('jobs.queues')}</caption>
              <thead className="bg-surface-2 text-left">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t('jobs.queue')}
                  </th>
                  {(['waiting', 'running', 'failed', 'completed'] as const).map((k) => (
                    <th key={k} scope="col" className="px-3 py-2 text-right font-medium">
                      {t(`jobs.${k}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.queues.map((q) => (
                  <tr key={q.name} className="border-t border-border">
                    <th scope="row" className="px-3 py-2 text-left font-normal break-all">
                      {q.name}
                    </th>
                    <td className="px-3 py-2 text-right tabular-nums">{q.waiting}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{q.running}</td>
                    <td className={`px-3 py-2 text-right tabular-nums ${q.failed ? 'font-semibold text-danger' : ''}`}>
                      {q.failed}
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">{q.completed}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <h3 className="text-lg font-semibold">{t('jobs.failedTitle')}</h3>
          {data.failed.length === 0 ? <p className="text-muted">{t('jobs.noneFailed')}</p> : null}
          <ul className="flex flex-col gap-2">
            {data.failed.map((job) => (
              <FailedJobRow key={job.id} job={job} />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

function FailedJobRow({ job }: { job: FailedJob }) {
  const { t, i18n } = useTranslation(ADMIN_NS);
  const { t: tc } = useTranslation();
  const [retry, retrying] = useRetryJobMutation();
  const [remove, removing] = useDeleteJobMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const busy = retrying.isLoading || removing.isLoading;
  const when = job.failedAt
    ? new Date(job.failedAt).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
    : '—';
  const run = async (action: typeof retry) => {
    setProblem(null);
    const result = await action(job.id);
    if ('error' in result && result.error) setProblem(apiErrorMessage(result.error, tc));
  };
  return (
    <li className="rounded-xl border border-border bg-surface p-3 text-sm" data-testid="failed-job">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="font-medium break-all">{job.queue}</span>
        <span className="text-muted">{when}</span>
        <span className="text-muted">{t('jobs.tries', { count: job.retryCount + 1 })}</span>
      </div>
      <p className="mt-1 break-words text-danger">{job.error || '—'}</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 font-mono text-xs break-all">
        {Object.entries(job.payload).map(([key, value]) => (
          <div key={key} className="contents">
            <dt className="text-muted">{key}</dt>
            <dd>{typeof value === 'string' ? value : JSON.stringify(value)}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          size="sm"
          disabled={busy}
          onClick={() => void run(retry)}
          aria-label={t('jobs.retryLabel', { queue: job.queue })}
        >
          {t('jobs.retry')}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="text-danger"
          disabled={busy}
          onClick={() => void run(remove)}
          aria-label={t('jobs.deleteLabel', { queue: job.queue })}
        >
          {t('jobs.delete')}
        </Button>
      </div>
      {problem ? (
        <p role="alert" className="mt-2 text-danger">
          {problem}
        </p>
      ) : null}
    </li>
  );
}
