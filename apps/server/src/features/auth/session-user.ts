import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';

/** The session and its user, as one row: what every signed-in request needs to know. */
export type SessionUserRow = {
  expiresAt: Date;
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
  accessLevel: string;
};

/**
 * Reads a session and its user by token in ONE prepared query (better-auth's getSession takes two
 * adapter queries, each built by Drizzle anew). Prepared once per database handle.
 */
const prepared = new WeakMap<Db, ReturnType<typeof prepare>>();

function prepare(db: Db) {
  return db
    .select({
      expiresAt: sessions.expiresAt,
      id: users.id,
      email: users.email,
      emailVerified: users.emailVerified,
      name: users.name,
      accessLevel: users.accessLevel,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .prepare('session_user_by_token');
}

export async function sessionUserByToken(db: Db, token: string): Promise<SessionUserRow | undefined> {
  let query = prepared.get(db);
  if (!query) {
    query = prepare(db);
    prepared.set(db, query);
  }
  const [row] = await query.execute({ token });
  return row;
}
