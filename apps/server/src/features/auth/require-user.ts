import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { type PlanFacts, paymentModeOf, planAt, planFactsOfUser } from '../billing/index.ts';
import type { Auth } from './auth.ts';
import { providersOf } from './login-providers.ts';
import { type SessionCache, sessionCacheOf } from './session-cache.ts';
import { createSessionCookieReader, type SessionCookieReader } from './session-cookie.ts';
import { sessionUserByToken } from './session-user.ts';

export type SessionUser = {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
  /**
   * The plan at this request (billing/entitlement.ts: users.access_level, bounded by the
   * subscription's period), so routes need no second query.
   */
  plan: 'free' | 'pro';
};
export type UserEnv = { Variables: AppEnv['Variables'] & { user: SessionUser } };

type UserFields = PlanFacts & { id: string; email: string; emailVerified: boolean; name: string };

/**
 * Every route needs a session (401 UNAUTHORIZED otherwise) and only ever touches the session
 * user's own rows: there is no user id in any URL or body. (Changes from other origins are refused
 * before any route, in app.ts: lib/same-origin.ts.)
 */
export function requireUser(auth: Auth): MiddlewareHandler<UserEnv> {
  const sessionOf = sessionReader(auth);
  return async (c, next) => {
    const { db, database } = c.var.deps;
    const user = await sessionOf(db, sessionCacheOf(database), c.req.raw.headers);
    if (!user) throw new AppError('UNAUTHORIZED');
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
      plan: planAt(user, paymentModeOf(c.var.deps.env), Date.now()),
    });
    await next();
  };
}

/**
 * The signed-in user of a request. The common case (a valid cookie of a live session that needs
 * no refresh) is the session cache (a revoked session, a deleted account or a plan change reaches
 * it by notification at once: session-cache.ts) or else one prepared query. Everything else (no or
 * bad cookie, an expired session, one due for its daily refresh) goes through better-auth's
 * getSession, which cleans up and refreshes as before.
 */
export function sessionReader(
  auth: Auth,
): (db: Db, cache: SessionCache, headers: Headers) => Promise<UserFields | null> {
  let settings: Promise<{ cookies: SessionCookieReader; expiresInMs: number; updateAgeMs: number }> | undefined;
  const load = async () => {
    const ctx = await auth.$context;
    return {
      cookies: createSessionCookieReader({ cookieName: ctx.authCookies.sessionToken.name, secret: ctx.secret }),
      expiresInMs: ctx.sessionConfig.expiresIn * 1000,
      updateAgeMs: ctx.sessionConfig.updateAge * 1000,
    };
  };
  const slow = async (db: Db, headers: Headers): Promise<UserFields | null> => {
    const user = (await auth.api.getSession({ headers }))?.user;
    const facts = user && (await planFactsOfUser(db, user.id));
    return user && facts ? { ...user, ...facts } : null;
  };
  return async (db, cache, headers) => {
    settings ??= load();
    const { cookies, expiresInMs, updateAgeMs } = await settings;
    const token = cookies.token(headers.get('cookie'));
    if (!token) return slow(db, headers);
    const remembered = cache.get(token, Date.now());
    const version = cache.version();
    const row = remembered ?? (await sessionUserByToken(db, token));
    const now = Date.now();
    const due = row && row.expiresAt.getTime() - expiresInMs + updateAgeMs <= now;
    if (!row || row.expiresAt.getTime() <= now || due) return slow(db, headers);
    // An unverified person may count as signed out (requireUser asks about their connections each time).
    if (!remembered && row.emailVerified) cache.set(token, row, version, now);
    return row;
  };
}
