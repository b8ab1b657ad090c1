import { DrizzleQueryError } from 'drizzle-orm/errors';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { createLogger } from '../src/lib/logger.ts';
import { AUTH_TEST_ENV, captureMailer, expectError, signedInUser, type TestClient } from './auth-helpers.ts';
import { buyThroughSandbox } from './billing-helpers.ts';
import { newId, sendBody } from './chat-helpers.ts';
import { createTestApp, describeEachDatabase } from './databases.ts';

/** Text PostgreSQL cannot store (NUL) or UTF-8 cannot encode (a lone surrogate). */
const UNSTORABLE = ['a\u0000b', 'x\ud800y', 'low\udc00', '\u0000'];

/** Every line the app logged, as text: nothing a person typed may appear in it. */
function capturedLogs() {
  const lines: string[] = [];
  return { lines, logger: createLogger('info', { write: (line: string) => void lines.push(line) }) };
}

describeEachDatabase('text no database can hold', { exercises: ['driver-values'] }, (ctx) => {
  let app: App;
  let c: TestClient;
  let logs: ReturnType<typeof capturedLogs>;

  beforeAll(async () => {
    logs = capturedLogs();
    const mailer = captureMailer();
    app = createTestApp(ctx.database, { env: AUTH_TEST_ENV, mailer, logger: logs.logger });
    c = await signedInUser(app, mailer);
  });

  it('a chat message with NUL or a lone surrogate is 400 VALIDATION_FAILED, never 500', async () => {
    for (const text of UNSTORABLE) {
      const res = await c.post('/api/chat', sendBody(newId('t'), text));
      const body = await expectError(res, 400, 'VALIDATION_FAILED');
      expect(body.error.details?.fields).toContainEqual({
        path: 'message.parts.0.text',
        message: 'Invalid characters',
      });
    }
    const editedFile = sendBody(newId('t'), 'hello');
    (editedFile.message.parts as unknown[]).unshift({
      type: 'file',
      mediaType: 'image/webp',
      url: '/api/files/attachments/abc.webp',
      filename: 'a\u0000.webp',
    });
    await expectError(await c.post('/api/chat', editedFile), 400, 'VALIDATION_FAILED');
    await expectError(await c.post('/api/chat', sendBody(newId('t'), 'hi', 'gpt\u0000')), 400, 'VALIDATION_FAILED');
    const logged = logs.lines.join('\n');
    expect(logged).not.toContain('Failed query');
    expect(logged).not.toContain('\\u0000');
  });

  it('sandbox checkout ids in the path: an impossible id is 404 CHECKOUT_NOT_FOUND (GET and complete)', async () => {
    for (const id of ['abc%00def', 'cs_sbx_%ED%A0%80', 'a%0Ab', 'x'.repeat(300)]) {
      await expectError(await c.get(`/api/billing/sandbox/checkout/${id}`), 404, 'CHECKOUT_NOT_FOUND');
      await expectError(await c.post(`/api/billing/sandbox/checkout/${id}/complete`), 404, 'CHECKOUT_NOT_FOUND');
    }
  });

  it('a checkout confirm with an impossible session id is 400 VALIDATION_FAILED, not PAYMENTS_UNAVAILABLE', async () => {
    for (const sessionId of ['a\u0000b', 'cs_\ud800', 'cs test', '']) {
      await expectError(await c.post('/api/billing/checkout/confirm', { sessionId }), 400, 'VALIDATION_FAILED');
    }
  });

  it('a reset-password token with NUL is 400 VALIDATION_FAILED', async () => {
    for (const token of ['a\u0000b', 'x\ud800']) {
      const res = await c.post('/api/auth/reset-password', { newPassword: 'new-password-1', token });
      await expectError(res, 400, 'VALIDATION_FAILED');
    }
  });

  it('names, titles and the sign-up name refuse them too', async () => {
    for (const text of UNSTORABLE) {
      await expectError(await c.patch('/api/me', { displayName: text }), 400, 'VALIDATION_FAILED');
      const signUp = await c.post('/api/auth/sign-up/email', {
        name: text,
        email: `x-${newId('e')}@example.com`.toLowerCase(),
        password: 'correct-horse-1',
      });
      await expectError(signUp, 400, 'VALIDATION_FAILED');
    }
  });

  it('ordinary text still goes through: a sandbox purchase by id works', async () => {
    const bought = await buyThroughSandbox(c, 'week');
    expect(bought.subscription?.entitled).toBe(true);
  });
});

describe('error logs', () => {
  it('keep the failed SQL but never its parameters (what the person typed)', () => {
    const logs = capturedLogs();
    const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      code: '22021',
      detail: 'Key (email)=(ada@example.com) already exists.',
    });
    const err = new DrizzleQueryError('insert into "messages" ("text") values ($1)', ['my secret diary'], cause);
    logs.logger.error({ err }, 'unhandled error');
    const line = logs.lines.join('\n');
    expect(line).toContain('Failed query: insert into \\"messages\\"');
    expect(line).toContain('22021');
    expect(line).not.toContain('my secret diary');
    expect(line).not.toContain('ada@example.com');
  });
});
