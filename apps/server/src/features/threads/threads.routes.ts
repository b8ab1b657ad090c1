import { Hono } from 'hono';
import type { Auth } from '../auth/auth.ts';
import { requireUser, type UserEnv } from '../auth/require-user.ts';

/** /api/threads: the signed-in user's chat history (being built). */
export function threadsRoutes(auth: Auth) {
  return new Hono<UserEnv>().use(requireUser(auth));
}
