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
 * user's own rows: there is no user id in any URL or body. Changes must come from our own origin
 * when the browser says where they come from (SameSite=Lax cookies are the first line).
 */
export function requireUser(auth: Auth): MiddlewareHandler<UserEnv> {
  return async (c, next) => {
    const { env, db } = c.var.deps;
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      const origin = c.req.header('origin');
      if (origin && origin !== new URL(env.PUBLIC_URL).origin) throw new AppError('FORBIDDEN');
    }
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
