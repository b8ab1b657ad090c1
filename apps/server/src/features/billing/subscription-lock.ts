import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

const running = new Map<string, Promise<unknown>>();

/**
 * Runs fn for one key at a time: in this process through a promise chain, and across instances on
 * PostgreSQL through a transaction-scoped advisory lock. Syncing a subscription reads it from the
 * provider and then writes it; two syncs of the same subscription must not interleave, or an older
 * read could be written over a newer one. fn must not use the lock's transaction (on PGlite there
 * is none to share), so it runs on the pool while the lock is held.
 */
export async function withSubscriptionLock<T>(database: Database, key: string, fn: () => Promise<T>): Promise<T> {
  const before = running.get(key) ?? Promise.resolve();
  const locked = () =>
    database.kind === 'postgres'
      ? database.db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`billing:${key}`}))`);
          return fn();
        })
      : fn();
  const run = before.then(locked, locked);
  const settled = run.catch(() => {});
  running.set(key, settled);
  try {
    return await run;
  } finally {
    if (running.get(key) === settled) running.delete(key);
  }
}
