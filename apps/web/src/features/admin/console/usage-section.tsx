import {
  USAGE_GROUPS,
  USAGE_METRICS,
  type UsageGroup,
  type UsageMetric,
  type UsageReport,
} from '@polymath/shared/admin/console.schema';
import { Download } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { apiErrorMessage } from '../../../lib/api/api-error.ts';
import { ADMIN_NS } from '../admin-texts.ts';
import { useGetUsageQuery } from './console-api.ts';
import { registerConsoleTexts } from './console-texts.ts';

registerConsoleTexts();

const LineChart = lazy(() => import('./line-chart.tsx'));
export const RANGES = [7, 30, 90] as const;
/** Lines drawn at most; the rest are summed as "other". */
const MAX_LINES = 6;

export function Select<T extends string | number>({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: T;
  options: { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <label htmlFor={id} className="flex flex-col gap-1 text-sm">
      <span className="text-muted">{label}</span>
      <select
        id={id}
        value={String(value)}
        onChange={(e) => onChange(options.find((o) => String(o.value) === e.target.value)?.value ?? value)}
        className="h-10 rounded-xl border border-border bg-surface px-3 text-fg focus-visible:outline-2 focus-visible:outline-accent"
      >
        {options.map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The chart's lines: the busiest groups, one per line, every day of the range (0 where nothing). */
export function chartSeries(report: UsageReport, metric: UsageMetric, other: string) {
  const index = new Map(report.days.map((d, i) => [d, i]));
  const top = report.groups.slice(0, MAX_LINES);
  const lines = new Map(top.map((g) => [g, new Array<number>(report.days.length).fill(0)]));
  const rest = new Array<number>(report.days.length).fill(0);
  for (const row of report.rows) {
    const i = index.get(row.day);
    if (i === undefined) continue;
    const line = lines.get(row.group) ?? rest;
    line[i] = (line[i] ?? 0) + row[metric];
  }
  const series = [...lines.entries()].map(([label, values]) => ({ label, values }));
  if (report.groups.length > MAX_LINES) series.push({ label: other, values: rest });
  return series.filter((s) => s.values.some((v) => v > 0));
}

/** Usage per day by model, tool or plan, over 7, 30 or 90 days: a chart, totals, a table and the CSV. */
export function UsageSection() {
  const { t, i18n } = useTranslation(ADMIN_NS);
  const { t: tc } = useTranslation();
  const [days, setDays] = useState<number>(30);
  const [by, setBy] = useState<UsageGroup>('model');
  const [metric, setMetric] = useState<UsageMetric>('messages');
  const { data, error, isFetching } = useGetUsageQuery({ days, by });
  const numbers = new Intl.NumberFormat(i18n.language);
  const series = useMemo(() => (data ? chartSeries(data, metric, '…') : []), [data, metric]);
  const rows = useMemo(() => (data ? data.rows.filter((r) => r[metric] > 0).reverse() : []), [data, metric]);

  return (
    <section aria-labelledby="admin-section-title" data-testid="admin-usage" className="flex flex-col gap-4">
      <div>
        <h2 id="admin-section-title" className="text-xl font-semibold">
          {t('nav.usage')}
        </h2>
        <p className="mt-1 text-sm text-muted">{t('console.usage.intro')}</p>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <Select
          id="usage-days"
          label={t('console.range')}
          value={days}
          options={RANGES.map((n) => ({ value: n, label: t('console.lastDays', { count: n }) }))}
          onChange={setDays}
        />
        <Select
          id="usage-by"
          label={t('console.groupBy')}
          value={by}
          options={USAGE_GROUPS.map((g) => ({ value: g, label: t(`console.groups.${g}`) }))}
          onChange={setBy}
        />
        <Select
          id="usage-metric"
          label={t('console.metric')}
          value={metric}
          options={USAGE_METRICS.map((m) => ({ value: m, label: t(`console.metrics.${m}`) }))}
          onChange={setMetric}
        />
        <a
          href={`/api/admin/usage.csv?days=${days}&by=${by}`}
          download
          className={buttonClass('secondary', 'md', 'h-10')}
          data-testid="usage-csv"
        >
          <Download className="h-4 w-4" aria-hidden="true" />
          {t('console.usage.download')}
        </a>
        {isFetching ? <Spinner /> : null}
      </div>
      {error ? (
        <p role="alert" className="text-danger">
          {apiErrorMessage(error, tc)}
        </p>
      ) : !data ? (
        <Spinner />
      ) : (
        <>
          <p className="text-xs text-muted">
            {data.rolledUpAt
              ? t('console.usage.rolledUp', {
                  when: new Date(data.rolledUpAt).toLocaleString(i18n.language, {
                    dateStyle: 'medium',
                    timeStyle: 'short',
                  }),
                })
              : t('console.usage.never')}
          </p>
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="usage-totals">
            {USAGE_METRICS.map((m) => (
              <div key={m} className="rounded-xl border border-border bg-surface p-3">
                <dt className="text-xs text-muted">{t(`console.metrics.${m}`)}</dt>
                <dd className="text-lg font-semibold tabular-nums">{numbers.format(data.totals[m])}</dd>
              </div>
            ))}
            <div className="rounded-xl border border-border bg-surface p-3">
              <dt className="text-xs text-muted">{t('console.usage.cost')}</dt>
              <dd className="text-lg font-semibold tabular-nums">
                {new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'USD' }).format(
                  data.totals.costUsd,
                )}
              </dd>
              {data.totals.unpriced > 0 ? (
                <dd className="text-xs text-muted">{t('console.usage.unpriced', { count: data.totals.unpriced })}</dd>
              ) : null}
            </div>
          </dl>
          {series.length === 0 ? (
            <p className="text-muted">{t('console.usage.empty')}</p>
          ) : (
            <Suspense fallback={<Spinner />}>
              <LineChart
                days={data.days}
                series={series}
                label={t('console.usage.chartLabel', {
                  metric: t(`console.metrics.${metric}`),
                  group: t(`console.groups.${by}`),
                })}
              />
            </Suspense>
          )}
          {rows.length > 0 ? (
            // Scrolls sideways on a phone: focusable, so a keyboard can scroll it too.
            <section
              className="overflow-x-auto rounded-xl border border-border focus-visible:outline-2 focus-visible:outline-accent"
              aria-label={t('console.usage.table')}
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (axe scrollable-region-focusable)
              tabIndex={0}
            >
              <table className="w-full text-left text-sm" data-testid="usage-table">
                <caption className="sr-only">{t('console.usage.table')}</caption>
                <thead className="bg-surface-2 text-muted">
                  <tr>
                    <th scope="col" className="px-3 py-2 font-medium">
                      {t('console.usage.day')}
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      {t(`console.groups.${by}`)}
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">
                      {t(`console.metrics.${metric}`)}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.slice(0, 200).map((r) => (
                    <tr key={`${r.day}-${r.group}`} className="border-t border-border">
                      <td className="px-3 py-2 whitespace-nowrap tabular-nums">{r.day}</td>
                      <td className="px-3 py-2 break-all">{r.group}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{numbers.format(r[metric])}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ) : null}
        </>
      )}
    </section>
  );
}
