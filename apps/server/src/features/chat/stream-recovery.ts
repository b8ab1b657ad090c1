import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { settleCredit } from '../credits/index.ts';

/**
 * Answers left in 'streaming' by a process that died (killed, crashed, power loss) become
 * 'interrupted' with the text saved so far, their thread is freed, and an answer that never got a
 * token gives its credit back (once: settleCredit gives an answer's back at most once, and of several instances
 * sweeping at once only one update returns the row).
 *
 * Which answers are dead (decision 034): an answer written by an instance with a lease
 * (`instance_id`) is dead once that instance's lease has expired, whatever its progress (a provider
 * that says nothing for a minute does not make a living answer dead); the lease is compared with the
 * database's clock only. An answer written without a lease is dead once its heartbeat is older than
 * staleBefore. `everyInstance` takes every streaming answer (PGlite at start-up: its data folder
 * belongs to this one process, so every answer in it is an orphan).
 */
export async function markStaleAnswersInterrupted(
  db: Db,
  staleBefore: Date,
  options: { everyInstance?: boolean } = {},
): Promise<number> {
  const rows = await queryRows<{ id: string; text: string; parts: unknown }>(
    db,
    sql`
      with stale as (
        update messages set status = 'interrupted', heartbeat_at = null
        where status = 'streaming' and (
          ${options.everyInstance === true}
          or (instance_id is null and (heartbeat_at is null or heartbeat_at < ${staleBefore.toISOString()}))
          or (instance_id is not null and not exists (
            select 1 from instance_leases l where l.id = messages.instance_id and l.expires_at > now()
          ))
        )
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
 * Runs the sweep now and then every `everyMs` (default: half of staleSeconds, at least 1 s). The
 * returned stop waits for a sweep in flight, so shutdown never closes the database under it.
 */
export function scheduleStaleAnswerSweep(
  db: Db,
  staleSeconds: number,
  onError: (err: unknown) => void,
  now: () => Date = () => new Date(),
  everyMs: number = Math.max(1000, (staleSeconds * 1000) / 2),
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = markStaleAnswersInterrupted(db, new Date(now().getTime() - staleSeconds * 1000)).catch(onError);
  };
  sweep();
  const timer = setInterval(sweep, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
