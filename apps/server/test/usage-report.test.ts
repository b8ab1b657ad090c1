/**
 * The console's usage (issue 28 part 3, decision 039): figures per day by model, tool and plan from
 * seeded source rows (answers, summaries, images, photo translations, PDFs), through the daily
 * rollup, and the CSV download.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { csvField, usageCsv, usageDays, usageReport } from '../src/features/usage/usage-report.ts';
import { rollUpUsage } from '../src/features/usage/usage-rollup.job.ts';
import { describeEachDatabase } from './databases.ts';

const NOW = new Date('2026-11-28T15:00:00Z');
const TODAY = '2026-11-28';
const YESTERDAY = '2026-11-27';
const LONG_AGO = '2026-07-01'; // outside 90 days

describeEachDatabase('usage report', (ctx) => {
  const db = () => ctx.database.db;

  beforeAll(async () => {
    await db().execute(sql`insert into users (id, name, email, email_verified, access_level)
      values ('u-free', 'Free', 'free@example.com', true, 'free'), ('u-pro', 'Pro', 'pro@example.com', true, 'pro')`);
    const answer = async (
      day: string,
      plan: string,
      tool: string,
      model: string,
      input: number,
      output: number,
      cost: number | null,
      functions: Record<string, number> = {},
      kind = 'answer',
    ) =>
      db().execute(sql`insert into answer_usage (message_id, kind, day, plan, tool_id, model_id, provider, status,
          input_tokens, output_tokens, functions, cost_usd, created_at)
        values (${kind === 'answer' ? `m-${Math.random()}` : null}, ${kind}, ${day}::date, ${plan}, ${tool}, ${model},
          'openai', 'complete', ${input}, ${output}, ${JSON.stringify(functions)}::jsonb, ${cost}, ${`${day}T10:00:00Z`}::timestamptz)`);
    await answer(YESTERDAY, 'free', 'web-main', 'gpt-4o-mini', 100, 50, 0.001);
    await answer(YESTERDAY, 'free', 'web-main', 'gpt-4o-mini', 200, 70, 0.002);
    await answer(YESTERDAY, 'pro', 'web-search', 'gpt-4.1', 1000, 300, null, { web_search: 2, open_page: 1 });
    await answer(YESTERDAY, 'pro', 'web-main', 'gpt-4o-mini', 400, 0, 0.0005, {}, 'summary');
    await answer(TODAY, 'pro', 'web-main', 'claude-3-5-haiku-latest', 10, 5, 0.0001);
    await answer(LONG_AGO, 'free', 'web-main', 'gpt-4o-mini', 999, 999, 1);
    const image = (id: string, tool: string, model: string, status: string, user = 'u-pro') =>
      db().execute(sql`insert into images (id, user_id, tool_id, prompt, model_id, aspect_ratio, status, created_at)
        values (${id}, ${user}, ${tool}, 'p', ${model}, '1:1', ${status}, ${`${YESTERDAY}T12:00:00Z`}::timestamptz)`);
    await image('i1', 'image-generator', 'gpt-image-1', 'ready');
    await image('i2', 'image-generator', 'gpt-image-1', 'ready');
    await image('i3', 'image-generator', 'gpt-image-1', 'failed');
    await image('i4', 'photo-translate', 'photo-translate', 'ready', 'u-free');
    await db().execute(sql`insert into documents (id, user_id, name, bytes, page_count, status, file_key, created_at)
      values ('d1', 'u-pro', 'a.pdf', 10, 12, 'ready', 'k1', ${`${YESTERDAY}T09:00:00Z`}::timestamptz),
             ('d2', 'u-pro', 'b.pdf', 10, 30, 'failed', 'k2', ${`${YESTERDAY}T09:00:00Z`}::timestamptz)`);
    await rollUpUsage(db(), usageDays(NOW, 90)[0] as string);
  });

  it("yesterday's usage by model", async () => {
    const report = await usageReport(db(), { days: 7, by: 'model' }, NOW);
    expect(report.days).toHaveLength(7);
    expect(report.days.at(-1)).toBe(TODAY);
    const y = (group: string) => report.rows.find((r) => r.day === YESTERDAY && r.group === group);
    // Two answers; the summary's tokens count, not as a message.
    expect(y('gpt-4o-mini')).toMatchObject({ messages: 2, inputTokens: 700, outputTokens: 120, costUsd: 0.0035 });
    expect(y('gpt-4.1')).toMatchObject({ messages: 1, webSearches: 2, unpriced: 1, costUsd: 0 });
    expect(y('gpt-image-1')).toMatchObject({ images: 2, messages: 0 });
    expect(y('photo-translate')).toMatchObject({ photoTranslations: 1 });
    expect(y('—')).toMatchObject({ pdfPages: 12 });
    expect(report.rows.find((r) => r.day === TODAY)).toMatchObject({ group: 'claude-3-5-haiku-latest', messages: 1 });
    expect(report.totals).toMatchObject({ messages: 4, images: 2, photoTranslations: 1, pdfPages: 12, webSearches: 2 });
    expect(report.groups[0]).toBe('—'); // 12 pages read is the busiest group
    expect(report.rolledUpAt).not.toBeNull();
  });

  it('by tool and by plan', async () => {
    const byTool = await usageReport(db(), { days: 2, by: 'tool' }, NOW);
    expect(byTool.rows.find((r) => r.day === YESTERDAY && r.group === 'web-search')).toMatchObject({
      messages: 1,
      webSearches: 2,
    });
    expect(byTool.rows.find((r) => r.day === YESTERDAY && r.group === 'image-generator')).toMatchObject({ images: 2 });
    const byPlan = await usageReport(db(), { days: 2, by: 'plan' }, NOW);
    const y = (plan: string) => byPlan.rows.find((r) => r.day === YESTERDAY && r.group === plan);
    expect(y('free')).toMatchObject({ messages: 2, photoTranslations: 1 });
    // Images take the plan of their person when no answer asked for them; PDFs are Pro's.
    expect(y('pro')).toMatchObject({ messages: 1, images: 2, pdfPages: 12 });
  });

  it('only the range asked for: 90 days at most', async () => {
    const report = await usageReport(db(), { days: 90, by: 'model' }, NOW);
    expect(report.rows.some((r) => r.day === LONG_AGO)).toBe(false);
    expect(report.days).toHaveLength(90);
  });

  it('a CSV with a header and one line per day and group', async () => {
    const report = await usageReport(db(), { days: 2, by: 'model' }, NOW);
    const csv = usageCsv(report);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'day,model,messages,input_tokens,output_tokens,images,photo_translations,pdf_pages,web_searches,cost_usd,unpriced_answers',
    );
    expect(lines).toContain('2026-11-27,gpt-4o-mini,2,700,120,0,0,0,0,0.00350000,0');
    expect(lines).toHaveLength(report.rows.length + 1);
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField('a,"b"')).toBe('"a,""b"""');
  });
});
