import type { ProviderFakes } from '@polymath/provider-fakes';
import type { SandboxPhone, ThreadListResponse, WhatsAppStatus } from '@polymath/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  AUTH_TEST_ENV,
  captureMailer,
  client,
  expectError,
  signedInUser,
  type TestClient,
  uniqueEmail,
} from './auth-helpers.ts';
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

  async function pro(): Promise<{ c: TestClient; userId: string; email: string }> {
    const email = uniqueEmail('wa');
    const c = await signedInUser(tools.app, mailer, email);
    return { c, email, userId: await setPlan(ctx.database, c, 'pro') };
  }

  /** A Pro account that linked `phone` with the code on its own sandbox phone. */
  async function linkedPro(phone: string) {
    const account = await pro();
    await expectPending(await sendCode(account.c, phone));
    const res = await account.c.post('/api/whatsapp/link/verify', { code: await codeOnPhone(account.c, phone) });
    expect(res.status, await res.clone().text()).toBe(200);
    return account;
  }

  /** The codes (template messages) a sandbox phone shows for `phone`. */
  async function codesShown(c: TestClient, phone: string): Promise<string[]> {
    return (await phoneOf(c, phone)).messages.filter((m) => m.kind === 'template').map((m) => m.text);
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

  it("sends another account's code for a linked number to that number's phone, and moves it only with that code, telling the first account", async () => {
    const phone = uniqueMobile();
    const owner = await linkedPro(phone);
    const ownerCode = await codeOnPhone(owner.c, phone);

    // Anyone Pro may ask (the answer says nothing about who has the number)…
    const taker = await pro();
    await expectPending(await sendCode(taker.c, phone));
    // …but the code is on the phone of the number, which is the owner's: the taker sees nothing of it.
    await expectError(
      await taker.c.get(`/api/whatsapp/sandbox/phone?phone=${encodeURIComponent(phone)}`),
      403,
      'FORBIDDEN',
    );
    expect(await phoneOf(taker.c)).toMatchObject({ phone: null, phones: [], messages: [] });
    const onOwnersPhone = await codesShown(owner.c, phone);
    expect(onOwnersPhone).toHaveLength(2);
    const takersCode = /\b(\d{6})\b/.exec(onOwnersPhone[1] ?? '')?.[1] as string;

    // The owner's own code is no use to another account; guessing changes nothing.
    const wrong = ownerCode === takersCode ? '000000' : ownerCode;
    await expectError(await taker.c.post('/api/whatsapp/link/verify', { code: wrong }), 400, 'WHATSAPP_CODE_INVALID');
    expect((await statusOf(owner.c)).link?.phone).toBe(phone);
    expect((await statusOf(taker.c)).link).toBeNull();
    expect(mailer.to(owner.email).filter((m) => m.kind === 'whatsapp-moved')).toEqual([]);

    // With the code from the number's phone (its holder handed it over), the number moves.
    expect((await taker.c.post('/api/whatsapp/link/verify', { code: takersCode })).status).toBe(200);
    expect((await statusOf(taker.c)).link?.phone).toBe(phone);
    expect((await statusOf(owner.c)).link).toBeNull();
    const links = await rows(db(), sql`select user_id from whatsapp_links where phone = ${phone}`);
    expect(links).toEqual([{ user_id: taker.userId }]);

    // The first account is told, by mail, with the way back to its settings.
    const mail = await mailer.next(owner.email, 'whatsapp-moved');
    expect(mail.subject).toBe('Your WhatsApp number was linked to another Polymath account');
    expect(mail.text).toContain(phone);
    expect(mail.link).toBe('http://localhost:3000/settings/login-connections');
    expect(mailer.to(taker.email).filter((m) => m.kind === 'whatsapp-moved')).toEqual([]);

    // The phone went with the number: the taker plays it now, the first account no longer does.
    expect((await phoneOf(taker.c, phone)).phone).toBe(phone);
    await expectError(
      await owner.c.get(`/api/whatsapp/sandbox/phone?phone=${encodeURIComponent(phone)}`),
      403,
      'FORBIDDEN',
    );
  });

  it('shows a code for a number nobody has linked to the account that asked only, also when two ask at once', async () => {
    const phone = uniqueMobile();
    const first = await pro();
    const second = await pro();
    const sent = await Promise.all([sendCode(first.c, phone), sendCode(second.c, phone)]);
    for (const res of sent) await expectPending(res);
    const firstCodes = await codesShown(first.c, phone);
    const secondCodes = await codesShown(second.c, phone);
    expect(firstCodes).toHaveLength(1);
    expect(secondCodes).toHaveLength(1);
    expect(firstCodes[0]).not.toBe(secondCodes[0]);
  });

  it('does not let a code sent while the number was free move it once another account has linked it', async () => {
    const phone = uniqueMobile();
    const early = await pro();
    await expectPending(await sendCode(early.c, phone));
    const earlyCode = await codeOnPhone(early.c, phone);
    // Meanwhile the number is linked, with a code on the phone, by someone else.
    const owner = await linkedPro(phone);

    await expectError(
      await early.c.post('/api/whatsapp/link/verify', { code: earlyCode }),
      400,
      'WHATSAPP_CODE_EXPIRED',
    );
    expect((await statusOf(owner.c)).link?.phone).toBe(phone);
    expect((await statusOf(early.c)).link).toBeNull();
    expect(mailer.to(owner.email).filter((m) => m.kind === 'whatsapp-moved')).toEqual([]);
  });
});
