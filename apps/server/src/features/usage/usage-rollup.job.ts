import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { defineJob } from '../../lib/queue/job.ts';
import { usageDay } from './usage.service.ts';

/** The operator console shows 90 days; a first rollup fills them all. */
export const USAGE_DAYS = 90;

/**
 * Rebuilds usage_daily from `from` (a UTC day) to today, in one transaction (decision 029):
 * - answers and summaries from answer_usage: count, tokens, cost, unpriced ones, web searches
 *   (the web-search tool's `web_search` calls the answer made);
 * - images and photo translations made (ready), from images, by image model and tool, the plan
 *   taken from the usage of the answer that asked for them (the person's plan now, without one);
 * - PDFs read (ready) and their pages, from documents (ask PDF: AI Chat, Pro).
 * Idempotent: the days are deleted and written again, so a late answer, a retried job or two
 * instances at once leave the same rows.
 */
export async function rollUpUsage(db: Db, from: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from usage_daily where day >= ${from}::date`);
    await tx.execute(sql`
      insert into usage_daily (day, kind, model_id, tool_id, plan, events, input_tokens, cached_input_tokens,
        cache_write_tokens, output_tokens, reasoning_tokens, cost_usd, unpriced, web_searches, pdf_pages)
      select day, kind, model_id, tool_id, plan, count(*), sum(input_tokens), sum(cached_input_tokens),
        sum(cache_write_tokens), sum(output_tokens), sum(reasoning_tokens), coalesce(sum(cost_usd), 0),
        count(*) filter (where cost_usd is null), coalesce(sum((functions ->> 'web_search')::int), 0), 0
      from answer_usage
      where day >= ${from}::date
      group by day, kind, model_id, tool_id, plan
      union all
      select (i.created_at at time zone 'UTC')::date,
        case when i.model_id = 'photo-translate' then 'photo-translation' else 'image' end,
        i.model_id, i.tool_id, coalesce(u.plan, p.access_level, 'free'), count(*), 0, 0, 0, 0, 0, 0, 0, 0, 0
      from images i
        left join answer_usage u on u.message_id = i.answer_id
        left join users p on p.id = i.user_id
      where i.created_at >= ${from}::date and i.status = 'ready'
      group by 1, 2, 3, 4, 5
      union all
      select (d.created_at at time zone 'UTC')::date, 'pdf', '', 'web-main', 'pro', count(*), 0, 0, 0, 0, 0, 0, 0, 0,
        sum(d.page_count)
      from documents d
      where d.created_at >= ${from}::date and d.status = 'ready'
      group by 1`);
  });
}

/** Where the next rollup starts: the last day rolled up (it may have grown since), at most yesterday. */
export async function nextRollupDay(db: Db, now: Date): Promise<string> {
  const [row] = await queryRows<{ last: string | null }>(db, sql`select max(day)::text as last from usage_daily`);
  const yesterday = usageDay(new Date(now.getTime() - 86_400_000));
  if (!row?.last) return usageDay(new Date(now.getTime() - (USAGE_DAYS - 1) * 86_400_000));
  return row.last < yesterday ? row.last : yesterday;
}

/** Every 10 minutes, by one instance at a time: today's and yesterday's figures (and any days missed). */
export function usageRollupJob(db: Db) {
  return defineJob({
    name: 'usage-rollup',
    payload: z.object({}),
    schedule: '*/10 * * * *',
    retries: 1,
    retryDelaySeconds: 60,
    timeoutSeconds: 300,
    concurrency: 1,
    async handler() {
      await rollUpUsage(db, await nextRollupDay(db, new Date()));
    },
  });
}
