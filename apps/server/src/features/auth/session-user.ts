import type { Db } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared-statement.ts';

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
 * A session and its user by token in ONE prepared query (better-auth's getSession takes two
 * adapter queries, each built by Drizzle anew).
 */
const sessionUser = preparedStatement<SessionUserRow>(
  'session_user_by_token',
  `select s.expires_at as "expiresAt", u.id, u.email, u.email_verified as "emailVerified", u.name,
    u.access_level as "accessLevel"
  from sessions s join users u on u.id = s.user_id
  where s.token = $1`,
);

export async function sessionUserByToken(db: Db, token: string): Promise<SessionUserRow | undefined> {
  const [row] = await sessionUser(db, [token]);
  return row;
}
