import type { ProviderFakes } from '@polymath/provider-fakes';
import type { SandboxPhone, ThreadListResponse, WhatsAppStatus } from '@polymath/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AUTH_TEST_ENV, captureMailer, client, expectError, signedInUser, type TestClient } from './auth-helpers.ts';
import { providerEnv, setPlan, startProviderFakes, until } from './chat-helpers.ts';
import { describeEachDatabase } from './databases.ts';
import { startToolsApp, type ToolsApp } from './tools-helpers.ts';
import { expectPending, rows, sendCode, statusOf, uniqueMobile } from './whatsapp-helpers.ts';

/**
 * Linking a number (the dialog's calls) and the WhatsApp sandbox, the zero-key mode: the code shows
 * on the sandbox phone, and what is typed there is answered like a message from WhatsApp.
 */

let fakes: ProviderFakes;
beforeAll(async () => {
  fakes = await startProviderFakes();
});
afterAll(async () => {
  await fakes.close();
});

async function phoneOf(c: TestClient, phone?: string): Promise<SandboxPhone> {
  const res = await c.get(`/api/whatsapp/sandbox/phone${phone ? `?phone=${encodeURIComponent(phone)}` : ''}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as SandboxPhone;
}

/** The code the sandbox phone received last. */
async function codeOnPhone(c: TestClient, phone: string): Promise<string> {
  const shown = await phoneOf(c, phone);
  const message = shown.messages.filter((m) => m.kind === 'template').pop();
  const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1];
  expect(code, JSON.stringify(shown.messages)).toBeDefined();
  return code as string;
}

describeEachDatabase('WhatsApp link and sandbox', { exercises: ['concurrent-writes', 'locks'] }, (ctx) => {
  let tools: ToolsApp;
  const mailer = captureMailer();
  const db = () => ctx.database.db;

  beforeAll(async () => {
    tools = await startToolsApp(ctx.database, {
      mailer,
      env: { ...AUTH_TEST_ENV, ...providerEnv(fakes), CHAT_RATE_LIMIT_MAX: '1000' },
    });
  }, 60_000);
  afterAll(async () => {
    await tools.stop();
  });

  async function pro(): Promise<{ c: TestClient; userId: string }> {
    const c = await signedInUser(tools.app, mailer);
    return { c, userId: await setPlan(ctx.database, c, 'pro') };
  }

  /** Moves an account's earlier code sends back in time, past the pause between two codes. */
  async function pastPause(userId: string, seconds = 60) {
    await db().execute(
      sql`update whatsapp_code_sends set sent_at = sent_at - make_interval(secs => ${seconds}) where user_id = ${userId}`,
    );
  }

  it('asks a visitor to sign in and a free account to upgrade; checks the number for its country', async () => {
    await expectError(await client(tools.app).get('/api/whatsapp/link'), 401, 'UNAUTHORIZED');
    await expectError(await sendCode(client(tools.app), uniqueMobile()), 401, 'UNAUTHORIZED');
    const free = await signedInUser(tools.app, mailer);
    await expectError(await sendCode(free, uniqueMobile()), 403, 'WHATSAPP_REQUIRES_PRO');

    const { c } = await pro();
    // A Turkish landline, a number of another country, a number too short for Turkey.
    for (const [phone, country] of [
      ['+902121234567', 'TR'],
      ['+14155550123', 'TR'],
      ['+90532123', 'TR'],
      ['+905321234567', 'ZZ'],
    ]) {
      await expectError(await sendCode(c, phone as string, { country }), 400, 'WHATSAPP_NUMBER_INVALID');
    }
    const invalid = await expectError(await sendCode(c, '05321234567'), 400, 'VALIDATION_FAILED');
    expect(invalid.error.details?.fields?.[0]?.path).toBe('phone');
    expect(await rows(db(), sql`select 1 from whatsapp_code_sends`)).toEqual([]);
  });

  it('links a Pro account with the code shown on the sandbox phone; unlink and relink', async () => {
    const { c, userId } = await pro();
    const phone = uniqueMobile();
    const pending = await expectPending(await sendCode(c, phone, { modelId: 'gpt-4o', locale: 'tr' }));
    expect(pending).toMatchObject({ phone, country: 'TR', triesLeft: 5, delivery: 'delivered' });
    const expires = Date.parse(pending.expiresAt) - Date.now();
    expect(expires).toBeGreaterThan(9 * 60_000);
    expect(expires).toBeLessThanOrEqual(10 * 60_000);

    const shown = await phoneOf(c);
    expect(shown.phone).toBe(phone);
    expect(shown.messages).toHaveLength(1);
    expect(shown.messages[0]).toMatchObject({ direction: 'out', kind: 'template', delivery: 'delivered' });
    expect(shown.messages[0]?.text).toMatch(/^\d{6} Polymath doğrulama kodunuzdur\./);
    // Only a hash of the code is kept.
    const code = await codeOnPhone(c, phone);
    const stored = await rows(db(), sql`select code_hash from whatsapp_codes where user_id = ${userId}`);
    expect(JSON.stringify(stored)).not.toContain(code);

    const linked = await c.post('/api/whatsapp/link/verify', { code });
    expect(linked.status).toBe(200);
    expect(await linked.json()).toMatchObject({ phone, country: 'TR', modelId: 'gpt-4o' });
    const status = await statusOf(c);
    expect(status).toMatchObject({ mode: 'sandbox', chatUrl: '/whatsapp/sandbox', pending: null });
    expect(status.link?.phone).toBe(phone);

    // The model can be changed later; a model the catalogue does not have cannot.
    expect((await c.patch('/api/whatsapp/link', { modelId: 'claude-3-5-sonnet-latest' })).status).toBe(200);
    await expectError(await c.patch('/api/whatsapp/link', { modelId: 'gpt-9' }), 400, 'MODEL_UNAVAILABLE');

    expect((await c.delete('/api/whatsapp/link')).status).toBe(204);
    await expectError(await c.delete('/api/whatsapp/link'), 404, 'WHATSAPP_NOT_LINKED');
    expect((await statusOf(c)).link).toBeNull();

    await pastPause(userId);
    await expectPending(await sendCode(c, phone));
    expect((await c.post('/api/whatsapp/link/verify', { code: await codeOnPhone(c, phone) })).status).toBe(200);
    expect((await statusOf(c)).link?.modelId).toBe('gpt-4o-mini');
  });

  it('gives a code 5 tries, also when they come at once, and 10 minutes', async () => {
    const { c, userId } = await pro();
    const phone = uniqueMobile();
    await expectPending(await sendCode(c, phone));
    const code = await codeOnPhone(c, phone);
    const wrong = code === '000000' ? '111111' : '000000';

    const first = await expectError(
      await c.post('/api/whatsapp/link/verify', { code: wrong }),
      400,
      'WHATSAPP_CODE_INVALID',
    );
    expect(first.error.details).toEqual({ triesLeft: 4 });
    // Nine more guesses at once: four are counted as tries, the rest find the code used up.
    const guesses = await Promise.all(
      Array.from({ length: 9 }, () => c.post('/api/whatsapp/link/verify', { code: wrong })),
    );
    const codes = await Promise.all(
      guesses.map(async (r) => ((await r.json()) as { error: { code: string } }).error.code),
    );
    expect(codes.filter((x) => x === 'WHATSAPP_CODE_INVALID')).toHaveLength(4);
    expect(codes.filter((x) => x === 'WHATSAPP_CODE_EXPIRED')).toHaveLength(5);
    // The right code is no use now.
    await expectError(await c.post('/api/whatsapp/link/verify', { code }), 400, 'WHATSAPP_CODE_EXPIRED');
    expect((await statusOf(c)).pending).toBeNull();

    await pastPause(userId);
    await expectPending(await sendCode(c, phone));
    const fresh = await codeOnPhone(c, phone);
    await db().execute(
      sql`update whatsapp_codes set expires_at = now() - interval '1 second' where user_id = ${userId}`,
    );
    await expectError(await c.post('/api/whatsapp/link/verify', { code: fresh }), 400, 'WHATSAPP_CODE_EXPIRED');
    expect((await statusOf(c)).link).toBeNull();
    await expectError(await c.post('/api/whatsapp/link/verify', { code: '12345' }), 400, 'VALIDATION_FAILED');
  });

  it('limits codes per account and per number, with when to try again', async () => {
    const { c, userId } = await pro();
    await expectPending(await sendCode(c, uniqueMobile()));
    const soon = await expectError(await sendCode(c, uniqueMobile()), 429, 'RATE_LIMITED');
    expect((soon.error.details as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(25);
    for (let i = 0; i < 4; i++) {
      await pastPause(userId);
      await expectPending(await sendCode(c, uniqueMobile()));
    }
    await pastPause(userId);
    const hourly = await expectError(await sendCode(c, uniqueMobile()), 429, 'RATE_LIMITED');
    const after = (hourly.error.details as { retryAfterSeconds: number }).retryAfterSeconds;
    expect(after).toBeGreaterThan(50 * 60);
    expect(after).toBeLessThanOrEqual(60 * 60);

    // One number gets at most 3 codes an hour, whichever accounts ask.
    const target = uniqueMobile();
    for (let i = 0; i < 3; i++) await expectPending(await sendCode((await pro()).c, target));
    await expectError(await sendCode((await pro()).c, target), 429, 'RATE_LIMITED');
    const sends = await rows(db(), sql`select count(*)::int as n from whatsapp_code_sends where phone = ${target}`);
    expect(sends[0]?.n).toBe(3);
  });

  it('answers what is typed on the sandbox phone through the webhook, into a WhatsApp thread on the web', async () => {
    const { c } = await pro();
    const phone = uniqueMobile();
    await expectPending(await sendCode(c, phone));
    expect((await c.post('/api/whatsapp/link/verify', { code: await codeOnPhone(c, phone) })).status).toBe(200);

    const typed = await c.post('/api/whatsapp/sandbox/phone/messages', {
      phone,
      text: 'Hello from the sandbox [[fake text="Hi! **Nice** to meet you."]]',
    });
    expect(typed.status).toBe(202);
    const shown = await until(async () => {
      const view = await phoneOf(c, phone);
      const answer = view.messages.find((m) => m.direction === 'out' && m.kind === 'text');
      return answer?.delivery === 'delivered' ? view : null;
    });
    expect(shown.messages.map((m) => [m.direction, m.text])).toEqual([
      ['out', expect.stringMatching(/^\d{6} is your Polymath verification code\./)],
      ['in', 'Hello from the sandbox [[fake text="Hi! **Nice** to meet you."]]'],
      ['out', 'Hi! *Nice* to meet you.'],
    ]);
    // It came in as a signed webhook delivery and was stored as such.
    const inbound = await rows(db(), sql`select type, state from whatsapp_inbound where phone = ${phone}`);
    expect(inbound).toEqual([{ type: 'text', state: 'handled' }]);
    const list = (await (await c.get('/api/threads')).json()) as ThreadListResponse;
    expect(list.threads[0]).toMatchObject({ toolId: 'whatsapp', modelId: 'gpt-4o-mini' });
  });

  it("keeps each account's sandbox phone to itself", async () => {
    const owner = await pro();
    const phone = uniqueMobile();
    await expectPending(await sendCode(owner.c, phone));
    expect((await owner.c.post('/api/whatsapp/link/verify', { code: await codeOnPhone(owner.c, phone) })).status).toBe(
      200,
    );
    const other = await pro();
    await expectError(
      await other.c.get(`/api/whatsapp/sandbox/phone?phone=${encodeURIComponent(phone)}`),
      403,
      'FORBIDDEN',
    );
    await expectError(
      await other.c.post('/api/whatsapp/sandbox/phone/messages', { phone, text: 'let me in' }),
      403,
      'FORBIDDEN',
    );
    expect(await phoneOf(other.c)).toMatchObject({ phone: null, phones: [], messages: [] });
    // A number nobody linked can be played: it is answered as unknown.
    const stranger = uniqueMobile();
    expect((await other.c.post('/api/whatsapp/sandbox/phone/messages', { phone: stranger, text: 'hi' })).status).toBe(
      202,
    );
    const view = await until(async () => {
      const shown = await phoneOf(other.c, stranger);
      return shown.messages.length === 2 ? shown : null;
    });
    // In Turkish: the language of an unknown number is guessed from its country code (+90).
    expect(view.messages[1]?.text).toContain('Polymath hesabına bağlı değil');
    expect((await phoneOf(owner.c, phone)).messages).toHaveLength(1);
    const status = (await (await other.c.get('/api/whatsapp/link')).json()) as WhatsAppStatus;
    expect(status.link).toBeNull();
  });
});
