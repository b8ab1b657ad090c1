import type { Profile } from '@polymath/shared';
import { eq } from 'drizzle-orm';
import { Events, OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { accounts, sessions, users } from '../src/db/schema/index.ts';
import {
  AUTH_TEST_ENV,
  type CaptureMailer,
  captureMailer,
  changesHeard,
  client,
  expectError,
  PASSWORD,
  pathOf,
  signedInUser,
  type TestClient,
  uniqueEmail,
} from './auth-helpers.ts';
import { createTestApp, type DatabaseContext, describeEachDatabase } from './databases.ts';

/**
 * Google sign-in through the real OpenID Connect code flow, against oauth2-mock-server standing in
 * for accounts.google.com: discovery, authorize (auto-approved), token exchange with PKCE, ID token
 * signature, audience and nonce checks.
 */
let idp: OAuth2Server;
/** Claims the mock puts in its next tokens and userinfo answer. */
let claims: Record<string, unknown> = {};

beforeAll(async () => {
  idp = new OAuth2Server();
  await idp.issuer.keys.generate('RS256');
  await idp.start(0, '127.0.0.1');
  idp.service.on(Events.BeforeTokenSigning, (token) => {
    Object.assign(token.payload, claims);
  });
  idp.service.on(Events.BeforeUserinfo, (userinfo) => {
    userinfo.body = { ...claims };
  });
});

afterAll(async () => {
  await idp?.stop();
});

function identity(email: string, verified: boolean, sub = `google-${email}`) {
  return { sub, email, email_verified: verified, name: 'Grace Hopper', given_name: 'Grace', family_name: 'Hopper' };
}

function setup(ctx: DatabaseContext, extraEnv: Record<string, string> = {}): { app: App; mailer: CaptureMailer } {
  const mailer = captureMailer();
  const app = createTestApp(ctx.database, {
    env: {
      ...AUTH_TEST_ENV,
      ...extraEnv,
      GOOGLE_CLIENT_ID: 'polymath-test-client',
      GOOGLE_CLIENT_SECRET: 'polymath-test-secret',
      GOOGLE_ISSUER: idp.issuer.url ?? '',
      APPLE_CLIENT_ID: 'polymath-apple-client',
      APPLE_CLIENT_SECRET: 'apple-client-secret-jwt',
      APPLE_ISSUER: idp.issuer.url ?? '',
    },
    mailer,
  });
  return { app, mailer };
}

/**
 * Starts sign-in (or linking, for a signed-in client), lets the mock provider approve, and calls our
 * callback with the code, the state and the state cookie; returns the callback's answer.
 */
async function viaGoogle(c: TestClient, as: Record<string, unknown>, mode: 'sign-in' | 'link' = 'sign-in') {
  claims = as;
  const start = await c.post(mode === 'link' ? '/api/auth/link-social' : '/api/auth/sign-in/social', {
    provider: 'google',
    callbackURL: mode === 'link' ? '/settings/login-connections' : '/web-main',
    errorCallbackURL: mode === 'link' ? '/settings/login-connections' : '/sign-in',
  });
  expect(start.status, await start.clone().text()).toBe(200);
  const { url } = (await start.json()) as { url: string };
  expect(url.startsWith(`${idp.issuer.url}/authorize?`)).toBe(true);
  const authorize = new URL(url);
  expect(authorize.searchParams.get('redirect_uri')).toBe('http://localhost:3000/api/auth/callback/google');
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('nonce')).toBeTruthy();

  const approved = await fetch(url, { redirect: 'manual' });
  expect(approved.status).toBe(302);
  const callback = approved.headers.get('location') ?? '';
  expect(callback.startsWith('http://localhost:3000/api/auth/callback/google?')).toBe(true);
  // A browser following a redirect sends no Origin on the GET.
  return c.get(pathOf(callback), { origin: null });
}

async function profile(c: TestClient): Promise<Profile> {
  const res = await c.get('/api/me');
  expect(res.status).toBe(200);
  return (await res.json()) as Profile;
}

describeEachDatabase('oauth: Google sign-in (OpenID Connect)', { exercises: [] }, (ctx) => {
  it('a new verified identity creates an account and a session; /api/me shows providers [google]', async () => {
    const { app } = setup(ctx);
    expect(((await (await app.request('/api/config')).json()) as { authProviders: string[] }).authProviders).toEqual([
      'google',
      'apple',
    ]);
    const c = client(app);
    const email = uniqueEmail('grace');
    const res = await viaGoogle(c, identity(email, true));
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/web-main');
    expect(c.jar.cookies.has('polymath.session_token')).toBe(true);
    expect(await profile(c)).toMatchObject({
      email: email.toLowerCase(),
      emailVerified: true,
      providers: ['google'],
      displayName: 'Grace Hopper',
      firstName: 'Grace',
      lastName: 'Hopper',
      accessLevel: 'free',
    });
    // OAuth tokens are stored encrypted.
    const [row] = await ctx.database.db.select().from(accounts).where(eq(accounts.providerId, 'google'));
    expect(row?.accessToken ?? '').not.toMatch(/^eyJ/);

    // Signing in again with the same identity reaches the same account.
    const again = client(app);
    expect((await viaGoogle(again, identity(email, true))).status).toBe(302);
    expect((await profile(again)).id).toBe((await profile(c)).id);
  });

  it('Sign in with Apple: the provider POSTs the code (form_post); the account shows providers [apple]', async () => {
    const { app } = setup(ctx);
    const c = client(app);
    const email = uniqueEmail('apple');
    claims = { ...identity(email, true, 'apple-sub-1'), email_verified: 'true', name: undefined };
    const start = await c.post('/api/auth/sign-in/social', { provider: 'apple', callbackURL: '/web-main' });
    const { url } = (await start.json()) as { url: string };
    expect(new URL(url).searchParams.get('response_mode')).toBe('form_post');
    expect(new URL(url).searchParams.get('scope')).toBe('openid email name');
    const approved = await fetch(url, { redirect: 'manual' });
    const callback = new URL(approved.headers.get('location') ?? '');
    expect(callback.pathname).toBe('/api/auth/callback/apple');
    // What Apple does: a cross-site form POST (SameSite=Lax keeps our cookies out of it).
    const posted = await client(app).request('POST', callback.pathname, {
      body: callback.searchParams.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      origin: 'https://appleid.apple.com',
    });
    expect(posted.status).toBe(302);
    const get = new URL(posted.headers.get('location') ?? '');
    const res = await c.get(`${get.pathname}${get.search}`, { origin: null });
    expect(res.headers.get('location')).toBe('/web-main');
    expect(await profile(c)).toMatchObject({ email: email.toLowerCase(), providers: ['apple'], emailVerified: true });
  });

  it('the callback without the state cookie of the browser that started it fails', async () => {
    const { app } = setup(ctx);
    const c = client(app);
    claims = identity(uniqueEmail(), true);
    const start = await c.post('/api/auth/sign-in/social', { provider: 'google', callbackURL: '/web-main' });
    const { url } = (await start.json()) as { url: string };
    const approved = await fetch(url, { redirect: 'manual' });
    const victim = client(app); // another browser, no state cookie
    const res = await victim.get(pathOf(approved.headers.get('location') ?? ''), { origin: null });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(/\/sign-in\?error=AUTHENTICATION_FAILED$/);
    expect(victim.jar.cookies.has('polymath.session_token')).toBe(false);
  });

  it('a verified identity with the email of a verified password account links to it', async () => {
    const { app, mailer } = setup(ctx);
    const email = uniqueEmail();
    const owner = await signedInUser(app, mailer, email);
    const c = client(app);
    const res = await viaGoogle(c, identity(email, true));
    expect(res.headers.get('location')).toBe('/web-main');
    const p = await profile(c);
    expect(p.id).toBe((await profile(owner)).id);
    expect(p.providers).toEqual(['credential', 'google']);
  });

  it('an identity whose email is not verified never links to an existing account', async () => {
    const { app, mailer } = setup(ctx);
    const email = uniqueEmail();
    const owner = await signedInUser(app, mailer, email);
    const { id } = await profile(owner);
    const attacker = client(app);
    const res = await viaGoogle(attacker, identity(email, false, 'attacker-sub'));
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/sign-in?error=ACCOUNT_EXISTS_WITH_DIFFERENT_CREDENTIAL');
    expect(attacker.jar.cookies.has('polymath.session_token')).toBe(false);
    const rows = await ctx.database.db.select().from(accounts).where(eq(accounts.userId, id));
    expect(rows.map((r) => r.providerId)).toEqual(['credential']);
    expect((await profile(owner)).providers).toEqual(['credential']);
  });

  it('an identity whose email is not verified does not create an account either', async () => {
    const { app } = setup(ctx);
    const email = uniqueEmail();
    const c = client(app);
    const res = await viaGoogle(c, identity(email, false));
    expect(res.headers.get('location')).toBe('/sign-in?error=AUTHENTICATION_FAILED');
    expect(c.jar.cookies.has('polymath.session_token')).toBe(false);
    expect(await ctx.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('a verified identity does not link to a password account whose email is not verified yet', async () => {
    const { app, mailer } = setup(ctx);
    const email = uniqueEmail();
    const res0 = await client(app).post('/api/auth/sign-up/email', { name: 'Squatter', email, password: PASSWORD });
    expect(res0.status).toBe(200);
    await mailer.next(email, 'verify-email');
    const c = client(app);
    const res = await viaGoogle(c, identity(email, true));
    expect(res.headers.get('location')).toBe('/sign-in?error=ACCOUNT_EXISTS_WITH_DIFFERENT_CREDENTIAL');
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    const rows = await ctx.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.userId, user?.id ?? ''));
    expect(rows.map((r) => r.providerId)).toEqual(['credential']);
  });
});

describeEachDatabase('oauth: a banned person', { exercises: [] }, (ctx) => {
  /** Bans the account of `email` as an operator does, from the console. */
  async function ban(app: App, mailer: CaptureMailer, operatorEmail: string, email: string) {
    const operator = await signedInUser(app, mailer, operatorEmail);
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email.toLowerCase()));
    const res = await operator.post(`/api/admin/people/${user?.id}/ban`, { reason: 'Spam' });
    expect(res.status, await res.clone().text()).toBe(200);
    return user?.id ?? '';
  }

  /**
   * The callback sends the browser to the sign-in page with ACCOUNT_BANNED, the code a banned email
   * sign-in answers (the page shows its catalogue words, errors:ACCOUNT_BANNED), and no session is made.
   */
  async function refused(c: TestClient, res: Response, userId: string) {
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get('location') ?? '', 'http://localhost:3000');
    expect(`${to.origin}${to.pathname}${to.search}`).toBe('http://localhost:3000/sign-in?error=ACCOUNT_BANNED');
    expect(c.jar.cookies.has('polymath.session_token')).toBe(false);
    await expectError(await c.get('/api/me'), 401, 'UNAUTHORIZED');
    const live = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(live).toEqual([]);
  }

  it('signing in with Google is refused with the banned message, and no session is made', async () => {
    const operatorEmail = uniqueEmail('op');
    const { app, mailer } = setup(ctx, { ADMIN_EMAILS: operatorEmail });
    const email = uniqueEmail('banned-google');
    const first = client(app);
    expect((await viaGoogle(first, identity(email, true))).headers.get('location')).toBe('/web-main');
    const userId = await ban(app, mailer, operatorEmail, email);
    await expectError(await first.get('/api/me'), 401, 'UNAUTHORIZED');

    const c = client(app);
    await refused(c, await viaGoogle(c, identity(email, true)), userId);
  });

  it('signing in with Apple is refused with the banned message, and no session is made', async () => {
    const operatorEmail = uniqueEmail('op');
    const { app, mailer } = setup(ctx, { ADMIN_EMAILS: operatorEmail });
    const email = uniqueEmail('banned-apple');
    const viaApple = async (c: TestClient) => {
      claims = { ...identity(email, true, 'apple-banned-sub'), email_verified: 'true', name: undefined };
      const start = await c.post('/api/auth/sign-in/social', { provider: 'apple', callbackURL: '/web-main' });
      const { url } = (await start.json()) as { url: string };
      const approved = await fetch(url, { redirect: 'manual' });
      const callback = new URL(approved.headers.get('location') ?? '');
      const posted = await client(app).request('POST', callback.pathname, {
        body: callback.searchParams.toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        origin: 'https://appleid.apple.com',
      });
      expect(posted.status).toBe(302);
      const get = new URL(posted.headers.get('location') ?? '');
      return c.get(`${get.pathname}${get.search}`, { origin: null });
    };
    const first = client(app);
    expect((await viaApple(first)).headers.get('location')).toBe('/web-main');
    const userId = await ban(app, mailer, operatorEmail, email);

    const c = client(app);
    await refused(c, await viaApple(c), userId);
  });
});

describeEachDatabase('oauth: linking and unlinking in Settings', { exercises: ['locks'] }, (ctx) => {
  it('a signed-in user links a verified Google account (another address is fine) and can then sign in with it', async () => {
    const { app, mailer } = setup(ctx);
    const c = await signedInUser(app, mailer);
    const res = await viaGoogle(c, identity(uniqueEmail('gmail'), true), 'link');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/settings/login-connections');
    const p = await profile(c);
    expect(p.providers).toEqual(['credential', 'google']);

    const other = client(app);
    expect((await viaGoogle(other, { ...claims })).headers.get('location')).toBe('/web-main');
    expect((await profile(other)).id).toBe(p.id);
  });

  it('an unknown provider is refused before better-auth sees it', async () => {
    const { app } = setup(ctx);
    await expectError(
      await client(app).post('/api/auth/sign-in/social', { provider: 'facebook' }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('linking an unverified identity is refused', async () => {
    const { app, mailer } = setup(ctx);
    const c = await signedInUser(app, mailer);
    const res = await viaGoogle(c, identity(uniqueEmail(), false), 'link');
    expect(res.headers.get('location')).toBe('/settings/login-connections?error=AUTHENTICATION_FAILED');
    expect((await profile(c)).providers).toEqual(['credential']);
  });

  it('linking a Google account that belongs to someone else is refused (CREDENTIAL_USED)', async () => {
    const { app, mailer } = setup(ctx);
    const taken = identity(uniqueEmail(), true);
    const first = client(app);
    await viaGoogle(first, taken);
    const c = await signedInUser(app, mailer);
    const res = await viaGoogle(c, taken, 'link');
    expect(res.headers.get('location')).toBe('/settings/login-connections?error=CREDENTIAL_USED');
    expect((await profile(c)).providers).toEqual(['credential']);
    expect((await profile(first)).providers).toEqual(['google']);
  });

  it('unlink rules: at least one verified connection must remain', async () => {
    const { app, mailer } = setup(ctx);
    // Password + Google: either one can go, not both.
    const c = await signedInUser(app, mailer);
    await viaGoogle(c, identity(uniqueEmail(), true), 'link');
    const unlinked = await c.delete('/api/me/connections/google');
    expect(unlinked.status).toBe(200);
    expect(((await unlinked.json()) as Profile).providers).toEqual(['credential']);
    const last = await expectError(
      await c.delete('/api/me/connections/credential'),
      409,
      'VERIFIED_CONNECTION_REQUIRED',
    );
    expect(last.error.message).toBe('At least one verified connection required.');
    await expectError(await c.delete('/api/me/connections/google'), 404, 'NOT_FOUND');

    await viaGoogle(c, identity(uniqueEmail(), true), 'link');
    const noPassword = await c.delete('/api/me/connections/credential');
    expect(((await noPassword.json()) as Profile).providers).toEqual(['google']);
    await expectError(await c.delete('/api/me/connections/google'), 409, 'VERIFIED_CONNECTION_REQUIRED');

    // An unverified password does not count: Google cannot go when it is the only verified one.
    const d = client(app);
    await viaGoogle(d, identity(uniqueEmail(), true));
    const { id } = await profile(d);
    await ctx.database.db
      .insert(accounts)
      .values({ id: `cred-${id}`, accountId: id, providerId: 'credential', userId: id, password: 'x' });
    await ctx.database.db.update(users).set({ emailVerified: false }).where(eq(users.id, id));
    await changesHeard(ctx.database);
    await expectError(await d.delete('/api/me/connections/google'), 409, 'VERIFIED_CONNECTION_REQUIRED');
    expect((await profile(d)).providers).toEqual(['credential', 'google']);
  });
});
