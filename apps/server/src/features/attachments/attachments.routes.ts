import { Hono } from 'hono';
import type { Auth } from '../auth/auth.ts';
import { requireUser, type UserEnv } from '../auth/require-user.ts';

/** POST /api/chat/attachments and GET /api/files/attachments/:name (being built). */
export function attachmentUploadRoutes(auth: Auth) {
  return new Hono<UserEnv>().use(requireUser(auth));
}
export function attachmentFileRoutes(auth: Auth) {
  return new Hono<UserEnv>().use(requireUser(auth));
}
