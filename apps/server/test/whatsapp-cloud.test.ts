import { createHmac } from 'node:crypto';
import {
  type GraphFake,
  type GraphSentMessage,
  type ProviderFakes,
  startGraphFake,
  startProviderFakes,
} from '@polymath/provider-fakes';
import type { Thread, ThreadListResponse, WhatsAppLink } from '@polymath/shared';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { hubSignature } from '../src/features/whatsapp/whatsapp-provider.ts';
import { AUTH_TEST_ENV, captureMailer, expectError, signedInUser, uniqueEmail } from './auth-helpers.ts';
import { chat, newId, providerEnv, sendBody, setPlan, until } from './chat-helpers.ts';
import { describeEachDatabase } from './databases.ts';
import { startToolsApp, type ToolsApp } from './tools-helpers.ts';
import {
  countInbound,
  expectPending,
  memoryLogger,
  postWebhook,
  rows,
  sendCode,
  statusOf,
  uniqueMobile,
  uniqueUsNumber,
  waId,
  whatsappThreads,
} from './whatsapp-helpers.ts';

/**
 * Chat inside WhatsApp against the Cloud API's stand-in (packages/provider-fakes/src/whatsapp): the
 * webhook's signature and deduplication, answers through the same chat turn as the web, replies in
 * WhatsApp's formatting and window, and the link code as a template.
 */

let fakes: ProviderFakes;
let graph: GraphFake;
/** The app the stand-in delivers status callbacks to (each database's suite sets its own). */
let current: App | undefined;

beforeAll(async () => {
  fakes = await startProviderFakes();
  graph = await startGraphFake({
    webhook: async (rawBody, signature) => {
      if (current) await postWebhook(current, { rawBody, signature });
    },
  });
});
afterAll(async () => {
  await graph.close();
  await fakes.close();
});

/** The texts WhatsApp accepted for a number, in order. */
function textsTo(phone: string): string[] {
  return graph
    .sent()
    .filter((m) => m.to === waId(phone) && m.type === 'text')
    .map((m) => m.text ?? '');
}

async function textsAfter(phone: string, count: number, timeoutMs = 20_000): Promise<string[]> {
  return until(async () => {
    const texts = textsTo(phone);
    return texts.length >= count ? texts : null;
  }, timeoutMs);
}

/** A delivery changed by `edit` and signed again, as Meta would have sent it so. */
function edited(delivery: { rawBody: string }, edit: (body: GraphDelivery) => void) {
  const body = JSON.parse(delivery.rawBody) as GraphDelivery;
  edit(body);
  const rawBody = JSON.stringify(body);
  return { rawBody, signature: hubSignature(rawBody, graph.appSecret) };
}
type GraphDelivery = { entry: { changes: { value: Record<string, unknown> }[] }[] };
const changeValue = (body: GraphDelivery) => body.entry[0]?.changes[0]?.value as Record<string, unknown>;

/** Nothing more arrives for a while (a second answer would have by then). */
async function settle(ms = 1500): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

/** What these tests rely on that PGlite and PostgreSQL do differently (databases.ts, runsOnPostgres). */
const DATABASE_USE = { exercises: ['job-queue', 'concurrent-writes'] } as const;

describeEachDatabase('WhatsApp through the Cloud API (stand-in)', DATABASE_USE, (ctx) => {
  let tools: ToolsApp;
  const mailer = captureMailer();
  const { lines: logs, logger } = memoryLogger('warn');
  const db = () => ctx.database.db;

  beforeAll(async () => {
    tools = await startToolsApp(ctx.database, {
      mailer,
      logger,
      env: {
        ...AUTH_TEST_ENV,
        ...providerEnv(fakes),
        ...graph.env('the-verify-token'),
        CHAT_RATE_LIMIT_MAX: '1000',
        FREE_DAILY_MESSAGES: '3',
      },
    });
    current = tools.app;
  }, 60_000);
  afterAll(async () => {
    current = undefined;
    await tools.stop();
  });
  beforeEach(() => {
    fakes.reset();
  });

  /** A Pro account that linked `phone` with the code WhatsApp delivered (as the dialog does). */
  async function linkedPro(phone = uniqueMobile(), modelId = 'gpt-4o-mini') {
    const email = uniqueEmail('wa');
    const c = await signedInUser(tools.app, mailer, email);
    const userId = await setPlan(ctx.database, c, 'pro');
    await expectPending(await sendCode(c, phone, { modelId }));
    const res = await c.post('/api/whatsapp/link/verify', { code: lastCodeTo(phone) });
    expect(res.status, await res.clone().text()).toBe(200);
    return { c, userId, phone, email };
  }

  /** The code in the last code template WhatsApp delivered to `phone`. */
  function lastCodeTo(phone: string): string {
    const template = graph
      .sent()
      .filter((m) => m.to === waId(phone) && m.type === 'template')
      .pop();
    return template?.template?.parameters[0] ?? '';
  }

  it("answers Meta's subscription check with the challenge, for the verify token only", async () => {
    const ok = await tools.app.request(
      '/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=the-verify-token&hub.challenge=1158201444',
    );
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('1158201444');
    for (const query of [
      'hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1',
      'hub.mode=unsubscribe&hub.verify_token=the-verify-token&hub.challenge=1',
      'hub.challenge=1',
    ]) {
      await expectError(await tools.app.request(`/api/whatsapp/webhook?${query}`), 403, 'FORBIDDEN');
    }
  });

  it('refuses a delivery signed with another secret, a re-serialised body or no signature, and stores nothing', async () => {
    const { phone } = await linkedPro();
    const good = graph.inbound({ from: waId(phone), text: 'never answered' });
    const attempts = [
      {
        rawBody: good.rawBody,
        signature: `sha256=${createHmac('sha256', 'not-the-app-secret').update(good.rawBody).digest('hex')}`,
      },
      // Same JSON, other bytes: the signature covers the bytes, not the meaning.
      { rawBody: JSON.stringify(JSON.parse(good.rawBody), null, 2), signature: good.signature },
      { rawBody: good.rawBody, signature: undefined },
      { rawBody: good.rawBody, signature: 'sha256=' },
    ];
    for (const attempt of attempts) {
      await expectError(await postWebhook(tools.app, attempt), 400, 'WEBHOOK_SIGNATURE_INVALID');
    }
    await settle(1000);
    expect(await countInbound(db(), phone)).toBe(0);
    const queued = await rows(
      db(),
      sql`select count(*)::int as n from pgboss.job where name = 'whatsapp-message' and data->>'phone' = ${phone}`,
    );
    expect(queued[0]?.n).toBe(0);
    expect(textsTo(phone)).toEqual([]);
    expect(fakes.requests().filter((r) => JSON.stringify(r.body).includes('never answered'))).toEqual([]);
  });

  it('answers a message delivered 10 times in parallel once', async () => {
    const { userId, phone } = await linkedPro();
    const delivery = graph.inbound({ from: waId(phone), text: 'Ten times [[fake text="Only once."]]' });
    const answers = await Promise.all(Array.from({ length: 10 }, () => postWebhook(tools.app, delivery)));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as { messages: number; duplicates: number }[];
    expect(bodies.reduce((n, b) => n + b.messages, 0)).toBe(1);
    expect(bodies.reduce((n, b) => n + b.duplicates, 0)).toBe(9);

    expect(await textsAfter(phone, 1)).toEqual(['Only once.']);
    await settle();
    expect(textsTo(phone)).toEqual(['Only once.']);
    expect(fakes.requests().filter((r) => JSON.stringify(r.body).includes('Ten times'))).toHaveLength(1);
    expect(await countInbound(db(), phone)).toBe(1);
    expect(await whatsappThreads(db(), userId)).toMatchObject([{ tool_id: 'whatsapp', messages: 2 }]);
  });

  it('answers messages that arrive out of order and redelivered, each once', async () => {
    const { phone } = await linkedPro();
    const now = Math.floor(Date.now() / 1000);
    const first = graph.inbound({ from: waId(phone), text: 'First [[fake text="One."]]', timestamp: now - 5 });
    const second = graph.inbound({ from: waId(phone), text: 'Second [[fake text="Two."]]', timestamp: now });
    // The later message first, then both again while they are being handled.
    expect((await postWebhook(tools.app, second)).status).toBe(200);
    const again = await Promise.all([first, second, first].map((d) => postWebhook(tools.app, d)));
    expect(again.map((r) => r.status)).toEqual([200, 200, 200]);
    const texts = await textsAfter(phone, 2);
    await settle();
    expect(textsTo(phone).sort()).toEqual(['One.', 'Two.']);
    expect(texts).toHaveLength(2);
    expect(await countInbound(db(), phone)).toBe(2);
  });

  it('keeps the chat in the web history as a WhatsApp thread; /new starts another', async () => {
    const { c, phone } = await linkedPro();
    await postWebhook(tools.app, graph.inbound({ from: waId(phone), text: 'What is a comet? [[fake text="Ice."]]' }));
    await textsAfter(phone, 1);
    await postWebhook(tools.app, graph.inbound({ from: waId(phone), text: 'And a meteor? [[fake text="Rock."]]' }));
    expect(await textsAfter(phone, 2)).toEqual(['Ice.', 'Rock.']);

    const list = (await (await c.get('/api/threads?toolId=whatsapp')).json()) as ThreadListResponse;
    expect(list.threads).toHaveLength(1);
    const thread = list.threads[0] as Thread;
    expect(thread).toMatchObject({ toolId: 'whatsapp', title: 'What is a comet? [[fake text="Ice."]]' });
    const detail = (await (await c.get(`/api/threads/${thread.id}`)).json()) as {
      messages: { role: string; parts: { type: string; text?: string }[] }[];
    };
    expect(detail.messages.map((m) => [m.role, m.parts.find((p) => p.type === 'text')?.text])).toEqual([
      ['user', 'What is a comet? [[fake text="Ice."]]'],
      ['assistant', 'Ice.'],
      ['user', 'And a meteor? [[fake text="Rock."]]'],
      ['assistant', 'Rock.'],
    ]);

    await postWebhook(tools.app, graph.inbound({ from: waId(phone), text: '/new' }));
    expect((await textsAfter(phone, 3))[2]).toBe('New chat started. Your earlier chats stay in your Polymath history.');
    await postWebhook(
      tools.app,
      graph.inbound({ from: waId(phone), text: 'Fresh start [[fake text="Hello again."]]' }),
    );
    await textsAfter(phone, 4);
    const after = (await (await c.get('/api/threads?toolId=whatsapp')).json()) as ThreadListResponse;
    expect(after.threads.map((t) => t.title)).toEqual(['Fresh start [[fake text="Hello again."]]', thread.title]);

    // The web shows WhatsApp chats; it does not write them.
    const web = await c.post('/api/chat', { ...sendBody(thread.id, 'from the web'), toolId: 'whatsapp' });
    await expectError(web, 400, 'BAD_REQUEST');
  });

  it('splits a long answer at paragraph boundaries, in WhatsApp formatting', async () => {
    const { phone } = await linkedPro();
    const paragraph = (i: number) =>
      `Paragraph ${i}: ${'the quick brown fox jumps over the lazy dog '.repeat(20).trim()}`;
    const markdown = ['## A **long** answer', ...Array.from({ length: 8 }, (_, i) => paragraph(i))].join('\\n\\n');
    await postWebhook(
      tools.app,
      graph.inbound({ from: waId(phone), text: `Tell me everything [[fake text="${markdown}" pace=0]]` }),
    );
    const texts = await textsAfter(phone, 2);
    await settle();
    const all = textsTo(phone);
    expect(all.length).toBe(2);
    for (const text of all) expect(text.length).toBeLessThanOrEqual(4096);
    expect(all[0]?.startsWith('*A long answer*\n\nParagraph 0: ')).toBe(true);
    expect(all[1]?.startsWith('Paragraph ')).toBe(true);
    expect(all.join('\n\n').split('\n\n')).toHaveLength(9);
    expect(texts[0]).not.toContain('**');
  });

  it('sends a picture to a model that reads images, even when the chosen model does not', async () => {
    const { userId, phone } = await linkedPro(uniqueMobile(), 'deepseek-chat');
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const mediaId = graph.addMedia(png, 'image/png');
    await postWebhook(
      tools.app,
      graph.inbound({ from: waId(phone), image: { mediaId, caption: 'What colour? [[fake text="Blue."]]' } }),
    );
    expect(await textsAfter(phone, 1)).toEqual(['Blue.']);
    const asked = fakes.requests().filter((r) => JSON.stringify(r.body).includes('What colour?'));
    expect(asked).toHaveLength(1);
    expect(asked[0]?.path).toBe('/openai/v1/chat/completions');
    expect(JSON.stringify(asked[0]?.body)).toContain('"image_url"');
    expect(graph.requests().some((r) => r.path === `/media/${mediaId}`)).toBe(true);
    // The picture is the account's chat attachment, shown in the WhatsApp thread on the web.
    const [stored] = await rows(
      db(),
      sql`select parts from messages where user_id = ${userId} and role = 'user' order by created_at desc limit 1`,
    );
    expect(JSON.stringify(stored?.parts)).toMatch(/"url":"\/api\/files\/attachments\/[A-Za-z0-9_-]{22}\.webp"/);
  });

  it('reports the furthest status of a message whatever order the callbacks come in', async () => {
    const c = await signedInUser(tools.app, mailer);
    await setPlan(ctx.database, c, 'pro');
    const phone = uniqueMobile();
    await expectPending(await sendCode(c, phone));
    await graph.flush();
    expect((await statusOf(c)).pending?.delivery).toBe('delivered');
    const template = graph.sent().find((m) => m.to === waId(phone) && m.type === 'template') as GraphSentMessage;
    // read arrives before a late duplicate of sent: still read.
    for (const status of ['read', 'sent', 'delivered'] as const) {
      const res = await postWebhook(tools.app, graph.statuses([{ id: template.id, status, recipient: waId(phone) }]));
      expect(res.status).toBe(200);
    }
    expect((await statusOf(c)).pending?.delivery).toBe('read');
    const stored = await rows(db(), sql`select status from whatsapp_statuses where message_id = ${template.id}`);
    expect(stored.map((r) => r.status).sort()).toEqual(['delivered', 'read', 'sent']);
    await postWebhook(
      tools.app,
      graph.statuses([
        {
          id: template.id,
          status: 'failed',
          recipient: waId(phone),
          error: { code: 131026, title: 'Message undeliverable' },
        },
      ]),
    );
    expect((await statusOf(c)).pending?.delivery).toBe('failed');
  });

  it('gives an unknown number one reply with the way to link it', async () => {
    const phone = uniqueUsNumber();
    await postWebhook(tools.app, graph.inbound({ from: waId(phone), text: 'hello?' }));
    const [reply] = await textsAfter(phone, 1);
    expect(reply).toContain('not linked to a Polymath account');
    expect(reply).toContain('http://localhost:3000/web-main?whatsapp=link');
    await postWebhook(tools.app, graph.inbound({ from: waId(phone), text: 'anyone?' }));
    await until(async () => (await countInbound(db(), phone)) === 2);
    await settle();
    expect(textsTo(phone)).toHaveLength(1);
    expect(fakes.requests()).toEqual([]);
  });

  it('tells an account that lost Pro so, and answers within the free messages it shares with the web', async () => {
    const { c, phone } = await linkedPro();
    await setPlan(ctx.database, c, 'free');
    // Two of today's three free messages go on the web.
    for (const text of ['web one', 'web two']) expect((await chat(c, sendBody(newId('t'), text))).res.status).toBe(200);

    await postWebhook(tools.app, graph.inbound({ from: waId(phone), text: 'third [[fake text="The last one."]]' }));
    const [notice, answer] = await textsAfter(phone, 2);
    expect(notice).toContain('no longer Pro');
    expect(notice).toContain('http://localhost:3000/payment');
    expect(answer).toBe('The last one.');

    await postWebhook(tools.app, graph.inbound({ from: waId(phone), text: 'fourth' }));
    const texts = await textsAfter(phone, 3);
    expect(texts[2]).toBe(
      "You have used today's free messages. Upgrade to Pro for unlimited messages: http://localhost:3000/payment",
    );
    await settle();
    expect(textsTo(phone)).toHaveLength(3);
    expect(fakes.requests().filter((r) => JSON.stringify(r.body).includes('fourth'))).toEqual([]);
    // …and the web sees the same count.
    const credits = (await (await c.get('/api/credits')).json()) as { used: number; remaining: number };
    expect(credits).toMatchObject({ used: 3, remaining: 0 });
    await expectError(await c.post('/api/chat', sendBody(newId('t'), 'web three')), 402, 'OUT_OF_CREDITS');
  });

  it('an account whose subscription period has ended is told so, before any sweep has run', async () => {
    const { userId, phone } = await linkedPro();
    // Pro came from a cancelled subscription whose period ended a minute ago; its record still says active.
    await db().execute(sql`insert into subscriptions (user_id, provider, customer_id, subscription_id, status,
        period, amount, currency, current_period_end, cancel_at_period_end, provider_created_at)
      values (${userId}, 'sandbox', ${`cus_${userId}`}, ${`sub_${userId}`}, 'active', 'week', 699, 'usd',
        now() - interval '1 minute', true, now() - interval '7 days')`);

    await postWebhook(tools.app, graph.inbound({ from: waId(phone), text: 'still Pro? [[fake text="Free now."]]' }));
    const [notice, answer] = await textsAfter(phone, 2);
    expect(notice).toContain('no longer Pro');
    expect(answer).toBe('Free now.');
  });

  it('sends replies only inside the 24-hour window, retries throttling and gives up on refusals', async () => {
    const { phone } = await linkedPro();
    const old = Math.floor(Date.now() / 1000) - 25 * 60 * 60;
    const late = graph.inbound({ from: waId(phone), text: 'from yesterday [[fake text="Too late."]]', timestamp: old });
    await postWebhook(tools.app, late);
    const expired = await until(async () => {
      const found = await rows(db(), sql`select state from whatsapp_outbound where inbound_id = ${late.id}`);
      return found[0]?.state === 'expired' ? found : null;
    });
    expect(expired).toHaveLength(1);
    expect(textsTo(phone)).toEqual([]);

    graph.fail('rate-limit', { to: phone });
    await postWebhook(tools.app, graph.inbound({ from: waId(phone), text: 'now [[fake text="Made it."]]' }));
    expect(await textsAfter(phone, 1)).toEqual(['Made it.']);
    const posts = graph.requests().filter((r) => r.method === 'POST' && (r.body as { to?: string }).to === waId(phone));
    expect(posts.filter((r) => (r.body as { type?: string }).type === 'text')).toHaveLength(2);

    graph.fail('window', { to: phone });
    const refused = graph.inbound({ from: waId(phone), text: 'again [[fake text="Refused."]]' });
    await postWebhook(tools.app, refused);
    const failed = await until(async () => {
      const found = await rows(db(), sql`select state, error from whatsapp_outbound where inbound_id = ${refused.id}`);
      return found[0]?.state === 'failed' ? found : null;
    });
    expect(String(failed[0]?.error)).toContain('131047');
    await settle();
    expect(textsTo(phone)).toEqual(['Made it.']);
  });

  it('links a number with the code sent as the approved template, and says when the number cannot get it', async () => {
    const { c, userId, phone } = await linkedPro();
    const template = graph.sent().find((m) => m.to === waId(phone) && m.type === 'template');
    expect(template?.template).toMatchObject({ name: 'polymath_link_code', language: 'en' });
    const [code, button] = template?.template?.parameters ?? [];
    expect(code).toMatch(/^\d{6}$/);
    expect(button).toBe(code);
    const status = await statusOf(c);
    expect(status).toMatchObject({ mode: 'cloud', chatUrl: 'https://wa.me/15550100000', pending: null });
    expect(status.link as WhatsAppLink).toMatchObject({ phone, country: 'TR', modelId: 'gpt-4o-mini' });

    // (Past the pause between two codes of one account.)
    const pastPause = () =>
      db().execute(
        sql`update whatsapp_code_sends set sent_at = sent_at - interval '1 minute' where user_id = ${userId}`,
      );
    await pastPause();
    const other = uniqueMobile();
    graph.fail('undeliverable', { to: other });
    await expectError(await sendCode(c, other), 400, 'WHATSAPP_NUMBER_INVALID');
    await pastPause();
    const third = uniqueMobile();
    graph.fail('server', { to: third });
    const down = await expectError(await sendCode(c, third), 503, 'WHATSAPP_UNAVAILABLE');
    expect(JSON.stringify(down)).not.toContain('Graph API');
    expect((await statusOf(c)).pending).toBeNull();
  });

  it('stores a message and a status dated beyond any real time as received now, and answers it (not a 5xx)', async () => {
    const { phone } = await linkedPro();
    const farFuture = 999_999_999_999;
    const before = Date.now();
    const message = graph.inbound({
      from: waId(phone),
      text: 'From afar [[fake text="Hello."]]',
      timestamp: farFuture,
    });
    const res = await postWebhook(tools.app, message);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ messages: 1 });
    const [stored] = await rows(db(), sql`select sent_at from whatsapp_inbound where id = ${message.id}`);
    const sentAt = new Date(String(stored?.sent_at)).getTime();
    expect(sentAt).toBeGreaterThanOrEqual(before - 1000);
    expect(sentAt).toBeLessThanOrEqual(Date.now() + 1000);
    // The 24-hour window opens from when it came, so the answer goes out.
    expect(await textsAfter(phone, 1)).toEqual(['Hello.']);

    const sent = graph.sent().find((m) => m.to === waId(phone) && m.type === 'text') as GraphSentMessage;
    const status = graph.statuses([{ id: sent.id, status: 'read', recipient: waId(phone), timestamp: farFuture }]);
    const statusRes = await postWebhook(tools.app, status);
    expect(statusRes.status, await statusRes.clone().text()).toBe(200);
    const [read] = await rows(
      db(),
      sql`select at from whatsapp_statuses where message_id = ${sent.id} and status = 'read'`,
    );
    expect(new Date(String(read?.at)).getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    const warned = logs.filter((l) => l.msg === 'WhatsApp timestamp in the future: stored as the time received');
    expect(warned.map((l) => l.timestamp)).toEqual(expect.arrayContaining([String(farFuture)]));
  });

  it('stores a message whose time is in milliseconds or not a number as received now (200, not 400)', async () => {
    const { phone } = await linkedPro();
    const before = Date.now();
    const logged = logs.length;
    for (const [timestamp, reply] of [
      [String(Date.now()), 'Millis.'],
      ['soon', 'Words.'],
    ] as const) {
      const message = edited(graph.inbound({ from: waId(phone), text: `odd time [[fake text="${reply}"]]` }), (b) => {
        ((changeValue(b).messages as Record<string, unknown>[])[0] as Record<string, unknown>).timestamp = timestamp;
      });
      const res = await postWebhook(tools.app, message);
      expect(res.status, await res.clone().text()).toBe(200);
      expect(await res.json()).toMatchObject({ messages: 1 });
    }
    const stored = await rows(db(), sql`select sent_at from whatsapp_inbound where phone = ${phone}`);
    for (const row of stored) expect(new Date(String(row.sent_at)).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await textsAfter(phone, 2)).toEqual(['Millis.', 'Words.']);
    const warned = logs
      .slice(logged)
      .filter((l) => /^WhatsApp timestamp (in the future|not in seconds)/.test(String(l.msg)));
    expect(warned.map((l) => l.timestamp)).toEqual(expect.arrayContaining(['soon']));
  });

  it('stores and answers a message whose text or id holds characters no database can keep (not a 5xx)', async () => {
    const { phone } = await linkedPro();
    // A NUL and a lone surrogate: JSON can carry both, PostgreSQL's text and jsonb hold neither.
    const message = graph.inbound({ from: waId(phone), text: 'Odd\u0000 text\ud800 [[fake text="Got it."]]' });
    const res = await postWebhook(tools.app, message);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ messages: 1 });
    const [stored] = await rows(db(), sql`select body from whatsapp_inbound where id = ${message.id}`);
    expect(JSON.stringify(stored?.body)).toContain('Odd\ufffd text\ufffd');
    expect(await textsAfter(phone, 1)).toEqual(['Got it.']);
  });

  it('ignores, with a log line, a delivery that does not name our business number', async () => {
    const { phone } = await linkedPro();
    const unnamed = edited(graph.inbound({ from: waId(phone), text: 'no metadata [[fake text="Never."]]' }), (b) => {
      delete changeValue(b).metadata;
    });
    const other = edited(graph.inbound({ from: waId(phone), text: 'another number [[fake text="Never."]]' }), (b) => {
      changeValue(b).metadata = { display_phone_number: '15550199999', phone_number_id: '999999999999999' };
    });
    const idless = edited(graph.inbound({ from: waId(phone), text: 'no id [[fake text="Never."]]' }), (b) => {
      changeValue(b).metadata = { display_phone_number: '15550100000' };
    });
    const statuses = edited(graph.statuses([{ id: 'wamid.unnamed', status: 'read', recipient: waId(phone) }]), (b) => {
      delete changeValue(b).metadata;
    });
    const logged = logs.length;
    for (const delivery of [unnamed, other, idless, statuses]) {
      const res = await postWebhook(tools.app, delivery);
      expect(res.status, await res.clone().text()).toBe(200);
      expect(await res.json()).toEqual({ received: true, messages: 0, duplicates: 0, statuses: 0 });
    }
    const ignored = logs.slice(logged).filter((l) => l.msg === 'webhook for another WhatsApp number ignored');
    expect(ignored).toHaveLength(4);
    await settle();
    expect(await countInbound(db(), phone)).toBe(0);
    expect(await rows(db(), sql`select 1 from whatsapp_statuses where message_id = 'wamid.unnamed'`)).toEqual([]);
    expect(textsTo(phone)).toEqual([]);
  });

  it('moves a linked number only with the code WhatsApp delivered to it, and tells the first account by mail', async () => {
    const first = await linkedPro();
    const firstCode = lastCodeTo(first.phone);
    const second = await signedInUser(tools.app, mailer);
    await setPlan(ctx.database, second, 'pro');
    await expectPending(await sendCode(second, first.phone));
    const code = lastCodeTo(first.phone);
    expect(code).not.toBe(firstCode);
    // The code went to the phone, nowhere else the second account can see.
    expect(JSON.stringify(await (await second.get('/api/whatsapp/link')).json())).not.toContain(code);

    expect((await second.post('/api/whatsapp/link/verify', { code })).status).toBe(200);
    expect((await statusOf(second)).link?.phone).toBe(first.phone);
    expect((await statusOf(first.c)).link).toBeNull();
    const mail = await mailer.next(first.email, 'whatsapp-moved');
    expect(mail.text).toContain(first.phone);
    expect(mail.locale).toBe('en');
  });
});
