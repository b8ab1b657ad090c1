import { and, count, eq, sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Auth } from '../auth/index.ts';
import { sessionCacheOf, sessionReader } from '../auth/index.ts';
import { ADMIN_EMAILS_ACTOR, type AdminActor, recordAdminAction } from './audit-log.ts';

/** better-auth's admin plugin's role for operators. */
export const OPERATOR_ROLE = 'admin';

export type Operator = { id: string; email: string; name: string };
export type OperatorEnv = { Variables: AppEnv['Variables'] & { operator: Operator } };

type OperatorFacts = {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  role: string | null;
  banned: boolean | null;
  banExpires: Date | null;
};

async function factsOf(db: Db, userId: string): Promise<OperatorFacts | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      emailVerified: users.emailVerified,
      role: users.role,
      banned: users.banned,
      banExpires: users.banExpires,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

const isBanned = (f: Pick<OperatorFacts, 'banned' | 'banExpires'>, now: number) =>
  f.banned === true && (f.banExpires === null || f.banExpires.getTime() > now);

/**
 * Whether this person is an operator, by the stored role or by ADMIN_EMAILS (a verified address
 * only). A person named in ADMIN_EMAILS is given the role the first time they are checked, with an
 * audit row, so the role is one thing wherever it is read (the admin plugin reads it too).
 */
export async function operatorStatus(
  db: Db,
  adminEmails: readonly string[],
  userId: string,
  now = Date.now(),
): Promise<Operator | null> {
  const facts = await factsOf(db, userId);
  if (!facts || isBanned(facts, now)) return null;
  const operator = { id: facts.id, email: facts.email, name: facts.name };
  if (facts.role === OPERATOR_ROLE) return operator;
  if (!facts.emailVerified || !adminEmails.includes(facts.email.toLowerCase())) return null;
  await setOperatorRole(db, ADMIN_EMAILS_ACTOR, facts, true);
  return operator;
}

/** How many operators there are (by role). */
export async function operatorCount(db: Pick<Db, 'select'>): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.role, OPERATOR_ROLE));
  return row?.n ?? 0;
}

/**
 * Gives or takes the operator role, audited in the same transaction. Taking the last operator's own
 * role is refused (LAST_OPERATOR): someone must always be able to open the console.
 */
export async function setOperatorRole(
  db: Db,
  actor: AdminActor,
  person: { id: string; email: string },
  operator: boolean,
): Promise<{ changed: boolean }> {
  return db.transaction(async (tx) => {
    // One change of roles at a time, so two operators cannot each remove the other as "not the last".
    await tx.execute(sql`select pg_advisory_xact_lock(727002)`);
    const [row] = await tx.select({ role: users.role }).from(users).where(eq(users.id, person.id));
    if (!row) throw new AppError('USER_NOT_FOUND');
    const was = row.role === OPERATOR_ROLE;
    if (was === operator) return { changed: false };
    if (!operator && (await operatorCount(tx)) <= 1) throw new AppError('LAST_OPERATOR');
    await tx
      .update(users)
      .set({ role: operator ? OPERATOR_ROLE : 'user', updatedAt: new Date() })
      .where(and(eq(users.id, person.id)));
    await recordAdminAction(tx, {
      actor,
      action: operator ? 'operator.grant' : 'operator.revoke',
      targetUser: person,
      before: { role: row.role ?? 'user' },
      after: { role: operator ? OPERATOR_ROLE : 'user' },
    });
    return { changed: true };
  });
}

/**
 * The guard of every /api/admin/* route: 403 FORBIDDEN for anyone but an operator (signed out, a
 * normal person, a banned one), the same answer whatever the path, so the API does not say what it
 * has. Checked on every request from the database, not from anything the browser holds.
 */
export function requireOperator(auth: Auth): MiddlewareHandler<OperatorEnv> {
  const sessionOf = sessionReader(auth);
  return async (c, next) => {
    const { db, database, env } = c.var.deps;
    const user = await sessionOf(db, sessionCacheOf(database), c.req.raw.headers);
    const operator = user ? await operatorStatus(db, env.ADMIN_EMAILS, user.id) : null;
    if (!operator) throw new AppError('FORBIDDEN');
    c.set('operator', operator);
    c.header('cache-control', 'no-store');
    await next();
  };
}
