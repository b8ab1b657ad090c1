import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import { AppError } from '../../lib/app-error.ts';
import { providersOf } from '../profile/profile.service.ts';
import type { Auth } from './auth.ts';

export type SessionUser = {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
  /** The plan as the session read it (users.access_level), so routes need no second query. */
  plan: 'free' | 'pro';
};
export type UserEnv = { Variables: AppEnv['Variables'] & { user: SessionUser } };

/**
 * Every route needs a session (401 UNAUTHORIZED otherwise) and only ever touches the session
 * user's own rows: there is no user id in any URL or body. (Changes from other origins are refused
 * before any route, in app.ts: lib/same-origin.ts.)
 */
export function requireUser(auth: Auth): MiddlewareHandler<UserEnv> {
  return async (c, next) => {
    const { db } = c.var.deps;
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) throw new AppError('UNAUTHORIZED');
    const { user } = session;
    // A password-only account whose email is not verified counts as signed out (spec §4, §6).
    if (!user.emailVerified) {
      const providers = await providersOf(db, user.id);
      if (providers.every((p) => p === 'credential')) throw new AppError('EMAIL_NOT_VERIFIED');
    }
    c.set('user', {
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      name: user.name,
      plan: (user as { accessLevel?: string }).accessLevel === 'pro' ? 'pro' : 'free',
    });
    await next();
  };
}
