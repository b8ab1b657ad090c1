import type { UsageFigures, UsageGroup, UsageReport, UsageRow } from '@polymath/shared/admin/console.schema';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { usageDay } from './usage.service.ts';

/**
 * The operator console's usage (issue 28 part 3, decision 039), read from the daily rollup
 * (usage_daily, decision 029), never from the metrics endpoint: per UTC day and per model, tool or
 * plan, the answers (messages), tokens in and out (answers and summaries), images, photo
 * translations, PDF pages read and web searches, with their cost.
 */

const GROUP_COLUMN: Record<UsageGroup, ReturnType<typeof sql.raw>> = {
  model: sql.raw('model_id'),
  tool: sql.raw('tool_id'),
  plan: sql.raw('plan'),
};

const ZERO: UsageFigures = {
  messages: 0,
  inputTokens: 0,
  outputTokens: 0,
  images: 0,
  photoTranslations: 0,
  pdfPages: 0,
  webSearches: 0,
  costUsd: 0,
  unpriced: 0,
};

/** The UTC days from `days - 1` days before `now` to `now`'s, oldest first. */
export function usageDays(now: Date, days: number): string[] {
  return Array.from({ length: days }, (_, i) => usageDay(new Date(now.getTime() - (days - 1 - i) * 86_400_000)));
}

type RawRow = {
  day: string;
  grp: string;
  messages: string;
  input_tokens: string;
  output_tokens: string;
  images: string;
  photo_translations: string;
  pdf_pages: string;
  web_searches: string;
  cost_usd: string;
  unpriced: string;
};

export async function usageReport(
  db: Db,
  query: { days: number; by: UsageGroup },
  now: Date = new Date(),
): Promise<UsageReport> {
  const days = usageDays(now, query.days);
  const group = GROUP_COLUMN[query.by];
  const raw = await queryRows<RawRow>(
    db,
    sql`select day::text as day, ${group} as grp,
          coalesce(sum(events) filter (where kind = 'answer'), 0) as messages,
          coalesce(sum(input_tokens) filter (where kind in ('answer', 'summary')), 0) as input_tokens,
          coalesce(sum(output_tokens) filter (where kind in ('answer', 'summary')), 0) as output_tokens,
          coalesce(sum(events) filter (where kind = 'image'), 0) as images,
          coalesce(sum(events) filter (where kind = 'photo-translation'), 0) as photo_translations,
          coalesce(sum(pdf_pages), 0) as pdf_pages,
          coalesce(sum(web_searches), 0) as web_searches,
          coalesce(sum(cost_usd), 0) as cost_usd,
          coalesce(sum(unpriced), 0) as unpriced
        from usage_daily
        where day >= ${days[0]}::date and day <= ${days.at(-1)}::date
        group by 1, 2
        order by 1, 2`,
  );
  const rows: UsageRow[] = raw.map((r) => ({
    day: r.day,
    group: r.grp === '' ? '—' : r.grp,
    messages: Number(r.messages),
    inputTokens: Number(r.input_tokens),
    outputTokens: Number(r.output_tokens),
    images: Number(r.images),
    photoTranslations: Number(r.photo_translations),
    pdfPages: Number(r.pdf_pages),
    webSearches: Number(r.web_searches),
    costUsd: Number(Number(r.cost_usd).toFixed(8)),
    unpriced: Number(r.unpriced),
  }));
  const totals = { ...ZERO };
  const weight = new Map<string, number>();
  for (const row of rows) {
    for (const key of Object.keys(ZERO) as (keyof UsageFigures)[]) totals[key] += row[key];
    weight.set(
      row.group,
      (weight.get(row.group) ?? 0) + row.messages + row.images + row.photoTranslations + row.pdfPages,
    );
  }
  totals.costUsd = Number(totals.costUsd.toFixed(8));
  const groups = [...weight.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([g]) => g);
  const [rolled] = await queryRows<{ at: string | null }>(db, sql`select max(updated_at) as at from usage_daily`);
  return {
    by: query.by,
    days,
    groups,
    rows,
    totals,
    rolledUpAt: rolled?.at ? new Date(rolled.at).toISOString() : null,
  };
}

const CSV_COLUMNS: [string, (r: UsageRow) => string | number][] = [
  ['day', (r) => r.day],
  ['group', (r) => r.group],
  ['messages', (r) => r.messages],
  ['input_tokens', (r) => r.inputTokens],
  ['output_tokens', (r) => r.outputTokens],
  ['images', (r) => r.images],
  ['photo_translations', (r) => r.photoTranslations],
  ['pdf_pages', (r) => r.pdfPages],
  ['web_searches', (r) => r.webSearches],
  ['cost_usd', (r) => r.costUsd.toFixed(8)],
  ['unpriced_answers', (r) => r.unpriced],
];

/** One CSV field: quoted when needed, and never read as a formula by a spreadsheet. */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The report as CSV (RFC 4180, CRLF), the group's column named after it. */
export function usageCsv(report: UsageReport): string {
  const header = CSV_COLUMNS.map(([name]) => (name === 'group' ? report.by : name));
  const lines = [header.join(',')];
  for (const row of report.rows) lines.push(CSV_COLUMNS.map(([, get]) => csvField(get(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
