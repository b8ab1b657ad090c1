import type { Credits, Plan } from '@polymath/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { creditUsage } from '../../db/schema/index.ts';

/** The UTC calendar day a credit counts against: free allowances reset at midnight UTC. */
export function creditDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export function nextResetAt(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

/**
 * Takes one of today's free messages, or says there is none left (null). One conditional upsert:
 * concurrent sends serialise on the row, so with one message left exactly one of them gets it.
 */
export async function reserveCredit(db: Db, userId: string, dailyLimit: number, now: Date): Promise<string | null> {
  if (dailyLimit <= 0) return null;
  const day = creditDay(now);
  const rows = await queryRows<{ used: number }>(
    db,
    sql`
    insert into credit_usage (user_id, day, used) values (${userId}, ${day}, 1)
    on conflict (user_id, day) do update set used = credit_usage.used + 1
    where credit_usage.used < ${dailyLimit}
    returning used`,
  );
  return rows.length > 0 ? day : null;
}

/**
 * Gives back the credit an answer took, at most once however often it is called (the message row's
 * flag flips in the same statement that decrements the day's count).
 */
export async function refundCreditFor(db: Db, messageId: string): Promise<boolean> {
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`
    with refunded as (
      update messages set credit_refunded = true
      where id = ${messageId} and credit_day is not null and credit_refunded = false
      returning user_id, credit_day
    )
    update credit_usage c set used = greatest(c.used - 1, 0)
    from refunded r where c.user_id = r.user_id and c.day = r.credit_day
    returning c.user_id`,
  );
  return rows.length > 0;
}

/** The plan comes from the profile's accessLevel, as the session read it. */
export async function getCredits(
  db: Db,
  args: { userId: string; plan: Plan; dailyLimit: number; now: Date },
): Promise<Credits> {
  const { userId, plan, dailyLimit, now } = args;
  const resetsAt = nextResetAt(now).toISOString();
  if (plan === 'pro') return { plan, dailyLimit: null, used: 0, remaining: null, resetsAt };
  const rows = await queryRows<{ used: number }>(
    db,
    sql`select used from credit_usage where user_id = ${userId} and day = ${creditDay(now)}`,
  );
  const used = Number(rows[0]?.used ?? 0);
  return { plan, dailyLimit, used, remaining: Math.max(dailyLimit - used, 0), resetsAt };
}

/** Gives back a credit taken for a turn that failed before its answer row was written. */
export async function releaseCredit(db: Db, userId: string, day: string): Promise<void> {
  await db
    .update(creditUsage)
    .set({ used: sql`greatest(${creditUsage.used} - 1, 0)` })
    .where(and(eq(creditUsage.userId, userId), eq(creditUsage.day, day)));
}
