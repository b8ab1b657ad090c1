/**
 * B16: the operator console stays fast on a large database (issue 28: "Lists are paged by keyset and
 * stay fast with 100,000 people and a million messages … report the slowest page against the first
 * page in the same run").
 *
 * In this process: a database (PGlite in a temp folder, or --postgres) is seeded with `--people`
 * people (default 100,000) and `--messages` messages (default 1,000,000: one thread per person, an
 * answer usage row per answer spread over 90 days), and the usage rollup is run. Then, alternating
 * the order every round, each of these is timed `--rounds` times:
 *
 * - people first page: the console's people list (searchPeople, 50 a page, no cursor);
 * - people pages at 25 %, 50 %, 75 % and the last page, reached by the keyset cursor the list hands out;
 * - usage: the Usage page's report, 90 days by model (the rollup's table).
 *
 * Figures: the slowest people page's median against the first page's (target ≤ 3×: keyset paging does
 * not slow down with depth, where OFFSET would), and the usage page's median against the first page's
 * (INFO). Absolute times on this shared machine mean little; the ratios are measured in the same run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Db, openDatabase } from '../apps/server/src/db/client.ts';
import { encodeCursor } from '../apps/server/src/db/keyset.ts';
import { queryRows } from '../apps/server/src/db/query-rows.ts';
import { loadEnv } from '../apps/server/src/env.ts';
import { searchPeople } from '../apps/server/src/features/admin/people.service.ts';
import { usageDays, usageReport } from '../apps/server/src/features/usage/usage-report.ts';
import { rollUpUsage } from '../apps/server/src/features/usage/usage-rollup.job.ts';
import type { Bench, Context } from './lib/context.ts';
import { type BenchReport, type Figure, figure, verdict } from './lib/results.ts';
import { ms, summarize } from './lib/stats.ts';

const PAGE = 50;
const TARGET_RATIO = 3;
const BATCH = 20_000;

async function seed(db: Db, people: number, messages: number) {
  const perThread = Math.max(2, Math.ceil(messages / people));
  for (let from = 1; from <= people; from += BATCH) {
    const to = Math.min(people, from + BATCH - 1);
    await db.execute(sql`insert into users (id, name, email, email_verified, access_level, created_at, updated_at)
      select 'bench-u' || g, 'Person ' || g, 'person' || g || '@example.com', true,
        case when g % 10 = 0 then 'pro' else 'free' end,
        now() - (g || ' seconds')::interval, now()
      from generate_series(${from}::int, ${to}::int) g`);
    await db.execute(sql`insert into threads (id, user_id, tool_id, title, model_id)
      select 'bench-t' || g, 'bench-u' || g, 'web-main', 'Chat ' || g, 'gpt-4o-mini'
      from generate_series(${from}::int, ${to}::int) g`);
  }
  const threads = Math.ceil(messages / perThread);
  for (let from = 1; from <= messages; from += BATCH * 5) {
    const to = Math.min(messages, from + BATCH * 5 - 1);
    await db.execute(sql`insert into messages (id, thread_id, user_id, role, parts, text, status, model_id, created_at)
      select 'bench-m' || g, 'bench-t' || (1 + (g - 1) / ${perThread}), 'bench-u' || (1 + (g - 1) / ${perThread}),
        case when g % 2 = 0 then 'assistant' else 'user' end,
        '[{"type":"text","text":"hello"}]'::jsonb, 'hello', 'complete', 'gpt-4o-mini',
        now() - ((g % 90) || ' days')::interval
      from generate_series(${from}::int, ${to}::int) g
      where (1 + (g - 1) / ${perThread}) <= ${threads}`);
    await db.execute(sql`insert into answer_usage (message_id, thread_id, user_id, kind, day, plan, tool_id, model_id,
        provider, status, input_tokens, output_tokens, calls, functions, cost_usd, first_token_ms, created_at)
      select 'bench-m' || g, 'bench-t' || (1 + (g - 1) / ${perThread}), 'bench-u' || (1 + (g - 1) / ${perThread}),
        'answer', (now() - ((g % 90) || ' days')::interval)::date, case when g % 10 = 0 then 'pro' else 'free' end,
        (array['web-main', 'web-search', 'image-generator', 'horoscope'])[1 + g % 4],
        (array['gpt-4o-mini', 'gpt-4o', 'claude-3-5-haiku-latest', 'gemini-2.0-flash', 'deepseek-chat'])[1 + g % 5],
        'openai', case when g % 50 = 0 then 'failed' else 'complete' end, 200 + g % 500, 100 + g % 300, 1,
        case when g % 4 = 1 then '{"web_search":1}'::jsonb else '{}'::jsonb end, 0.0001, 300 + g % 700,
        now() - ((g % 90) || ' days')::interval
      from generate_series(${from}::int, ${to}::int) g
      where g % 2 = 0`);
  }
  await db.execute(sql`analyze`);
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const began = performance.now();
  await work();
  return performance.now() - began;
}

async function run({ options }: Context): Promise<BenchReport> {
  const people = options.people ?? (options.smoke ? 2_000 : 100_000);
  const messages = options.messages ?? (options.smoke ? 20_000 : 1_000_000);
  const rounds = options.rounds ?? (options.smoke ? 3 : 15);
  const dir = mkdtempSync(join(tmpdir(), 'polymath-b16-'));
  const database = await openDatabase({ url: options.postgres, dataDir: join(dir, 'pglite') });
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dir });
  const figures: Figure[] = [];
  try {
    await database.migrate();
    const db = database.db;
    const began = performance.now();
    await seed(db, people, messages);
    const seeded = performance.now() - began;
    const rolled = await timed(() => rollUpUsage(db, usageDays(new Date(), 90)[0] as string));
    console.log(`B16 seeded ${people} people and ${messages} messages in ${ms(seeded)}; rollup ${ms(rolled)}`);

    // The cursors the list hands out at each depth: the row just before that page, as the keyset has it.
    const total = people;
    const depths = [0.25, 0.5, 0.75, 1].map((share) => Math.max(PAGE, Math.floor(((total - 1) * share) / PAGE) * PAGE));
    const pages: { name: string; cursor: string | undefined }[] = [{ name: 'first', cursor: undefined }];
    for (const offset of depths) {
      const [row] = await queryRows<{ time: string; id: string }>(
        db,
        sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as time, id from users
            order by created_at desc, id desc offset ${offset - 1} limit 1`,
      );
      if (row) pages.push({ name: `row ${offset + 1}`, cursor: encodeCursor(row) });
    }
    const samples = new Map<string, number[]>([...pages.map((p) => [p.name, []] as [string, number[]]), ['usage', []]]);
    const tasks: { name: string; work: () => Promise<unknown> }[] = [
      ...pages.map((p) => ({ name: p.name, work: () => searchPeople(db, env, { cursor: p.cursor, limit: PAGE }) })),
      { name: 'usage', work: () => usageReport(db, { days: 90, by: 'model' }) },
    ];
    // Warm-up, then rounds in alternating order.
    for (const task of tasks) await task.work();
    for (let i = 0; i < rounds; i++) {
      const order = i % 2 === 0 ? tasks : [...tasks].reverse();
      for (const task of order) samples.get(task.name)?.push(await timed(task.work));
    }
    const median = (name: string) => summarize(samples.get(name) ?? []).p50;
    const first = median('first');
    const deep = pages.slice(1).map((p) => ({ name: p.name, p50: median(p.name) }));
    const slowest = deep.reduce((a, b) => (b.p50 > a.p50 ? b : a), { name: 'first', p50: first });
    const full = people >= 100_000 && messages >= 1_000_000;
    figures.push(
      figure('B16', {
        name: 'people list: slowest page vs first page',
        text:
          `p50 first=${ms(first)} slowest=${ms(slowest.p50)} (${slowest.name} of ${people}) ` +
          `ratio=${(slowest.p50 / first).toFixed(2)}x [${deep.map((d) => `${d.name}=${ms(d.p50)}`).join(' ')}] ` +
          `(${rounds} rounds, ${database.kind})`,
        verdict: full ? verdict(slowest.p50 <= TARGET_RATIO * first) : 'SKIP',
        target: `slowest ≤${TARGET_RATIO}× the first page`,
        values: { first, slowest: slowest.p50, ...Object.fromEntries(deep.map((d) => [d.name, d.p50])) },
      }),
    );
    const usage = median('usage');
    figures.push(
      figure('B16', {
        name: 'usage page (90 days by model) vs people first page',
        text: `p50 usage=${ms(usage)} people-first=${ms(first)} ratio=${(usage / first).toFixed(2)}x (${messages} messages rolled up in ${ms(rolled)})`,
        verdict: 'INFO',
        values: { usage, first, rollup: rolled },
      }),
    );
    return {
      bench: 'b16',
      title: 'Operator console lists on 100,000 people and 1,000,000 messages',
      figures,
      details: {
        people,
        messages,
        rounds,
        database: database.kind,
        seededMs: seeded,
        samples: Object.fromEntries(samples),
      },
    };
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export const b16ConsoleLists: Bench = {
  id: 'B16',
  name: 'console-lists',
  aliases: ['b16', 'console-lists', 'console'],
  run,
};
