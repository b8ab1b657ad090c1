import type { Db } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared-statement.ts';
import type { PlanFacts } from '../billing/index.ts';
import { PLAN_FACTS_COLUMNS, type PlanFactsRow, toPlanFacts } from '../billing/index.ts';

/**
 * The session and its user, as one row: what every signed-in request needs to know. The plan is
 * kept as the facts it is decided from, not as a decision: a remembered session (session-cache.ts)
 * turns free the moment the subscription's period ends, whenever it was read.
 */
export type SessionUserRow = PlanFacts & {
  expiresAt: Date;
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
};

/**
 * A session, its user and the user's subscription by token in ONE prepared query (better-auth's
 * getSession takes two adapter queries, each built by Drizzle anew).
 */
const sessionUser = preparedStatement<Omit<SessionUserRow, keyof PlanFacts> & PlanFactsRow>(
  'session_user_by_token',
  `select s.expires_at as "expiresAt", u.id, u.email, u.email_verified as "emailVerified", u.name,
    ${PLAN_FACTS_COLUMNS}
  from sessions s join users u on u.id = s.user_id left join subscriptions b on b.user_id = u.id
  where s.token = $1`,
);

export async function sessionUserByToken(db: Db, token: string): Promise<SessionUserRow | undefined> {
  const [row] = await sessionUser(db, [token]);
  if (!row) return undefined;
  const { expiresAt, id, email, emailVerified, name } = row;
  return { expiresAt, id, email, emailVerified, name, ...toPlanFacts(row) };
}
