import type { Credits, Plan } from '@polymath/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared-statement.ts';
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
 * The one statement that takes a free message, as SQL text over the caller's placeholders (takeCredit
 * runs it alone; a new chat's first turn, features/chat/first-turn.ts, runs it inside its own
 * statement). One conditional upsert: concurrent sends serialise on the day's row, so with one
 * message left exactly one of them gets it. It returns the day taken, or no row. A limit of 0 or
 * less (or null: Pro) takes nothing; `when` adds a condition of the caller's.
 */
export function takeCreditSql(p: { userId: string; day: string; dailyLimit: string; when?: string }): string {
  return `insert into credit_usage (user_id, day, used)
    select ${p.userId}, ${p.day}::date, 1 where ${p.dailyLimit}::int > 0${p.when ? ` and ${p.when}` : ''}
    on conflict (user_id, day) do update set used = credit_usage.used + 1
    where credit_usage.used < ${p.dailyLimit}::int
    returning day`;
}

const takeCreditStatement = preparedStatement<{ day: unknown }>(
  'credit_take',
  takeCreditSql({ userId: '$1', day: '$2', dailyLimit: '$3' }),
);

/** Takes one of today's free messages: the day it counts against, or null when none is left. */
export async function takeCredit(db: Db, userId: string, dailyLimit: number, now: Date): Promise<string | null> {
  if (dailyLimit <= 0) return null;
  const day = creditDay(now);
  const rows = await takeCreditStatement(db, [userId, day, dailyLimit]);
  return rows.length > 0 ? day : null;
}

/**
 * A free message taken: by an answer (its row carries the day and a given-back flag), or, before
 * the answer's row was written, by a person on a day.
 */
export type CreditHold = { answerId: string } | { userId: string; day: string };

/**
 * The one rule for a free message once taken: kept when the person got something from it, else
 * given back. An answer's message is given back at most once however often this is called (the
 * answer's flag flips in the same statement that decrements the day's count); so an answer that
 * failed to stream and also made no picture, or a job settling twice, never gives back twice.
 * Pro answers took nothing and nothing happens. True when a message was given back.
 */
export async function settleCredit(db: Db, hold: CreditHold, kept: boolean): Promise<boolean> {
  if (kept) return false;
  if ('answerId' in hold) {
    const rows = await queryRows<{ user_id: string }>(
      db,
      sql`
      with refunded as (
        update messages set credit_refunded = true
        where id = ${hold.answerId} and credit_day is not null and credit_refunded = false
        returning user_id, credit_day
      )
      update credit_usage c set used = greatest(c.used - 1, 0)
      from refunded r where c.user_id = r.user_id and c.day = r.credit_day
      returning c.user_id`,
    );
    return rows.length > 0;
  }
  const rows = await db
    .update(creditUsage)
    .set({ used: sql`greatest(${creditUsage.used} - 1, 0)` })
    .where(and(eq(creditUsage.userId, hold.userId), eq(creditUsage.day, hold.day)))
    .returning({ userId: creditUsage.userId });
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
