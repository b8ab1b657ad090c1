import { expect, it } from 'vitest';
import { SIGN_IN_FAILURES_PER_ACCOUNT } from '../src/features/auth/auth.routes.ts';
import {
  AUTH_TEST_ENV,
  captureMailer,
  client,
  expectError,
  PASSWORD,
  signedInUser,
  uniqueEmail,
} from './auth-helpers.ts';
import { createTestApp, describeEachDatabase } from './databases.ts';

describeEachDatabase('auth: wrong passwords per account', { exercises: [] }, (ctx) => {
  it('after too many wrong passwords for one account, from any number of addresses, its sign-in waits (429)', async () => {
    const mailer = captureMailer();
    const app = createTestApp(ctx.database, { env: AUTH_TEST_ENV, mailer });
    const email = uniqueEmail();
    const other = uniqueEmail();
    await signedInUser(app, mailer, email);
    await signedInUser(app, mailer, other);
    // Each attempt from a new address: the per-address limit never sees more than one.
    for (let i = 1; i <= SIGN_IN_FAILURES_PER_ACCOUNT; i++) {
      const res = await client(app).post('/api/auth/sign-in/email', { email, password: `wrong-${i}-pass` });
      expect(res.status, `attempt ${i}`).toBe(401);
    }
    const next = client(app);
    await expectError(
      await next.post('/api/auth/sign-in/email', { email: email.toUpperCase(), password: PASSWORD }),
      429,
      'RATE_LIMITED',
    );
    expect(next.jar.cookies.size).toBe(0);
    // Another account is not affected.
    expect((await client(app).post('/api/auth/sign-in/email', { email: other, password: PASSWORD })).status).toBe(200);
  });
});
