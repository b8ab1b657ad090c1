import { isIP } from 'node:net';
import {
  ERROR_MESSAGES,
  ERROR_STATUS,
  type ErrorCode,
  emailSchema,
  LOCALES,
  VALIDATION_MESSAGES as M,
  passwordSchema,
  personNameSchema,
  resetTokenSchema,
} from '@polymath/shared';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import type { AppEnv } from '../../app-env.ts';
import { clientIp } from '../../lib/client-ip.ts';
import { signIns, signUps } from '../../lib/metrics.ts';
import type { Auth } from './auth.ts';
import { CLIENT_IP_HEADER, SOCIAL_PROVIDERS } from './auth.ts';
import { mapAuthError, mapRedirectError } from './auth-errors.ts';

const BASE_PATH = '/api/auth';
/**
 * Wrong passwords for one account, whatever addresses they come from (better-auth limits per
 * address only): after this many in the window, sign-in to that account waits.
 */
export const SIGN_IN_FAILURES_PER_ACCOUNT = 10;
const SIGN_IN_FAILURE_WINDOW_MS = 15 * 60_000;
const callbackURL = z.string().max(2048).optional();

/**
 * Bodies of the public endpoints, checked with the shared rules before better-auth sees them so
 * that a bad field gets VALIDATION_FAILED with the spec's message, and unknown fields are refused.
 */
type BodyRule = {
  schema: z.ZodType<Record<string, unknown>>;
  passwordField?: string;
};

/** Google and Apple sign-in and linking start at /sign-in/social and /link-social. */
const socialStart = z.strictObject({
  provider: z.enum(SOCIAL_PROVIDERS, { error: M.required }),
  callbackURL,
  errorCallbackURL: callbackURL,
  newUserCallbackURL: callbackURL,
  disableRedirect: z.boolean().optional(),
});

const BODIES: Record<string, BodyRule> = {
  '/sign-in/social': { schema: socialStart },
  '/link-social': { schema: socialStart },
  '/sign-up/email': {
    schema: z
      .strictObject({
        name: personNameSchema,
        email: emailSchema,
        password: passwordSchema,
        // Sent by forms that use the shared signUpSchema; checked, then dropped.
        confirmPassword: z.string().optional(),
        locale: z.enum(LOCALES).optional(),
        callbackURL,
        rememberMe: z.boolean().optional(),
      })
      .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.password, {
        message: M.passwordsMustMatch,
        path: ['confirmPassword'],
      })
      .transform(({ confirmPassword: _, ...rest }) => rest),
  },
  '/sign-in/email': {
    schema: z.strictObject({
      email: emailSchema,
      password: z.string({ error: M.passwordRequired }).min(1, M.passwordRequired),
      callbackURL,
      rememberMe: z.boolean().optional(),
    }),
  },
  '/request-password-reset': {
    schema: z.strictObject({ email: emailSchema, redirectTo: callbackURL }),
  },
  '/reset-password': {
    schema: z.strictObject({ newPassword: passwordSchema, token: resetTokenSchema }),
    passwordField: 'newPassword',
  },
  '/send-verification-email': {
    schema: z.strictObject({ email: emailSchema, callbackURL }),
  },
};

/**
 * `/api/auth/*` → better-auth. Its error answers are rewritten to our `{ error: { code, message } }`
 * shape with catalogue codes; error redirects (OAuth callback, email verification) carry one of our
 * codes in `?error=`. The caller's address reaches better-auth's rate limiter in a header set here.
 */
export function authRoutes(auth: Auth) {
  return new Hono<AppEnv>().on(['GET', 'POST'], '/*', async (c) => {
    const { env, logger } = c.var.deps;
    // Wrong passwords per account, from any address, counted across instances (decision 033).
    const signInFailures = c.var.deps.limits.limit(
      'sign-in-failures',
      SIGN_IN_FAILURES_PER_ACCOUNT,
      SIGN_IN_FAILURE_WINDOW_MS / 1000,
    );
    const requested = c.req.path.slice(BASE_PATH.length) || '/';
    const rule = c.req.method === 'POST' ? BODIES[requested] : undefined;
    const path = requested;
    const url = new URL(c.req.url);
    url.pathname = `${BASE_PATH}${path}`;

    const headers = new Headers(c.req.raw.headers);
    headers.delete(CLIENT_IP_HEADER);
    const ip = clientIp(c, env.TRUST_PROXY);
    if (isIP(ip)) headers.set(CLIENT_IP_HEADER, ip);

    let body: string | ArrayBuffer | undefined;
    let account: string | undefined;
    if (rule) {
      if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('application/json')) {
        return errorJson(c, 'UNSUPPORTED_MEDIA_TYPE');
      }
      let json: unknown;
      try {
        json = await c.req.json();
      } catch {
        return errorJson(c, 'BAD_REQUEST', 'The request body is not valid JSON.');
      }
      const parsed = rule.schema.safeParse(json);
      if (!parsed.success) {
        const fields = parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
        return errorJson(c, 'VALIDATION_FAILED', undefined, { fields });
      }
      body = JSON.stringify(parsed.data);
      headers.delete('content-length');
      account =
        path === '/sign-in/email' ? String((parsed.data as { email?: unknown }).email).toLowerCase() : undefined;
      if (account && (await signInFailures.exceeded(account))) return errorJson(c, 'RATE_LIMITED');
    } else if (c.req.method === 'POST') {
      body = await c.req.arrayBuffer();
    }

    const res = await auth.handler(new Request(url, { method: c.req.method, headers, body }));
    countAuth(path, res);

    if (res.status >= 300 && res.status < 400) return rewriteErrorRedirect(res, env.PUBLIC_URL);
    // No enumeration: a sign-up answers the same whether or not the address has an account (better-auth
    // answers a known address with a made-up user; its fields could still differ), so the body is fixed.
    // Two sign-ups racing for one new address: the loser fails on the unique email; same answer.
    if (
      path === '/sign-up/email' &&
      (res.ok || (res.status === 422 && (await authCode(res.clone())) === 'FAILED_TO_CREATE_USER'))
    ) {
      await res.body?.cancel();
      return c.json({ status: true });
    }
    if (res.status < 400) return TOKEN_BEARING.has(path) ? withoutSessionToken(res) : res;

    if (account && res.status === 401) await signInFailures.hit(account);
    const code = await authCode(res);
    const mapped = mapAuthError(res.status, code, rule?.passwordField);
    if (mapped.code === 'UNKNOWN_ERROR') {
      (c.var.log ?? logger).error({ status: res.status, authCode: code, path }, 'auth request failed');
    }
    const extra = new Headers();
    for (const cookie of res.headers.getSetCookie()) extra.append('set-cookie', cookie);
    const retryAfter = res.headers.get('x-retry-after');
    if (retryAfter) extra.set('retry-after', retryAfter);
    return errorJson(c, mapped.code, undefined, mapped.fields ? { fields: mapped.fields } : undefined, extra);
  });
}

/** Answers whose JSON carries the session token better-auth also sets as the httpOnly cookie. */
const TOKEN_BEARING = new Set(['/get-session', '/sign-in/email', '/sign-in/social']);

/** The token stays in the httpOnly cookie: page scripts never need it (nor should an XSS get it). */
async function withoutSessionToken(res: Response): Promise<Response> {
  if (!(res.headers.get('content-type') ?? '').includes('application/json')) return res;
  const body = (await res.json()) as { token?: unknown; session?: { token?: unknown } } | null;
  if (body && typeof body === 'object') {
    if ('token' in body) body.token = null;
    if (body.session && typeof body.session === 'object') delete body.session.token;
  }
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(body), { status: res.status, headers });
}

/** The `code` of a better-auth error body, if it has one. */
async function authCode(res: Response): Promise<string | undefined> {
  try {
    const parsed = (await res.json()) as { code?: unknown };
    return typeof parsed.code === 'string' ? parsed.code : undefined;
  } catch {
    return undefined; // not JSON: the status decides
  }
}

function errorJson(c: Context<AppEnv>, code: ErrorCode, message?: string, details?: unknown, headers?: Headers) {
  const body = {
    error: {
      code,
      message: message ?? ERROR_MESSAGES[code],
      requestId: c.var.requestId,
      ...(details === undefined ? {} : { details }),
    },
  };
  const res = c.json(body, ERROR_STATUS[code] as ContentfulStatusCode);
  if (headers) for (const [k, v] of headers) res.headers.append(k, v);
  return res;
}

/** `Location: …?error=account_not_linked` → `…?error=ACCOUNT_EXISTS_WITH_DIFFERENT_CREDENTIAL`. */
function rewriteErrorRedirect(res: Response, publicUrl: string): Response {
  const location = res.headers.get('location');
  if (!location) return res;
  let url: URL;
  try {
    url = new URL(location, publicUrl);
  } catch {
    return res;
  }
  const error = url.searchParams.get('error');
  if (!error || url.origin !== new URL(publicUrl).origin) return res;
  url.searchParams.set('error', mapRedirectError(error));
  url.searchParams.delete('error_description');
  // better-auth's verify-email adds `error` to our `?verified=1` callback; it did not verify.
  url.searchParams.delete('verified');
  const headers = new Headers(res.headers);
  headers.set('location', location.startsWith('/') ? `${url.pathname}${url.search}${url.hash}` : url.toString());
  return new Response(res.body, { status: res.status, headers });
}

/** Sign-ins and sign-ups for the metrics: by method and outcome only. */
function countAuth(path: string, res: Response) {
  const { status } = res;
  if (path === '/sign-in/email') signIns.inc({ method: 'email', outcome: status < 400 ? 'success' : 'failure' });
  else if (path.startsWith('/callback/') || path.startsWith('/oauth2/callback/')) {
    // A social sign-in's return from Google or Apple: a redirect to the app, or to its error page.
    const failed = status >= 400 || /[?&]error=/.test(res.headers.get('location') ?? '');
    signIns.inc({ method: 'social', outcome: failed ? 'failure' : 'success' });
  } else if (path === '/sign-up/email')
    signUps.inc({ outcome: status < 400 || status === 422 ? 'accepted' : 'refused' });
}
