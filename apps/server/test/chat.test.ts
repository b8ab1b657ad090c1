import type { ProviderFakes } from '@polymath/provider-fakes';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { AUTH_TEST_ENV, type CaptureMailer, captureMailer, expectError, ORIGIN, signedInUser } from './auth-helpers.ts';
import {
  chat,
  messageRow,
  newId,
  parseSse,
  providerEnv,
  sendBody,
  setPlan,
  startProviderFakes,
  textOf,
  until,
} from './chat-helpers.ts';
import { createTestApp, describeEachDatabase } from './databases.ts';

let fakes: ProviderFakes;
beforeAll(async () => {
  fakes = await startProviderFakes();
});
afterAll(async () => {
  await fakes.close();
});

describeEachDatabase('chat', { exercises: ['concurrent-writes', 'commit-durability'] }, (ctx) => {
  let app: App;
  let mailer: CaptureMailer;
  const db = () => ctx.database.db;

  beforeAll(() => {
    mailer = captureMailer();
    app = createTestApp(ctx.database, {
      mailer,
      env: { ...AUTH_TEST_ENV, ...providerEnv(fakes), FREE_DAILY_MESSAGES: '5', CHAT_RATE_LIMIT_MAX: '1000' },
    });
  });
  beforeEach(() => fakes.reset());

  describe('models', () => {
    it('lists the twelve models, the free four free, all available through the configured providers', async () => {
      const res = await app.request('/api/models');
      const body = (await res.json()) as {
        models: { id: string; tier: string; available: boolean; demo: boolean }[];
        defaultModelId: string;
      };
      expect(body.models.map((m) => m.id)).toEqual([
        'gpt-4o-mini',
        'gpt-4o',
        'o3-mini',
        'gpt-4.1',
        'claude-3-5-haiku-latest',
        'claude-3-5-sonnet-latest',
        'gemini-1.5-pro',
        'gemini-2.0-flash',
        'deepseek-reasoner',
        'deepseek-chat',
        'grok-2-vision-1212',
        'grok-2-vision',
      ]);
      expect(
        body.models
          .filter((m) => m.tier === 'free')
          .map((m) => m.id)
          .sort(),
      ).toEqual(['claude-3-5-haiku-latest', 'deepseek-chat', 'gemini-2.0-flash', 'gpt-4o-mini']);
      expect(body.models.every((m) => m.available && !m.demo)).toBe(true);
      expect(body.defaultModelId).toBe('gpt-4o-mini');
    });
  });

  describe('one model of each provider answers through its stand-in', () => {
    const cases: [string, string][] = [
      ['gpt-4o', 'openai'],
      ['claude-3-5-sonnet-latest', 'anthropic'],
      ['gemini-1.5-pro', 'google'],
      ['deepseek-chat', 'deepseek'],
      ['grok-2-vision', 'xai'],
    ];
    for (const [modelId, provider] of cases) {
      it(`${modelId} (${provider})`, async () => {
        const c = await signedInUser(app, mailer);
        await setPlan(ctx.database, c, 'pro');
        const threadId = newId('t');
        const { res, chunks } = await chat(c, sendBody(threadId, 'Hello [[fake tokens=5]]', modelId));
        expect(res.status).toBe(200);
        const text = textOf(chunks);
        expect(text).toBe(`Hello from ${modelId} (${provider} stand-in). w1 w2 w3 w4 w5`);
        expect(fakes.calls()[provider as keyof ReturnType<ProviderFakes['calls']>]).toBe(1);
        const start = chunks.find((ch) => ch.type === 'start');
        const stored = await until(async () => {
          const row = await messageRow(db(), String(start?.messageId));
          return row?.status === 'complete' ? row : undefined;
        });
        expect(stored.text).toBe(text);
        const detail = (await (await c.get(`/api/threads/${threadId}`)).json()) as {
          thread: { title: string; modelId: string };
          messages: { role: string }[];
          activeAnswerId: string | null;
        };
        expect(detail.thread.title).toBe('Hello [[fake tokens=5]]');
        expect(detail.thread.modelId).toBe(modelId);
        expect(detail.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
        expect(detail.activeAnswerId).toBeNull();
      });
    }

    it('streams reasoning for deepseek-reasoner', async () => {
      const c = await signedInUser(app, mailer);
      await setPlan(ctx.database, c, 'pro');
      const { chunks } = await chat(
        c,
        sendBody(newId('t'), 'Think [[fake tokens=2 reasoning=3]]', 'deepseek-reasoner'),
      );
      expect(textOf(chunks, 'reasoning-delta')).toBe('Thinking r1 r2 r3');
      expect(textOf(chunks)).toBe('Hello from deepseek-reasoner (deepseek stand-in). w1 w2');
    });
  });

  describe('credits', () => {
    it('20 parallel sends with 1 credit left give exactly 1 answer and 19 OUT_OF_CREDITS', async () => {
      const c = await signedInUser(app, mailer);
      const userId = await setPlan(ctx.database, c, 'free');
      const day = new Date().toISOString().slice(0, 10);
      await db().execute(sql`insert into credit_usage (user_id, day, used) values (${userId}, ${day}, 4)`);
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => chat(c, sendBody(newId(`p${i}`), 'Race [[fake tokens=2]]'))),
      );
      const ok = results.filter((r) => r.res.status === 200);
      const refused = results.filter((r) => r.res.status === 402);
      expect(ok).toHaveLength(1);
      expect(refused).toHaveLength(19);
      for (const r of refused) expect(JSON.parse(r.raw).error.code).toBe('OUT_OF_CREDITS');
      expect(fakes.calls().openai).toBe(1);
      const credits = (await (await c.get('/api/credits')).json()) as { used: number; remaining: number };
      expect(credits).toMatchObject({ used: 5, remaining: 0 });
      // The refused threads were not created; nothing of theirs was stored.
      const stored = (await db().execute(
        sql`select count(*)::int as n from threads where user_id = ${userId}`,
      )) as unknown as {
        rows: { n: number }[];
      };
      expect(stored.rows[0]?.n).toBe(1);
    });

    it('a new chat is written whole: the thread, the message, then the streaming answer carrying the credit', async () => {
      const c = await signedInUser(app, mailer);
      const userId = await setPlan(ctx.database, c, 'free');
      const threadId = newId('t');
      const messageId = newId('m');
      const sent = await chat(c, sendBody(threadId, 'First words here [[fake tokens=2]]', 'gpt-4o-mini', messageId));
      expect(sent.res.status).toBe(200);
      const answerId = String(sent.chunks.find((ch) => ch.type === 'start')?.messageId);
      const rows = (await db().execute(
        sql`select id, role, status, credit_day::text as credit_day, user_id from messages where thread_id = ${threadId} order by seq`,
      )) as unknown as {
        rows: { id: string; role: string; status: string; credit_day: string | null; user_id: string }[];
      };
      const day = new Date().toISOString().slice(0, 10);
      expect(rows.rows).toEqual([
        { id: messageId, role: 'user', status: 'complete', credit_day: null, user_id: userId },
        { id: answerId, role: 'assistant', status: 'complete', credit_day: day, user_id: userId },
      ]);
      const thread = (await db().execute(
        sql`select user_id, title, active_answer_id from threads where id = ${threadId}`,
      )) as unknown as { rows: { user_id: string; title: string; active_answer_id: string | null }[] };
      expect(thread.rows).toEqual([
        { user_id: userId, title: 'First words here [[fake tokens=2]]', active_answer_id: null },
      ]);
      expect(((await (await c.get('/api/credits')).json()) as { used: number }).used).toBe(1);
    });

    it('a refused send (not your chat, a taken message id, no credit left) takes no credit and writes nothing', async () => {
      const owner = await signedInUser(app, mailer);
      const other = await signedInUser(app, mailer);
      const otherId = await setPlan(ctx.database, other, 'free');
      const threadId = newId('t');
      const messageId = newId('m');
      expect(
        (await chat(owner, sendBody(threadId, 'Mine [[fake tokens=2]]', 'gpt-4o-mini', messageId))).res.status,
      ).toBe(200);
      fakes.reset();
      await expectError(await other.post('/api/chat', sendBody(threadId, 'Into your chat')), 404, 'NOT_FOUND');
      await expectError(
        await other.post('/api/chat', sendBody(newId('t'), 'Your message id', 'gpt-4o-mini', messageId)),
        404,
        'NOT_FOUND',
      );
      const day = new Date().toISOString().slice(0, 10);
      const used = async () =>
        (
          (await db().execute(
            sql`select coalesce(sum(used), 0)::int as n from credit_usage where user_id = ${otherId} and day = ${day}`,
          )) as unknown as { rows: { n: number }[] }
        ).rows[0]?.n;
      expect(await used()).toBe(0);
      await db().execute(sql`insert into credit_usage (user_id, day, used) values (${otherId}, ${day}, 5)
          on conflict (user_id, day) do update set used = 5`);
      await expectError(
        await other.post('/api/chat', sendBody(newId('t'), 'No credit [[fake tokens=2]]')),
        402,
        'OUT_OF_CREDITS',
      );
      expect(await used()).toBe(5);
      const written = (await db().execute(
        sql`select (select count(*)::int from threads where user_id = ${otherId}) as threads,
          (select count(*)::int from messages where user_id = ${otherId}) as messages`,
      )) as unknown as { rows: { threads: number; messages: number }[] };
      expect(written.rows[0]).toEqual({ threads: 0, messages: 0 });
      expect(fakes.calls().total).toBe(0);
    });

    it('refunds the credit when the provider fails before the first token', async () => {
      const c = await signedInUser(app, mailer);
      await setPlan(ctx.database, c, 'free');
      const { res, chunks } = await chat(c, sendBody(newId('t'), 'Fail [[fake fail=before]]'));
      expect(res.status).toBe(200);
      const error = chunks.find((ch) => ch.type === 'error');
      expect(JSON.parse(String(error?.errorText)).error.code).toBe('MODEL_FAILED');
      const id = String(chunks.find((ch) => ch.type === 'start')?.messageId);
      const row = await until(async () => {
        const r = await messageRow(db(), id);
        return r?.status === 'failed' ? r : undefined;
      });
      expect(row.credit_refunded).toBe(true);
      const credits = (await (await c.get('/api/credits')).json()) as { used: number };
      expect(credits.used).toBe(0);
    });

    it('keeps the credit when the provider fails after tokens arrived', async () => {
      const c = await signedInUser(app, mailer);
      await setPlan(ctx.database, c, 'free');
      const { chunks } = await chat(c, sendBody(newId('t'), 'Drop [[fake tokens=10 drop=3]]'));
      const id = String(chunks.find((ch) => ch.type === 'start')?.messageId);
      const row = await until(async () => {
        const r = await messageRow(db(), id);
        return r && r.status !== 'streaming' ? r : undefined;
      });
      expect(row.status).toBe('failed');
      expect(row.text).toContain('w3');
      expect(row.credit_refunded).toBe(false);
      expect(((await (await c.get('/api/credits')).json()) as { used: number }).used).toBe(1);
    });

    it('a free user cannot use a Pro model: refused before the provider is called', async () => {
      const c = await signedInUser(app, mailer);
      const res = await c.post('/api/chat', sendBody(newId('t'), 'Hi', 'gpt-4o'));
      await expectError(res, 403, 'MODEL_REQUIRES_PRO');
      expect(fakes.calls().total).toBe(0);
    });

    it('Pro users have no daily limit', async () => {
      const c = await signedInUser(app, mailer);
      await setPlan(ctx.database, c, 'pro');
      for (let i = 0; i < 7; i++) {
        const { res } = await chat(c, sendBody(newId('t'), 'More [[fake tokens=1]]'));
        expect(res.status).toBe(200);
      }
      const credits = (await (await c.get('/api/credits')).json()) as { plan: string; remaining: number | null };
      expect(credits).toMatchObject({ plan: 'pro', remaining: null });
    });
  });

  describe('conversation', () => {
    it('edits a sent message: it and everything after it are replaced', async () => {
      const c = await signedInUser(app, mailer);
      const threadId = newId('t');
      const first = newId('m');
      await chat(c, sendBody(threadId, 'First [[fake tokens=1]]', 'gpt-4o-mini', first));
      await chat(c, sendBody(threadId, 'Second [[fake tokens=1]]'));
      const { res, raw } = await chat(c, sendBody(threadId, 'First, edited [[fake tokens=2]]', 'gpt-4o-mini', first));
      expect(res.status, raw).toBe(200);
      const detail = (await (await c.get(`/api/threads/${threadId}`)).json()) as {
        messages: { id: string; role: string; parts: { type: string; text?: string }[] }[];
      };
      expect(detail.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
      expect(detail.messages[0]?.id).toBe(first);
      expect(detail.messages[0]?.parts[0]?.text).toBe('First, edited [[fake tokens=2]]');
    });

    it('regenerates the last answer', async () => {
      const c = await signedInUser(app, mailer);
      const threadId = newId('t');
      const sent = await chat(c, sendBody(threadId, 'Again [[fake tokens=1]]'));
      const firstAnswer = String(sent.chunks.find((ch) => ch.type === 'start')?.messageId);
      await until(async () => (await messageRow(db(), firstAnswer))?.status === 'complete');
      const again = await chat(c, {
        trigger: 'regenerate-message',
        threadId,
        toolId: 'web-main',
        modelId: 'gemini-2.0-flash',
        messageId: firstAnswer,
      });
      expect(again.res.status).toBe(200);
      expect(textOf(again.chunks)).toContain('gemini-2.0-flash (google stand-in)');
      expect(await messageRow(db(), firstAnswer)).toBeUndefined();
    });

    it('stop keeps what was written and marks the answer stopped', async () => {
      const c = await signedInUser(app, mailer);
      const threadId = newId('t');
      const res = await c.post('/api/chat', sendBody(threadId, 'Long [[fake tokens=400 pace=20]]'));
      const reader = res.body?.getReader();
      const decoder = new TextDecoder();
      let seen = '';
      while (!seen.includes(' w3"')) seen += decoder.decode((await reader?.read())?.value);
      const stop = await c.post(`/api/chat/${threadId}/stop`);
      expect(stop.status).toBe(204);
      let rest = '';
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) break;
        rest += decoder.decode(chunk.value);
      }
      const id = String(parseSse(seen).find((ch) => ch.type === 'start')?.messageId);
      const row = await until(async () => {
        const r = await messageRow(db(), id);
        return r?.status === 'stopped' ? r : undefined;
      });
      expect(row.text).toContain('w3');
      expect(row.text).not.toContain('w400');
      expect(rest).not.toContain('w400');

      // The provider's usage never came (it comes with the stream's end): our count is stored, and its cost.
      const usage = await until(async () => {
        const result = (await db().execute(
          sql`select input_tokens, output_tokens, cost_usd, estimated_input_tokens, functions, status
              from answer_usage where message_id = ${id}`,
        )) as unknown as {
          rows: {
            input_tokens: number;
            output_tokens: number;
            cost_usd: string | number | null;
            estimated_input_tokens: number;
            functions: Record<string, number>;
            status: string;
          }[];
        };
        return result.rows[0];
      });
      expect(usage.status).toBe('stopped');
      expect(usage.input_tokens).toBeGreaterThan(0);
      expect(usage.input_tokens).toBe(usage.estimated_input_tokens);
      expect(usage.output_tokens).toBeGreaterThan(0);
      expect(usage.output_tokens).toBeLessThan(400);
      expect(Number(usage.cost_usd)).toBeGreaterThan(0);
      expect(usage.functions).toEqual({ '(usage estimated)': 1 });
    });

    it('streams each of the provider tokens as one text delta, between the chunks useChat expects', async () => {
      const c = await signedInUser(app, mailer);
      const { res, chunks } = await chat(c, sendBody(newId('t'), 'Tokens [[fake tokens=5 pace=0]]'));
      expect(res.status).toBe(200);
      expect(chunks.map((ch) => ch.type)).toEqual([
        'start',
        'start-step',
        'text-start',
        ...Array.from({ length: 5 }, () => 'text-delta'),
        'text-end',
        'finish-step',
        'finish',
      ]);
      expect(chunks.filter((ch) => ch.type === 'text-delta').map((ch) => ch.delta)).toEqual([
        'Hello from gpt-4o-mini (openai stand-in). w1',
        ' w2',
        ' w3',
        ' w4',
        ' w5',
      ]);
      const start = chunks[0] as { messageId?: string; messageMetadata?: { status?: string } };
      expect(start.messageId).toBeTruthy();
      expect(start.messageMetadata?.status).toBe('streaming');
      expect((chunks.at(-1) as { messageMetadata?: { status?: string } }).messageMetadata?.status).toBe('complete');
    });

    it('an answer keeps going when the browser goes away, and can be resumed from the start', async () => {
      const c = await signedInUser(app, mailer);
      const threadId = newId('t');
      const res = await c.post('/api/chat', sendBody(threadId, 'Resume me [[fake tokens=40 pace=10]]'));
      const reader = res.body?.getReader();
      await reader?.read();
      await reader?.cancel(); // the tab closed
      const detail = (await (await c.get(`/api/threads/${threadId}`)).json()) as { activeAnswerId: string | null };
      expect(detail.activeAnswerId).toBeTruthy();
      const resumed = await c.get(`/api/chat/${threadId}/stream`);
      expect(resumed.status).toBe(200);
      const chunks = parseSse(await resumed.text());
      expect(textOf(chunks)).toBe(
        `Hello from gpt-4o-mini (openai stand-in).${Array.from({ length: 40 }, (_, i) => ` w${i + 1}`).join('')}`,
      );
      const row = await until(async () => {
        const r = await messageRow(db(), String(detail.activeAnswerId));
        return r?.status === 'complete' ? r : undefined;
      });
      expect(row.text).toContain('w40');
      expect((await c.get(`/api/chat/${threadId}/stream`)).status).toBe(204);
    });

    it('deleting a chat stops its running answer', async () => {
      const c = await signedInUser(app, mailer);
      const threadId = newId('t');
      const res = await c.post('/api/chat', sendBody(threadId, 'Delete me [[fake tokens=400 pace=20]]'));
      const reader = res.body?.getReader();
      const first = new TextDecoder().decode((await reader?.read())?.value);
      const id = String(parseSse(first).find((ch) => ch.type === 'start')?.messageId);
      expect((await c.delete(`/api/threads/${threadId}`)).status).toBe(204);
      const row = await until(async () => {
        const r = await messageRow(db(), id);
        return r?.status === 'stopped' ? r : undefined;
      });
      expect(row.text).not.toContain('w400');
      await reader?.cancel();
    });

    it('a second send while an answer is running is refused', async () => {
      const c = await signedInUser(app, mailer);
      const threadId = newId('t');
      const first = await c.post('/api/chat', sendBody(threadId, 'Slow [[fake tokens=30 pace=10]]'));
      const second = await c.post('/api/chat', sendBody(threadId, 'Again'));
      await expectError(second, 409, 'GENERATION_IN_PROGRESS');
      await first.text();
    });

    it('refuses bad input with 4xx and writes nothing', async () => {
      const c = await signedInUser(app, mailer);
      const bad: unknown[] = [
        {},
        { ...sendBody(newId('t'), 'x'), extra: 1 },
        sendBody('../etc', 'x'),
        sendBody(newId('t'), ''),
        sendBody(newId('t'), 'x'.repeat(20_001)),
        { ...sendBody(newId('t'), 'x'), modelId: 'no-such-model' },
        { ...sendBody(newId('t'), 'x'), toolId: 'nope' },
      ];
      for (const body of bad) {
        const res = await c.post('/api/chat', body);
        expect(res.status, JSON.stringify(body).slice(0, 80)).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
      }
      expect(fakes.calls().total).toBe(0);
    });
  });

  describe('access control', () => {
    it("another user's thread, message or stream is refused on every route", async () => {
      const owner = await signedInUser(app, mailer);
      const other = await signedInUser(app, mailer);
      const threadId = newId('t');
      const messageId = newId('m');
      const sent = await chat(owner, sendBody(threadId, 'Mine [[fake tokens=2]]', 'gpt-4o-mini', messageId));
      const answerId = String(sent.chunks.find((ch) => ch.type === 'start')?.messageId);
      fakes.reset();

      await expectError(await other.post('/api/chat', sendBody(threadId, 'Into your thread')), 404, 'NOT_FOUND');
      await expectError(
        await other.post('/api/chat', sendBody(newId('t'), 'Steal your message id', 'gpt-4o-mini', messageId)),
        404,
        'NOT_FOUND',
      );
      await expectError(
        await other.post('/api/chat', {
          trigger: 'regenerate-message',
          threadId,
          toolId: 'web-main',
          modelId: 'gpt-4o-mini',
          messageId: answerId,
        }),
        404,
        'NOT_FOUND',
      );
      await expectError(await other.get(`/api/chat/${threadId}/stream`), 404, 'NOT_FOUND');
      await expectError(await other.post(`/api/chat/${threadId}/stop`), 404, 'NOT_FOUND');
      await expectError(await other.get(`/api/threads/${threadId}`), 404, 'NOT_FOUND');
      expect(fakes.calls().total).toBe(0);
      // The owner's thread is untouched.
      const detail = (await (await owner.get(`/api/threads/${threadId}`)).json()) as { messages: unknown[] };
      expect(detail.messages).toHaveLength(2);
      expect(await messageRow(db(), messageId)).toMatchObject({ role: 'user' });
    });

    it('every chat route needs a session', async () => {
      for (const [method, path] of [
        ['POST', '/api/chat'],
        ['GET', '/api/chat/abcdefgh/stream'],
        ['POST', '/api/chat/abcdefgh/stop'],
        ['GET', '/api/credits'],
      ] as const) {
        const res = await app.request(path, {
          method,
          headers: { 'content-type': 'application/json', origin: ORIGIN },
          body: method === 'POST' ? '{}' : undefined,
        });
        expect(res.status, path).toBe(401);
      }
    });
  });
});

describe('with no provider configured', () => {
  it('offers only the offline demo model, clearly labelled, and it answers', async () => {
    const { openTestDatabase } = await import('./databases.ts');
    const opened = await openTestDatabase('pglite');
    try {
      const mailer = captureMailer();
      const app = createTestApp(opened.database, { mailer, env: AUTH_TEST_ENV });
      const models = (await (await app.request('/api/models')).json()) as {
        models: { id: string; available: boolean; demo: boolean }[];
        defaultModelId: string;
      };
      expect(models.defaultModelId).toBe('demo');
      expect(models.models.filter((m) => m.available).map((m) => m.id)).toEqual(['demo']);
      expect(models.models.find((m) => m.id === 'demo')?.demo).toBe(true);
      const c = await signedInUser(app, mailer);
      const { res, chunks } = await chat(c, sendBody(newId('t'), 'Hello demo', 'demo'));
      expect(res.status).toBe(200);
      expect(textOf(chunks)).toContain('Demo mode.');
      await expectError(await c.post('/api/chat', sendBody(newId('t'), 'Hi', 'gpt-4o-mini')), 400, 'MODEL_UNAVAILABLE');
    } finally {
      await opened.dispose();
    }
  });
});
