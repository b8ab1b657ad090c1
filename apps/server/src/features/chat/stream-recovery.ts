import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { settleCredit } from '../credits/index.ts';

/**
 * Answers left in 'streaming' by a process that died (killed, crashed, power loss): their writer's
 * heartbeat stopped. They become 'interrupted' with the text saved so far, their thread is freed,
 * and an answer that never got a token gives its credit back (once: settleCredit gives an answer's back at most once).
 * Safe with several instances: a live writer bumps its heartbeat well within staleBefore.
 */
export async function markStaleAnswersInterrupted(db: Db, staleBefore: Date): Promise<number> {
  const rows = await queryRows<{ id: string; text: string; parts: unknown }>(
    db,
    sql`
      with stale as (
        update messages set status = 'interrupted', heartbeat_at = null
        where status = 'streaming' and (heartbeat_at is null or heartbeat_at < ${staleBefore.toISOString()})
        returning id, thread_id, text, parts
      ), freed as (
        update threads set active_answer_id = null
        from stale where threads.id = stale.thread_id and threads.active_answer_id = stale.id
        returning threads.id
      )
      select id, text, parts from stale`,
  );
  for (const row of rows) {
    const answered = row.text !== '' || (Array.isArray(row.parts) && row.parts.length > 0);
    await settleCredit(db, { answerId: row.id }, answered);
  }
  return rows.length;
}

/**
 * Runs the sweep now and then every staleSeconds. The returned stop waits for a sweep in flight, so
 * shutdown never closes the database under it.
 */
export function scheduleStaleAnswerSweep(
  db: Db,
  staleSeconds: number,
  onError: (err: unknown) => void,
  now: () => Date = () => new Date(),
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = markStaleAnswersInterrupted(db, new Date(now().getTime() - staleSeconds * 1000)).catch(onError);
  };
  sweep();
  const timer = setInterval(sweep, Math.max(1000, (staleSeconds * 1000) / 2));
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
