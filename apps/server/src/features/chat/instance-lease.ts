import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * This process's lease (decision 034): a row in instance_leases whose expiry is pushed
 * `ttlSeconds` ahead every quarter of that, by the database's clock, for as long as the process
 * runs. Answers it writes carry its id; once the row has expired (the process was killed, ran out
 * of memory or lost its machine), a living instance's sweep (stream-recovery.ts) marks them
 * interrupted. A renewal that fails is reported and tried again on the next tick: the lease holds
 * for ttlSeconds, so a short database hiccup does not make the instance look dead.
 */
export type InstanceLease = {
  readonly id: string;
  /** Ends the renewals and deletes the row (a clean shutdown, once its answers are settled). */
  stop(): Promise<void>;
};

export function newInstanceId(): string {
  return `i_${randomBytes(9).toString('base64url')}`;
}

export async function renewLease(db: Db, id: string, ttlSeconds: number): Promise<void> {
  await db.execute(sql`
    insert into instance_leases (id, expires_at) values (${id}, now() + ${ttlSeconds} * interval '1 second')
    on conflict (id) do update set expires_at = excluded.expires_at`);
}

/** Takes the lease (awaited: answers must not carry an id whose row is not there) and keeps it. */
export async function startInstanceLease(
  db: Db,
  options: { ttlSeconds: number; onError: (err: unknown) => void; id?: string },
): Promise<InstanceLease> {
  const id = options.id ?? newInstanceId();
  await renewLease(db, id, options.ttlSeconds);
  // Rows of instances long gone: their answers were taken over long ago (an answer whose row is
  // missing counts as dead all the same).
  await db.execute(sql`delete from instance_leases where expires_at < now() - interval '1 day'`);
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(
    () => {
      running = renewLease(db, id, options.ttlSeconds).catch(options.onError);
    },
    Math.max(100, (options.ttlSeconds * 1000) / 4),
  );
  timer.unref();
  return {
    id,
    async stop() {
      clearInterval(timer);
      await running;
      await db.execute(sql`delete from instance_leases where id = ${id}`).catch(options.onError);
    },
  };
}
