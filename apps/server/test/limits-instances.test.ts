import { randomBytes } from 'node:crypto';
import type { ProviderFakes } from '@polymath/provider-fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, createApp } from '../src/app.ts';
import { SIGN_IN_FAILURES_PER_ACCOUNT } from '../src/features/auth/auth.routes.ts';
import { createChatRuntime } from '../src/features/chat/chat-runtime.ts';
import { createLimitStore, type LimitStore } from '../src/lib/limits.ts';
import { createLogger } from '../src/lib/logger.ts';
import {
  AUTH_TEST_ENV,
  type CaptureMailer,
  captureMailer,
  client,
  expectError,
  PASSWORD,
  signedInUser,
  uniqueEmail,
  uniqueIp,
} from './auth-helpers.ts';
import { newId, parseSse, providerEnv, sendBody, startProviderFakes } from './chat-helpers.ts';
import { createTestDeps, describeEachDatabase } from './databases.ts';

/**
 * Two app instances on one database and one Redis, each with its own limit store and chat runtime
 * (as two processes behind a load balancer have): a limit reached through one holds on the other,
 * with exact counts (issue 31, part 2; decision 033).
 */
const REDIS_URL = process.env.REDIS_URL?.trim() || undefined;
const ORIGIN = 'http://localhost:3000';

describe.skipIf(!REDIS_URL)('limits across instances through Redis', () => {
  let fakes: ProviderFakes;
  beforeAll(async () => {
    fakes = await startProviderFakes();
  });
  afterAll(async () => {
    await fakes.close();
  });

  describeEachDatabase('two instances', { exercises: ['several-instances'] }, (ctx) => {
    const closers: (() => Promise<void>)[] = [];
    afterAll(async () => {
      await Promise.all(closers.map((close) => close()));
    });

    /** Two instances with the given settings; each its own limit store on the same Redis prefix. */
    const pair = async (env: Record<string, string>): Promise<{ a: App; b: App; mailer: CaptureMailer }> => {
      const mailer = captureMailer();
      const prefix = `test:limits:${randomBytes(6).toString('hex')}`;
      const make = async () => {
        const logger = createLogger('silent');
        const limits: LimitStore = createLimitStore({ redisUrl: REDIS_URL, logger, prefix });
        await limits.ready();
        const deps = createTestDeps(ctx.database, {
          mailer,
          limits,
          env: { ...AUTH_TEST_ENV, ...providerEnv(fakes), REDIS_URL: REDIS_URL ?? '', ...env },
        });
        const chat = createChatRuntime(deps.env, logger, undefined, limits);
        closers.push(async () => {
          await chat.close();
          await limits.close();
        });
        expect(limits.kind).toBe('redis');
        return createApp({ ...deps, chat });
      };
      return { a: await make(), b: await make(), mailer };
    };

    it('chat messages per person: 3 a minute, sent through A and B in turn, the 4th is refused on both', async () => {
      const { a, b, mailer } = await pair({ CHAT_RATE_LIMIT_MAX: '3', CHAT_RATE_LIMIT_WINDOW_SECONDS: '60' });
      const person = await signedInUser(a, mailer);
      const send = async (app: App) => {
        const threadId = newId('t');
        const res = await app.request('/api/chat', {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: person.jar.header() },
          body: JSON.stringify(sendBody(threadId, 'Hello [[fake tokens=2]]')),
        });
        if (res.status === 200) parseSse(await res.text());
        return res;
      };
      const statuses = [];
      for (const app of [a, b, a]) statuses.push((await send(app)).status);
      expect(statuses).toEqual([200, 200, 200]);
      await expectError(await send(b), 429, 'RATE_LIMITED');
      await expectError(await send(a), 429, 'RATE_LIMITED');
      // Another person is not affected.
      const other = await signedInUser(b, mailer);
      const res = await b.request('/api/chat', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: other.jar.header() },
        body: JSON.stringify(sendBody(newId('t'), 'Hi [[fake tokens=2]]')),
      });
      expect(res.status).toBe(200);
      await res.text();
    });

    it('sign-in per address (better-auth on the shared store): 4 through A and B, the 5th refused on both', async () => {
      const { a, b, mailer } = await pair({ AUTH_RATE_LIMIT_MAX: '4', AUTH_RATE_LIMIT_WINDOW_SECONDS: '60' });
      // The account is made from other addresses, so only the attempts below count for `ip`.
      const email = uniqueEmail();
      await signedInUser(a, mailer, email);
      const ip = uniqueIp();
      const statuses = [];
      for (const app of [a, b, a, b]) {
        const res = await client(app, { ip }).post('/api/auth/sign-in/email', { email, password: 'wrong-pass-1' });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([401, 401, 401, 401]);
      for (const app of [a, b]) {
        const res = await client(app, { ip }).post('/api/auth/sign-in/email', { email, password: PASSWORD });
        await expectError(res, 429, 'RATE_LIMITED');
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      // The same person from another address still gets in.
      expect((await client(b).post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
    });

    it('sign-up per address: 3 through A and B, the 4th refused on both', async () => {
      const { a, b } = await pair({ AUTH_RATE_LIMIT_MAX: '3' });
      const ip = uniqueIp();
      const signUp = (app: App) =>
        client(app, { ip }).post('/api/auth/sign-up/email', { name: 'A', email: uniqueEmail(), password: PASSWORD });
      expect([(await signUp(a)).status, (await signUp(b)).status, (await signUp(a)).status]).toEqual([200, 200, 200]);
      await expectError(await signUp(b), 429, 'RATE_LIMITED');
      await expectError(await signUp(a), 429, 'RATE_LIMITED');
    });

    it('wrong passwords per account, from new addresses through A and B: then the account waits on both', async () => {
      const { a, b, mailer } = await pair({});
      const email = uniqueEmail();
      await signedInUser(a, mailer, email);
      for (let i = 1; i <= SIGN_IN_FAILURES_PER_ACCOUNT; i++) {
        const app = i % 2 ? a : b;
        const res = await client(app).post('/api/auth/sign-in/email', { email, password: `wrong-${i}-pass` });
        expect(res.status, `attempt ${i}`).toBe(401);
      }
      for (const app of [a, b]) {
        await expectError(
          await client(app).post('/api/auth/sign-in/email', { email, password: PASSWORD }),
          429,
          'RATE_LIMITED',
        );
      }
    });

    it('mails per address: 10 an hour in all, whichever instance the requests reach', async () => {
      const { a, b, mailer } = await pair({});
      const victim = uniqueEmail();
      await signedInUser(a, mailer, victim);
      for (let i = 0; i < 14; i++) {
        const res = await client(i % 2 ? a : b).post('/api/auth/request-password-reset', { email: victim });
        expect(res.status).toBe(200);
      }
      await new Promise((r) => setTimeout(r, 200));
      // 1 verification mail at sign-up + 9 reset mails, though each instance saw 7 requests.
      expect(mailer.to(victim)).toHaveLength(10);
    });
  });
});
