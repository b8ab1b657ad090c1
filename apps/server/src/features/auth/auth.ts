import { AsyncLocalStorage } from 'node:async_hooks';
import { APP_NAME, DEFAULT_LOCALE, ERROR_MESSAGES, LOCALES, type Locale } from '@polymath/shared';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { createEmailVerificationToken } from 'better-auth/api';
import { admin } from 'better-auth/plugins/admin';
import { type GenericOAuthConfig, genericOAuth } from 'better-auth/plugins/generic-oauth';
import { z } from 'zod';
import type { AppDeps } from '../../app-env.ts';
import { accounts, rateLimits, sessions, users, verifications } from '../../db/schema/index.ts';
import type { LimitStore } from '../../lib/limits.ts';
import type { MailMessage } from '../../lib/mail/mailer.ts';
import { type MailKind, type MailVars, renderMail } from '../../lib/mail/templates.ts';

/** auth.routes.ts puts the caller's address here (and drops any value a client sent). */
export const CLIENT_IP_HEADER = 'x-polymath-client-ip';

/** Where the links in our mails land. */
export const VERIFIED_CALLBACK = '/sign-in?verified=1';
export const VERIFICATION_EXPIRES_IN = 24 * 60 * 60;
/** Mails the public endpoints may send to one address per hour (sign-up, sign-in, forgot-password). */
const MAILS_PER_ADDRESS_PER_HOUR = 10;
const RESET_EXPIRES_IN = 60 * 60;

/** Social providers we know; one is offered only when its client id is configured. */
export const SOCIAL_PROVIDERS = ['google', 'apple'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** The subset of a user row a mail needs. */
export type MailUser = { email: string; name?: string | null; displayName?: unknown; locale?: unknown };

/** One mail to `user` in their language, greeting them by display name. */
export function composeMail(
  kind: MailKind,
  user: MailUser,
  link: string,
  vars: Omit<MailVars, 'link' | 'name'> = {},
): MailMessage {
  const locale = localeOf(user.locale);
  const name = typeof user.displayName === 'string' && user.displayName ? user.displayName : user.name;
  return { kind, to: user.email, locale, link, ...renderMail(kind, locale, { ...vars, link, name }) };
}

/** better-auth's verify-email endpoint, landing on the sign-in page. */
export function verificationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent(VERIFIED_CALLBACK)}`;
}

/** A verification mail for `user` carrying the same kind of token better-auth's verify-email accepts. */
export async function verificationMail(
  secret: string,
  publicUrl: string,
  user: MailUser & { id: string },
): Promise<MailMessage> {
  const token = await createEmailVerificationToken(secret, user.email, undefined, VERIFICATION_EXPIRES_IN, {
    userId: user.id,
  });
  return composeMail('verify-email', user, verificationLink(publicUrl, token));
}

/** The web app shows the new-password form on /forgot-password when a token is present. */
export function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/forgot-password?token=${encodeURIComponent(token)}`;
}

/**
 * How the mail a better-auth callback is about to send should go out. Mails of the public endpoints
 * (sign-up, sign-in, forgot-password) go out in the background so that the answer does not take
 * longer for an address that exists; the account settings routes await delivery so a failure can
 * be reported ("Failed to send … email.").
 */
type Delivery = { awaitDelivery: boolean; kind?: 'change-password'; failure?: { error: unknown } };
const delivery = new AsyncLocalStorage<Delivery>();

/**
 * Runs `fn` so that mails better-auth sends inside it are awaited; rejects when one could not be
 * sent (better-auth itself only logs a failed mail callback).
 */
export async function withAwaitedDelivery<T>(kind: Delivery['kind'], fn: () => Promise<T>): Promise<T> {
  const store: Delivery = { awaitDelivery: true, kind };
  const result = await delivery.run(store, fn);
  if (store.failure) throw store.failure.error;
  return result;
}

export function enabledSocialProviders(env: AppDeps['env']): SocialProvider[] {
  return SOCIAL_PROVIDERS.filter((p) => (p === 'google' ? env.GOOGLE_CLIENT_ID : env.APPLE_CLIENT_ID));
}

export function localeOf(value: unknown): Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
    ? (value as Locale)
    : DEFAULT_LOCALE;
}

/** The first of our locales named in an Accept-Language header, if any. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { lang: tag.trim().toLowerCase().split('-')[0] ?? '', q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .filter((l) => l.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { lang } of ranked) if ((LOCALES as readonly string[]).includes(lang)) return lang as Locale;
  return undefined;
}

/** The better-auth instance: email and password, verification, reset, Google and Apple, sessions. */
export function createAuth(deps: AppDeps) {
  const { env, logger, mailer } = deps;
  const publicUrl = env.PUBLIC_URL;
  const strict = { window: env.AUTH_RATE_LIMIT_WINDOW_SECONDS, max: env.AUTH_RATE_LIMIT_MAX };

  // Per address, so rotating client addresses cannot flood someone's inbox through the public
  // endpoints (the HTTP answer is the same either way). Counted across instances (decision 033).
  const perRecipient = deps.limits.limit('mails-per-address', MAILS_PER_ADDRESS_PER_HOUR, 3600);

  /** Sends now (awaited) inside withAwaitedDelivery, otherwise in the background with errors logged. */
  const deliver = async (message: MailMessage): Promise<void> => {
    const store = delivery.getStore();
    if (store?.awaitDelivery) {
      try {
        return await mailer.send(message);
      } catch (error) {
        store.failure = { error };
        throw error;
      }
    }
    if (!(await perRecipient.hit(message.to.toLowerCase())).allowed) {
      logger.warn({ mail: message.kind }, 'mail not sent: too many mails to this address within an hour');
      return;
    }
    mailer.send(message).catch((err: unknown) => logger.error({ err, mail: message.kind }, 'mail delivery failed'));
  };

  const oauthProviders: GenericOAuthConfig[] = [];
  if (env.GOOGLE_CLIENT_ID) {
    oauthProviders.push({
      providerId: 'google',
      name: 'Google',
      discoveryUrl: `${env.GOOGLE_ISSUER}/.well-known/openid-configuration`,
      requireIdTokenVerification: true,
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET,
      scopes: ['openid', 'email', 'profile'],
      pkce: true,
      prompt: 'select_account',
      mapProfileToUser: mapOidcProfile,
    });
  }
  if (env.APPLE_CLIENT_ID) {
    oauthProviders.push({
      providerId: 'apple',
      name: 'Apple',
      discoveryUrl: `${env.APPLE_ISSUER}/.well-known/openid-configuration`,
      requireIdTokenVerification: true,
      clientId: env.APPLE_CLIENT_ID,
      // Apple's client secret is a JWT signed with the team's key (it expires; rotate it).
      clientSecret: env.APPLE_CLIENT_SECRET,
      scopes: ['openid', 'email', 'name'],
      // Apple answers with a POST when name or email is asked for; better-auth turns it into a GET.
      responseMode: 'form_post',
      authentication: 'post',
      pkce: true,
      mapProfileToUser: mapOidcProfile,
    });
  }

  const auth = betterAuth({
    appName: APP_NAME,
    baseURL: publicUrl,
    basePath: '/api/auth',
    secret: deps.secrets.sessionSecret,
    database: drizzleAdapter(deps.db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications, rateLimit: rateLimits },
      transaction: true,
    }),
    telemetry: { enabled: false },
    logger: {
      level: 'warn',
      log: (level, message) => {
        // better-auth's messages may name an email address; keep only the text of warnings and errors.
        if (level === 'error') logger.error({ source: 'better-auth' }, message);
        else if (level === 'warn') logger.warn({ source: 'better-auth' }, message);
      },
    },
    trustedOrigins: env.APP_ORIGINS,
    // Everything not handled here is disabled: profile edits, password change, unlinking and
    // deletion go through /api/me so our rules apply (verified email, verified connection, Pro).
    disabledPaths: [
      '/update-user',
      '/change-password',
      '/change-email',
      '/unlink-account',
      '/delete-user',
      '/delete-user/callback',
      '/get-access-token',
      '/refresh-token',
      '/account-info',
      // They show or take raw session tokens; "sign out everywhere" is /revoke-sessions.
      '/list-sessions',
      '/revoke-session',
      // The admin plugin's endpoints: the operator console calls the ones it uses from the server
      // (features/admin), behind its own guard and audit log; none is reachable over HTTP.
      ...ADMIN_PLUGIN_PATHS,
    ],
    user: {
      additionalFields: {
        // Names may come from an OpenID profile (mapOidcProfile); sign-up bodies cannot carry them
        // (auth.routes.ts refuses unknown fields) and /update-user is disabled: PATCH /api/me edits them.
        firstName: { type: 'string', required: false, input: true, validator: { input: profileName } },
        lastName: { type: 'string', required: false, input: true, validator: { input: profileName } },
        displayName: { type: 'string', required: false, input: true, validator: { input: profileName } },
        // The sign-up request may say which language the mails should be in.
        locale: { type: 'string', required: false, input: true, validator: { input: z.enum(LOCALES) } },
        accessLevel: { type: 'string', required: false, input: false, defaultValue: 'free' },
        profilePhotoKey: { type: 'string', required: false, input: false, returned: false },
      },
      // An outside identity must vouch for its email: such an identity never creates an account
      // (nor links, which better-auth refuses on its own), so every google/apple row is verified.
      validateUserInfo: ({ user, source }) => {
        if (source.method === 'oauth' && source.action !== 'sign-in' && user.emailVerified !== true) {
          return { error: 'unverified_identity', errorDescription: 'The provider has not verified this email.' };
        }
      },
    },
    account: {
      encryptOAuthTokens: true,
      accountLinking: {
        enabled: true,
        // Nobody is trusted blindly: an identity links implicitly only when its email_verified is
        // true and the local account's email is verified too.
        trustedProviders: [],
        requireLocalEmailVerified: true,
        // Linking from Settings (signed in) may add a Google/Apple account with another address.
        allowDifferentEmails: true,
      },
    },
    emailAndPassword: {
      enabled: true,
      ...(deps.passwordHashing ? { password: deps.passwordHashing } : {}),
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 20,
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_EXPIRES_IN,
      sendResetPassword: async ({ user, token }) => {
        const kind = delivery.getStore()?.kind === 'change-password' ? 'change-password' : 'reset-password';
        await deliver(composeMail(kind, user, resetLink(publicUrl, token)));
      },
      // Following a reset link proves the mailbox is the user's.
      onPasswordReset: async ({ user }) => {
        if (!user.emailVerified) {
          const ctx = await auth.$context;
          await ctx.internalAdapter.updateUser(user.id, { emailVerified: true });
        }
      },
      // Sign-up with a known address answers like a fresh sign-up; the owner gets this mail instead.
      onExistingUserSignUp: async ({ user }) => {
        await deliver(
          composeMail('sign-up-attempt', user, `${publicUrl}/sign-in`, { resetLink: `${publicUrl}/forgot-password` }),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: VERIFICATION_EXPIRES_IN,
      sendVerificationEmail: async ({ user, token }) => {
        await deliver(composeMail('verify-email', user, verificationLink(publicUrl, token)));
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      // No cookie cache: a revoked session must stop working on the next request.
      cookieCache: { enabled: false },
    },
    rateLimit: {
      // better-auth turns this off outside production by default; it is on in every mode here.
      enabled: true,
      // Per address and path, in the app's limit store: Redis with REDIS_URL, so every instance
      // counts the same requests (decision 033).
      customStorage: authRateLimitStorage(deps.limits),
      window: 10,
      max: 100,
      customRules: {
        '/sign-in/email': strict,
        '/sign-up/email': strict,
        '/sign-in/social': strict,
        '/link-social': strict,
        '/request-password-reset': strict,
        '/reset-password': strict,
        '/send-verification-email': strict,
        '/verify-email': strict,
        // Read on every page load; it writes nothing.
        '/get-session': false,
      },
    },
    onAPIError: { errorURL: `${publicUrl}/sign-in` },
    advanced: {
      cookiePrefix: 'polymath',
      useSecureCookies: publicUrl.startsWith('https:'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      // better-auth skips these checks when NODE_ENV=test; tests must see what production does.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      // auth.routes.ts sets this header from the socket, or from X-Forwarded-For with TRUST_PROXY.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user, ctx) => {
            const data = user as typeof user & { displayName?: string | null; locale?: string | null };
            const locale =
              data.locale ?? localeFromAcceptLanguage(ctx?.request?.headers.get('accept-language')) ?? DEFAULT_LOCALE;
            const displayName = (data.displayName || user.name || '').slice(0, 60) || null;
            return { data: { ...user, locale, displayName } };
          },
        },
      },
    },
    plugins: [
      // Roles, bans (a banned person cannot start a session) and ending a person's sessions.
      admin({ bannedUserMessage: ERROR_MESSAGES.ACCOUNT_BANNED }),
      ...(oauthProviders.length > 0 ? [genericOAuth({ config: oauthProviders })] : []),
    ],
  });
  return auth;
}

/** Every endpoint of better-auth's admin plugin (1.7): disabled over HTTP, used from the server only. */
const ADMIN_PLUGIN_PATHS = [
  '/admin/set-role',
  '/admin/get-user',
  '/admin/create-user',
  '/admin/update-user',
  '/admin/list-users',
  '/admin/list-user-sessions',
  '/admin/unban-user',
  '/admin/ban-user',
  '/admin/impersonate-user',
  '/admin/stop-impersonating',
  '/admin/revoke-user-session',
  '/admin/revoke-user-sessions',
  '/admin/remove-user',
  '/admin/set-user-password',
  '/admin/has-permission',
];

const profileName = z.string().trim().max(60).optional();

/** OpenID Connect claims → our extra user fields. */
function mapOidcProfile(profile: Record<string, unknown>) {
  const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, 60) : undefined);
  return {
    firstName: str(profile.given_name),
    lastName: str(profile.family_name),
    displayName: str(profile.name),
  };
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * better-auth's rate limiter on the app's limit store: one limit per rule (window and max), keyed
 * by better-auth's own key (the client's address and the path). Atomic in Redis and in process.
 */
export function authRateLimitStorage(limits: LimitStore) {
  return {
    async consume(key: string, rule: { window: number; max: number }) {
      const result = await limits.limit(`auth:${rule.window}s:${rule.max}`, rule.max, rule.window).hit(key);
      return { allowed: result.allowed, retryAfter: result.allowed ? null : result.retryAfterSeconds };
    },
  };
}
