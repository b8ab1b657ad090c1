import { scryptSync } from 'node:crypto';
import { VALIDATION_MESSAGES } from '@polymath/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type App, createApp } from '../src/app.ts';
import { accounts, sessions, users } from '../src/db/schema/index.ts';
import {
  AUTH_TEST_ENV,
  type CaptureMailer,
  CookieJar,
  captureMailer,
  changesHeard,
  client,
  expectError,
  PASSWORD,
  pathOf,
  signedInUser,
  signUp,
  uniqueEmail,
} from './auth-helpers.ts';
import { createTestApp, createTestDeps, type DatabaseContext, describeEachDatabase } from './databases.ts';

function setup(ctx: DatabaseContext, env: Record<string, string> = {}): { app: App; mailer: CaptureMailer } {
  const mailer = captureMailer();
  return { app: createTestApp(ctx.database, { env: { ...AUTH_TEST_ENV, ...env }, mailer }), mailer };
}

/** Waits until better-auth's background mail work settles. */
const settle = () => new Promise((r) => setTimeout(r, 100));

describeEachDatabase('auth: email and password', { exercises: [] }, (ctx) => {
  it('sign-up → verification mail → the link verifies → sign-in gives a session and /api/me', async () => {
    const { app, mailer } = setup(ctx);
    const c = client(app);
    const email = uniqueEmail('Ada');
    const res = await c.post('/api/auth/sign-up/email', { name: 'Ada Lovelace', email, password: PASSWORD });
    expect(res.status).toBe(200);
    expect(c.jar.cookies.size).toBe(0); // no session before the email is verified
    const mail = await mailer.next(email, 'verify-email');
    expect(mail.to).toBe(email.toLowerCase());
    expect(mail.link).toMatch(
      /^http:\/\/localhost:3000\/api\/auth\/verify-email\?token=[^&]+&callbackURL=%2Fsign-in%3Fverified%3D1$/,
    );
    expect(mail.subject).toContain('Verify your email');
    expect(mail.text).toContain(mail.link);
    expect(mail.html).toContain('Verify email address');

    const verified = await c.get(pathOf(mail.link));
    expect(verified.status).toBe(302);
    expect(verified.headers.get('location')).toBe('/sign-in?verified=1');

    const signIn = await c.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(signIn.status).toBe(200);
    const setCookie = signIn.headers.getSetCookie().find((s) => s.startsWith('polymath.session_token='));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i); // PUBLIC_URL is http in tests

    const me = await c.get('/api/me');
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({
      id: expect.any(String),
      email: email.toLowerCase(),
      emailVerified: true,
      displayName: 'Ada Lovelace',
      firstName: null,
      lastName: null,
      profilePhotoUrl: null,
      accessLevel: 'free',
      providers: ['credential'],
      locale: 'en',
    });

    const session = await c.get('/api/auth/get-session');
    expect(session.status).toBe(200);
    const sessionBody = (await session.json()) as { user: { email: string }; session: Record<string, unknown> };
    expect(sessionBody.user.email).toBe(email.toLowerCase());
    // The session token lives only in the httpOnly cookie.
    expect(sessionBody.session.token).toBeUndefined();
    expect(((await signIn.clone().json()) as { token: unknown }).token).toBeNull();
    const cookieToken = c.jar.cookies.get('polymath.session_token') ?? '';
    expect(JSON.stringify(sessionBody)).not.toContain(decodeURIComponent(cookieToken).split('.')[0]);
    expect((await c.get('/api/auth/get-session', { origin: null })).status).toBe(200);
    await expectError(await client(app).get('/api/auth/list-sessions'), 404, 'NOT_FOUND');
  });

  it("without the tests' cheaper hashing, passwords are better-auth's scrypt (N 16384, r 16) and sign in", async () => {
    const mailer = captureMailer();
    const deps = createTestDeps(ctx.database, { env: AUTH_TEST_ENV, mailer });
    const app = createApp({ ...deps, passwordHashing: undefined });
    const email = uniqueEmail();
    await signedInUser(app, mailer, email);
    const [user] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const [row] = await ctx.database.db
      .select({ password: accounts.password })
      .from(accounts)
      .where(eq(accounts.userId, user?.id ?? ''));
    const [salt = '', key = ''] = (row?.password ?? '').split(':');
    expect(salt).toMatch(/^[0-9a-f]{32}$/);
    const production = scryptSync(PASSWORD.normalize('NFKC'), salt, 64, {
      N: 16384,
      r: 16,
      p: 1,
      maxmem: 64 * 1024 * 1024,
    });
    expect(key).toBe(production.toString('hex'));
    // A test app (cheaper hashing) still checks a hash the default wrote.
    const { app: testApp } = setup(ctx);
    expect((await client(testApp).post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
    expect((await client(testApp).post('/api/auth/sign-in/email', { email, password: 'wrong-horse-1' })).status).toBe(
      401,
    );
  });

  it('a sign-in makes a new session id each time', async () => {
    const { app, mailer } = setup(ctx);
    const email = uniqueEmail();
    const first = await signedInUser(app, mailer, email);
    const second = client(app);
    expect((await second.post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
    const token = (c: { jar: CookieJar }) => c.jar.cookies.get('polymath.session_token');
    expect(token(first)).toBeTruthy();
    expect(token(second)).toBeTruthy();
    expect(token(first)).not.toBe(token(second));
  });

  it('mails follow the locale sent at sign-up, or Accept-Language', async () => {
    const { app, mailer } = setup(ctx);
    const tr = uniqueEmail();
    await signUp(client(app), mailer, tr, { locale: 'tr' }).then((m) => {
      expect(m.locale).toBe('tr');
      expect(m.subject).toContain('doğrulayın');
      expect(m.html).toContain('lang="tr"');
    });
    const byHeader = uniqueEmail();
    const c = client(app);
    await c.post(
      '/api/auth/sign-up/email',
      { name: 'Ayşe', email: byHeader, password: PASSWORD },
      { headers: { 'accept-language': 'de-DE,tr;q=0.8,en;q=0.5' } },
    );
    expect((await mailer.next(byHeader, 'verify-email')).locale).toBe('tr');
    const [row] = await ctx.database.db.select().from(users).where(eq(users.email, byHeader));
    expect(row?.locale).toBe('tr');
  });

  it('sign-in before verifying → 403 EMAIL_NOT_VERIFIED, no session, and the verification mail is sent again', async () => {
    const { app, mailer } = setup(ctx);
    const c = client(app);
    const email = uniqueEmail();
    await signUp(c, mailer, email);
    const res = await c.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    const body = await expectError(res, 403, 'EMAIL_NOT_VERIFIED');
    expect(body.error.message).toBe('Verify your email address through your email');
    expect(c.jar.cookies.size).toBe(0);
    const again = await mailer.next(email, 'verify-email');
    expect((await c.get(pathOf(again.link))).status).toBe(302);
    expect((await c.post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
  });

  it('the resend endpoint sends a new verification mail to an unverified address', async () => {
    const { app, mailer } = setup(ctx);
    const c = client(app);
    const email = uniqueEmail();
    await signUp(c, mailer, email);
    const res = await c.post('/api/auth/send-verification-email', { email });
    expect(res.status).toBe(200);
    await mailer.next(email, 'verify-email');
  });

  it('wrong password and unknown email → the same 401 INVALID_CREDENTIAL', async () => {
    const { app, mailer } = setup(ctx);
    const email = uniqueEmail();
    await signedInUser(app, mailer, email);
    const wrong = await client(app).post('/api/auth/sign-in/email', { email, password: 'wrong-password' });
    const unknown = await client(app).post('/api/auth/sign-in/email', { email: uniqueEmail(), password: PASSWORD });
    const a = await expectError(wrong, 401, 'INVALID_CREDENTIAL');
    const b = await expectError(unknown, 401, 'INVALID_CREDENTIAL');
    expect(a.error.message).toBe('Invalid credential');
    expect({ ...a.error, requestId: undefined }).toEqual({ ...b.error, requestId: undefined });
  });

  it('bad bodies → 400 VALIDATION_FAILED with the spec messages; nothing is created', async () => {
    const { app } = setup(ctx);
    const c = client(app);
    const email = uniqueEmail();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: 'A', email, password: 'short' }, 'password', VALIDATION_MESSAGES.passwordMin],
      [{ name: 'A', email, password: 'x'.repeat(21) }, 'password', VALIDATION_MESSAGES.passwordMax],
      [{ name: 'A', email, password: '' }, 'password', VALIDATION_MESSAGES.passwordRequired],
      [{ name: 'A', email: 'not-an-email', password: PASSWORD }, 'email', VALIDATION_MESSAGES.invalidEmail],
      [{ name: '', email, password: PASSWORD }, 'name', VALIDATION_MESSAGES.required],
      [{ name: 'nul\u0000', email, password: PASSWORD }, 'name', 'Invalid characters'],
      [
        { name: 'A', email, password: PASSWORD, confirmPassword: 'other' },
        'confirmPassword',
        VALIDATION_MESSAGES.passwordsMustMatch,
      ],
      [{ name: 'A', email, password: PASSWORD, emailVerified: true }, '', 'Unrecognized key: "emailVerified"'],
      [{ name: 'A', email, password: PASSWORD, accessLevel: 'pro' }, '', 'Unrecognized key: "accessLevel"'],
      [{ name: 'A', email, password: PASSWORD, locale: 'de' }, 'locale', ''],
    ];
    for (const [body, path, message] of cases) {
      const res = await c.post('/api/auth/sign-up/email', body);
      const err = await expectError(res, 400, 'VALIDATION_FAILED');
      const field = err.error.details?.fields?.find((f) => f.path === path);
      expect(field, JSON.stringify(err)).toBeDefined();
      if (message) expect(field?.message).toBe(message);
    }
    expect(await ctx.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);

    expect(
      (
        await c.request('POST', '/api/auth/sign-up/email', {
          body: '{',
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(400);
    await expectError(
      await c.request('POST', '/api/auth/sign-up/email', {
        body: 'name=a',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    await expectError(
      await c.post('/api/auth/reset-password', { token: 'x', newPassword: 'short' }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('a sign-in password longer than 20 characters → VALIDATION_FAILED, not a server error', async () => {
    const { app } = setup(ctx);
    const res = await client(app).post('/api/auth/sign-in/email', { email: uniqueEmail(), password: 'p'.repeat(64) });
    const body = await expectError(res, 400, 'VALIDATION_FAILED');
    expect(body.error.details?.fields).toEqual([{ path: 'password', message: VALIDATION_MESSAGES.passwordMax }]);
  });

  it('an unknown /api/auth path → 404 NOT_FOUND in our shape', async () => {
    const { app } = setup(ctx);
    await expectError(await client(app).get('/api/auth/nope'), 404, 'NOT_FOUND');
  });

  it('better-auth paths that bypass our rules are disabled', async () => {
    const { app, mailer } = setup(ctx);
    const c = await signedInUser(app, mailer);
    for (const path of [
      '/update-user',
      '/change-password',
      '/unlink-account',
      '/delete-user',
      '/get-access-token',
      '/revoke-session',
    ]) {
      const res = await c.post(`/api/auth${path}`, { name: 'x', newPassword: 'abcdefgh1', currentPassword: PASSWORD });
      expect(res.status, path).toBe(404);
    }
  });
});

describeEachDatabase('auth: no enumeration', { exercises: ['concurrent-writes'] }, (ctx) => {
  it('sign-up with a known email answers exactly like a fresh one; the owner is told by mail instead', async () => {
    const { app, mailer } = setup(ctx);
    const known = uniqueEmail();
    await signedInUser(app, mailer, known);
    const fresh = uniqueEmail();
    const [a, b] = await Promise.all([
      client(app).post('/api/auth/sign-up/email', { name: 'Mallory', email: known, password: 'other-pass-1' }),
      client(app).post('/api/auth/sign-up/email', { name: 'Mallory', email: fresh, password: 'other-pass-1' }),
    ]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    const [bodyA, bodyB] = [await a.text(), await b.text()];
    expect(bodyA).toBe('{"status":true}');
    expect(bodyB).toBe(bodyA);
    expect(a.headers.getSetCookie()).toEqual([]);
    expect(b.headers.getSetCookie()).toEqual([]);

    const notice = await mailer.next(known, 'sign-up-attempt');
    expect(notice.subject).toContain('Someone tried to sign up');
    expect(notice.link).toBe('http://localhost:3000/sign-in');
    expect(notice.text).toContain('http://localhost:3000/forgot-password');
    await mailer.next(fresh, 'verify-email');
    await settle();
    expect(mailer.to(known).filter((m) => m.kind === 'verify-email')).toHaveLength(1); // only the first sign-up's

    // The known account is untouched: the old password still works, the new one does not.
    expect((await client(app).post('/api/auth/sign-in/email', { email: known, password: 'other-pass-1' })).status).toBe(
      401,
    );
    expect((await client(app).post('/api/auth/sign-in/email', { email: known, password: PASSWORD })).status).toBe(200);
  });

  it('two sign-ups racing for one new address both answer like any sign-up', async () => {
    const { app, mailer } = setup(ctx);
    const email = uniqueEmail();
    const answers = await Promise.all(
      [1, 2].map((i) => client(app).post('/api/auth/sign-up/email', { name: `Racer ${i}`, email, password: PASSWORD })),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(await Promise.all(answers.map((r) => r.text()))).toEqual(['{"status":true}', '{"status":true}']);
    await mailer.next(email, 'verify-email');
    expect(await ctx.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('forgot-password answers the same for known and unknown emails; only the known one gets a mail', async () => {
    const { app, mailer } = setup(ctx);
    const known = uniqueEmail();
    await signedInUser(app, mailer, known);
    const unknown = uniqueEmail();
    const a = await client(app).post('/api/auth/request-password-reset', { email: known });
    const b = await client(app).post('/api/auth/request-password-reset', { email: unknown });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(await a.json()).toEqual(await b.json());
    const mail = await mailer.next(known, 'reset-password');
    expect(mail.link).toMatch(/^http:\/\/localhost:3000\/forgot-password\?token=[A-Za-z0-9]+$/);
    await settle();
    expect(mailer.to(unknown)).toEqual([]);
  });

  it('resend-verification answers the same for unknown, verified and unverified emails', async () => {
    const { app, mailer } = setup(ctx);
    const verified = uniqueEmail();
    await signedInUser(app, mailer, verified);
    const unverified = uniqueEmail();
    await signUp(client(app), mailer, unverified);
    const bodies = [];
    for (const email of [uniqueEmail(), verified, unverified]) {
      const res = await client(app).post('/api/auth/send-verification-email', { email });
      expect(res.status).toBe(200);
      bodies.push(await res.json());
    }
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
  });
});

describeEachDatabase('auth: rate limits', { exercises: [] }, (ctx) => {
  it('the 6th sign-in attempt within the window → 429 RATE_LIMITED; another client is not affected', async () => {
    const { app, mailer } = setup(ctx, { AUTH_RATE_LIMIT_MAX: '5', AUTH_RATE_LIMIT_WINDOW_SECONDS: '60' });
    const email = uniqueEmail();
    await signedInUser(app, mailer, email);
    const attacker = client(app);
    for (let i = 1; i <= 5; i++) {
      const res = await attacker.post('/api/auth/sign-in/email', { email, password: `wrong-${i}-pass` });
      expect(res.status, `attempt ${i}`).toBe(401);
    }
    const sixth = await attacker.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    const body = await expectError(sixth, 429, 'RATE_LIMITED');
    expect(body.error.message).toMatch(/too many requests/i);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(attacker.jar.cookies.size).toBe(0);
    // The owner, from elsewhere, still gets in.
    expect((await client(app).post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
  });

  it('sign-up, forgot-password and verification mails are limited too', async () => {
    const { app, mailer } = setup(ctx, { AUTH_RATE_LIMIT_MAX: '3' });
    const c = client(app);
    for (let i = 0; i < 3; i++) {
      expect(
        (await c.post('/api/auth/sign-up/email', { name: 'A', email: uniqueEmail(), password: PASSWORD })).status,
      ).toBe(200);
    }
    await expectError(
      await c.post('/api/auth/sign-up/email', { name: 'A', email: uniqueEmail(), password: PASSWORD }),
      429,
      'RATE_LIMITED',
    );
    const victim = uniqueEmail();
    await signedInUser(app, mailer, victim);
    for (let i = 0; i < 3; i++)
      expect((await c.post('/api/auth/request-password-reset', { email: victim })).status).toBe(200);
    await expectError(await c.post('/api/auth/request-password-reset', { email: victim }), 429, 'RATE_LIMITED');
    for (let i = 0; i < 3; i++)
      expect((await c.post('/api/auth/send-verification-email', { email: victim })).status).toBe(200);
    await expectError(await c.post('/api/auth/send-verification-email', { email: victim }), 429, 'RATE_LIMITED');
    await settle();
    expect(mailer.to(victim).filter((m) => m.kind === 'reset-password')).toHaveLength(3);
  });

  it('one address gets at most 10 mails an hour from the public endpoints, whatever the client address', async () => {
    const { app, mailer } = setup(ctx);
    const victim = uniqueEmail();
    await signedInUser(app, mailer, victim);
    for (let i = 0; i < 14; i++) {
      expect((await client(app).post('/api/auth/request-password-reset', { email: victim })).status).toBe(200);
    }
    await settle();
    // 1 verification mail at sign-up + 9 reset mails.
    expect(mailer.to(victim)).toHaveLength(10);
  });

  it('without TRUST_PROXY, X-Forwarded-For (or our internal header) does not give an attacker fresh limits', async () => {
    const mailer = captureMailer();
    const app = createTestApp(ctx.database, { env: { AUTH_RATE_LIMIT_MAX: '2', TRUST_PROXY: 'false' }, mailer });
    const email = uniqueEmail();
    const codes = [];
    for (let i = 0; i < 4; i++) {
      const res = await client(app).post(
        '/api/auth/sign-in/email',
        { email, password: PASSWORD },
        { headers: { 'x-polymath-client-ip': `192.0.2.${i}` } },
      );
      codes.push(res.status);
    }
    expect(codes).toEqual([401, 401, 429, 429]);
  });
});

describeEachDatabase('auth: sessions are revoked on the server', { exercises: ['notifications'] }, (ctx) => {
  it('sign-out: the old session cookie gets 401 from /api/me afterwards', async () => {
    const { app, mailer } = setup(ctx);
    const c = await signedInUser(app, mailer);
    const stolen = c.jar.copy();
    expect((await c.post('/api/auth/sign-out', {})).status).toBe(200);
    expect(c.jar.cookies.has('polymath.session_token')).toBe(false);
    await expectError(await client(app, { jar: stolen }).get('/api/me'), 401, 'UNAUTHORIZED');
  });

  it('password reset: every session ends, the token works once, the new password signs in', async () => {
    const { app, mailer } = setup(ctx);
    const email = uniqueEmail();
    const laptop = await signedInUser(app, mailer, email);
    const phone = client(app);
    expect((await phone.post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200);

    expect((await client(app).post('/api/auth/request-password-reset', { email })).status).toBe(200);
    const mail = await mailer.next(email, 'reset-password');
    const token = new URL(mail.link).searchParams.get('token');
    const reset = await client(app).post('/api/auth/reset-password', { token, newPassword: 'brand-new-pass1' });
    expect(reset.status).toBe(200);

    await expectError(await laptop.get('/api/me'), 401, 'UNAUTHORIZED');
    await expectError(await phone.get('/api/me'), 401, 'UNAUTHORIZED');
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    expect(
      await ctx.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, user?.id ?? '')),
    ).toEqual([]);

    await expectError(
      await client(app).post('/api/auth/reset-password', { token, newPassword: 'another-pass-1' }),
      400,
      'INVALID_TOKEN',
    );
    await expectError(
      await client(app).post('/api/auth/sign-in/email', { email, password: PASSWORD }),
      401,
      'INVALID_CREDENTIAL',
    );
    expect((await client(app).post('/api/auth/sign-in/email', { email, password: 'brand-new-pass1' })).status).toBe(
      200,
    );
  });

  it('a reset link for an unverified account verifies it (the mailbox is proven)', async () => {
    const { app, mailer } = setup(ctx);
    const email = uniqueEmail();
    await signUp(client(app), mailer, email);
    await client(app).post('/api/auth/request-password-reset', { email });
    const token = new URL((await mailer.next(email, 'reset-password')).link).searchParams.get('token');
    expect((await client(app).post('/api/auth/reset-password', { token, newPassword: 'brand-new-pass1' })).status).toBe(
      200,
    );
    expect((await client(app).post('/api/auth/sign-in/email', { email, password: 'brand-new-pass1' })).status).toBe(
      200,
    );
  });

  it('an invalid verification link lands on /sign-in with error=INVALID_TOKEN', async () => {
    const { app } = setup(ctx);
    const res = await client(app).get('/api/auth/verify-email?token=forged&callbackURL=%2Fsign-in%3Fverified%3D1');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/sign-in?error=INVALID_TOKEN');
  });

  it('change-password mail: refused while the email is unverified; otherwise the link resets and ends every session', async () => {
    const { app, mailer } = setup(ctx);
    const email = uniqueEmail();
    const c = await signedInUser(app, mailer, email);
    const other = client(app);
    expect((await other.post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200);

    const res = await c.post('/api/me/change-password-email');
    expect(res.status).toBe(204);
    const mail = await mailer.next(email, 'change-password');
    expect(mail.subject).toContain('Change your');
    expect(mail.link).toMatch(/^http:\/\/localhost:3000\/forgot-password\?token=/);
    const token = new URL(mail.link).searchParams.get('token');
    expect((await client(app).post('/api/auth/reset-password', { token, newPassword: 'changed-pass-1' })).status).toBe(
      200,
    );
    await expectError(await c.get('/api/me'), 401, 'UNAUTHORIZED');
    await expectError(await other.get('/api/me'), 401, 'UNAUTHORIZED');
    expect((await client(app).post('/api/auth/sign-in/email', { email, password: 'changed-pass-1' })).status).toBe(200);

    // Unverified (here: a Google-linked account whose address is not verified) → refused, no mail.
    const d = await signedInUser(app, mailer);
    const me = (await (await d.get('/api/me')).json()) as { id: string };
    await ctx.database.db
      .insert(accounts)
      .values({ id: `g-${me.id}`, accountId: `g-${me.id}`, providerId: 'google', userId: me.id });
    await ctx.database.db.update(users).set({ emailVerified: false }).where(eq(users.id, me.id));
    await changesHeard(ctx.database);
    const before = mailer.messages.length;
    await expectError(await d.post('/api/me/change-password-email'), 403, 'EMAIL_NOT_VERIFIED');
    expect(mailer.messages.length).toBe(before);
  });

  it('change-password and verification mails that fail to send → 502 with the spec messages', async () => {
    const { app, mailer } = setup(ctx);
    const c = await signedInUser(app, mailer);
    mailer.failing = true;
    const res = await c.post('/api/me/change-password-email');
    expect((await expectError(res, 502, 'CHANGE_PASSWORD_EMAIL_FAILED')).error.message).toBe(
      'Failed to send change password email.',
    );
    mailer.failing = false;

    // An unverified account that can hold a session: Google-linked, address not yet verified.
    const me = (await (await c.get('/api/me')).json()) as { id: string; email: string };
    await ctx.database.db
      .insert(accounts)
      .values({ id: `g-${me.id}`, accountId: `g-${me.id}`, providerId: 'google', userId: me.id });
    await ctx.database.db.update(users).set({ emailVerified: false }).where(eq(users.id, me.id));
    await changesHeard(ctx.database);
    mailer.failing = true;
    const failed = await c.post('/api/me/verification-email');
    expect((await expectError(failed, 502, 'ACTIVATION_EMAIL_FAILED')).error.message).toBe(
      'Failed to send activation email.',
    );
    mailer.failing = false;
    expect((await c.post('/api/me/verification-email')).status).toBe(204);
    const mail = await mailer.next(me.email, 'verify-email');
    expect((await client(app).get(pathOf(mail.link))).status).toBe(302);
    expect(((await (await c.get('/api/me')).json()) as { emailVerified: boolean }).emailVerified).toBe(true);
    await expectError(await c.post('/api/me/verification-email'), 403, 'OPERATION_NOT_ALLOWED');
  });

  it('a session ended in the database is refused on the next request, though its cookie was just recognised', async () => {
    const { app, mailer } = setup(ctx);
    const c = await signedInUser(app, mailer);
    const me = (await (await c.get('/api/me')).json()) as { id: string };
    expect((await c.get('/api/me')).status).toBe(200);
    // What "sign out everywhere", a password reset or an account deletion do to the session rows.
    await ctx.database.db.delete(sessions).where(eq(sessions.userId, me.id));
    await changesHeard(ctx.database);
    await expectError(await c.get('/api/me'), 401, 'UNAUTHORIZED');
    await expectError(await c.get('/api/credits'), 401, 'UNAUTHORIZED');
  });

  it('a plan change applies on the next request of a live session', async () => {
    const { app, mailer } = setup(ctx);
    const c = await signedInUser(app, mailer);
    const me = (await (await c.get('/api/me')).json()) as { id: string };
    expect(((await (await c.get('/api/credits')).json()) as { plan: string }).plan).toBe('free');
    await ctx.database.db.update(users).set({ accessLevel: 'pro' }).where(eq(users.id, me.id));
    await changesHeard(ctx.database);
    expect(((await (await c.get('/api/credits')).json()) as { plan: string }).plan).toBe('pro');
  });

  it('a session cookie with a forged signature, or for another token, is refused', async () => {
    const { app, mailer } = setup(ctx);
    const c = await signedInUser(app, mailer);
    const cookie = c.jar.cookies.get('polymath.session_token') ?? '';
    const [token = '', signature = ''] = decodeURIComponent(cookie).split('.');
    const forged = (value: string) => {
      const jar = new CookieJar();
      jar.cookies.set('polymath.session_token', encodeURIComponent(value));
      return client(app, { jar });
    };
    await expectError(
      await forged(`${token}.${signature.replace(/^./, (ch) => (ch === 'A' ? 'B' : 'A'))}`).get('/api/me'),
      401,
      'UNAUTHORIZED',
    );
    await expectError(await forged(`${token}x.${signature}`).get('/api/me'), 401, 'UNAUTHORIZED');
    await expectError(await forged(token).get('/api/me'), 401, 'UNAUTHORIZED');
    // The genuine cookie still works.
    expect((await c.get('/api/me')).status).toBe(200);
  });

  it('a session due for its daily refresh is refreshed (its expiry moves on) and stays signed in', async () => {
    const { app, mailer } = setup(ctx);
    const c = await signedInUser(app, mailer);
    const me = (await (await c.get('/api/me')).json()) as { id: string };
    // Created two days ago: better-auth's updateAge (a day) has passed.
    const old = new Date(Date.now() + 28 * 24 * 3600_000);
    await ctx.database.db.update(sessions).set({ expiresAt: old }).where(eq(sessions.userId, me.id));
    await changesHeard(ctx.database);
    expect((await c.get('/api/me')).status).toBe(200);
    const [row] = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, me.id));
    expect(row?.expiresAt.getTime()).toBeGreaterThan(old.getTime() + 24 * 3600_000);
  });

  it('an expired session is refused', async () => {
    const { app, mailer } = setup(ctx);
    const c = await signedInUser(app, mailer);
    const me = (await (await c.get('/api/me')).json()) as { id: string };
    expect((await c.get('/api/me')).status).toBe(200);
    await ctx.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, me.id));
    await changesHeard(ctx.database);
    await expectError(await c.get('/api/me'), 401, 'UNAUTHORIZED');
  });

  it('a password-only account whose email is not verified counts as signed out', async () => {
    const { app, mailer } = setup(ctx);
    const c = await signedInUser(app, mailer);
    const me = (await (await c.get('/api/me')).json()) as { id: string };
    await ctx.database.db.update(users).set({ emailVerified: false }).where(eq(users.id, me.id));
    await changesHeard(ctx.database);
    await expectError(await c.get('/api/me'), 403, 'EMAIL_NOT_VERIFIED');
  });
});

describe('auth helpers', () => {
  it('CookieJar drops cookies cleared with Max-Age=0', () => {
    const jar = new CookieJar();
    jar.update(
      new Response(null, {
        headers: [
          ['set-cookie', 'a=1; Path=/'],
          ['set-cookie', 'b=2'],
        ],
      }),
    );
    jar.update(new Response(null, { headers: [['set-cookie', 'a=; Max-Age=0; Path=/']] }));
    expect(jar.header()).toBe('b=2');
  });
});
