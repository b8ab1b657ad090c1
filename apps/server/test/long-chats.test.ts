/**
 * Long chats (issue 30, decisions 027–029): every turn inside the model's window, the summary of
 * earlier messages made by the small model of the same provider and reused with a stable prefix,
 * usage rows as the provider reported them, one retry after a "too long" refusal, a new chat that
 * continues a chat too long for its model, and the demo model's extract on a keyless start.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openaiPromptTokens, type ProviderFakes } from '@polymath/provider-fakes';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { queryRows } from '../src/db/query-rows.ts';
import { rollUpUsage } from '../src/features/usage/usage-rollup.job.ts';
import { AUTH_TEST_ENV, type CaptureMailer, captureMailer, signedInUser, type TestClient } from './auth-helpers.ts';
import { chat, newId, providerEnv, sendBody, setPlan, startProviderFakes, until } from './chat-helpers.ts';
import { describeEachDatabase } from './databases.ts';
import { runTempDir } from './temp-dirs.ts';
import { startToolsApp, type ToolsApp } from './tools-helpers.ts';

const price = { input: 2.5, cachedInput: 1.25, output: 10 };
const claudePrice = { input: 3, cachedInput: 0.3, cacheWrite: 3.75, output: 15 };
const CATALOGUE = {
  models: [
    {
      id: 'tiny-gpt',
      provider: 'openai',
      displayName: 'Tiny GPT',
      description: 'A model with a small window',
      tier: 'free',
      capabilities: { vision: false, reasoning: false },
      contextTokens: 4000,
      maxOutputTokens: 400,
      pricePerMillion: price,
      summaryModel: 'tiny-gpt-mini',
    },
    {
      id: 'tiny-gpt-mini',
      provider: 'openai',
      displayName: 'Tiny GPT mini',
      description: 'Its small sibling, which summarises',
      tier: 'free',
      capabilities: { vision: false, reasoning: false },
      contextTokens: 16000,
      maxOutputTokens: 1000,
      pricePerMillion: { input: 0.15, cachedInput: 0.075, output: 0.6 },
    },
    {
      id: 'liar-gpt',
      provider: 'openai',
      displayName: 'Liar GPT',
      description: 'Its catalogue entry says it reads more than it does',
      tier: 'free',
      capabilities: { vision: false, reasoning: false },
      contextTokens: 8000,
      maxOutputTokens: 400,
      pricePerMillion: price,
      summaryModel: 'tiny-gpt-mini',
    },
    {
      id: 'tiny-claude',
      provider: 'anthropic',
      displayName: 'Tiny Claude',
      description: 'A Claude with a small window',
      tier: 'free',
      capabilities: { vision: false, reasoning: false },
      contextTokens: 4000,
      maxOutputTokens: 400,
      pricePerMillion: claudePrice,
      summaryModel: 'tiny-claude-mini',
    },
    {
      id: 'tiny-claude-mini',
      provider: 'anthropic',
      displayName: 'Tiny Claude mini',
      description: 'Its small sibling, which summarises',
      tier: 'free',
      capabilities: { vision: false, reasoning: false },
      contextTokens: 16000,
      maxOutputTokens: 1000,
      pricePerMillion: { input: 0.8, cachedInput: 0.08, cacheWrite: 1, output: 4 },
    },
  ],
};

function catalogueFile(): string {
  const dir = runTempDir('polymath-long-chats-');
  const file = join(dir, 'models.json');
  writeFileSync(file, JSON.stringify(CATALOGUE));
  return file;
}

/**
 * A thread with `count` messages written straight into the database, as an old chat would be (no
 * sizes stored): questions of ~45 tokens and answers of ~65, alternating.
 */
async function seedThread(db: Db, userId: string, modelId: string, count: number): Promise<string> {
  const threadId = newId('long');
  await db.execute(sql`insert into threads (id, user_id, tool_id, title, model_id, created_at, updated_at)
    values (${threadId}, ${userId}, 'web-main', 'A long chat', ${modelId}, now() - interval '1 day', now() - interval '1 day')`);
  await db.execute(sql`
    insert into messages (id, thread_id, user_id, role, parts, text, status, model_id, created_at)
    select ${threadId} || '-m' || g, ${threadId}, ${userId}, case when g % 2 = 0 then 'user' else 'assistant' end,
      jsonb_build_array(jsonb_build_object('type', 'text', 'text', t)), t, 'complete',
      case when g % 2 = 1 then ${modelId} end, now() - interval '1 day' + g * interval '1 second'
    from generate_series(0, ${count - 1}) g,
      lateral (select case when g % 2 = 0
        then 'Question ' || g || ': ' || repeat('what about the old harbour and its ships? ', 5)
        else 'Answer ' || g || ': ' || repeat('the harbour was built long ago for trading ships. ', 7) end as t) x`);
  return threadId;
}

/** Waits until no fold of earlier messages is waiting or running. */
async function foldsDone(db: Db): Promise<void> {
  await until(async () => {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from pgboss.job where name = 'thread-summary' and state in ('created', 'retry', 'active')`,
    );
    return row?.n === 0;
  }, 30_000);
}

type UsageRow = {
  message_id: string | null;
  kind: string;
  model_id: string;
  plan: string;
  tool_id: string;
  status: string;
  input_tokens: number;
  cached_input_tokens: number;
  cache_write_tokens: number;
  output_tokens: number;
  estimated_input_tokens: number | null;
  calls: number;
  cost_usd: string | number | null;
};

async function usageOf(db: Db, messageId: string): Promise<UsageRow | undefined> {
  const [row] = await queryRows<UsageRow>(db, sql`select * from answer_usage where message_id = ${messageId}`);
  return row;
}

async function lastAnswer(db: Db, threadId: string) {
  const [row] = await queryRows<{ id: string; status: string; text: string }>(
    db,
    sql`select id, status, text from messages where thread_id = ${threadId} and role = 'assistant' order by seq desc limit 1`,
  );
  return row;
}

type ChatRequestBody = { model: string; messages: { role: string; content: unknown }[]; max_tokens?: number };

let fakes: ProviderFakes;
beforeAll(async () => {
  fakes = await startProviderFakes();
});
afterAll(async () => {
  await fakes.close();
});

describeEachDatabase('long chats', (ctx) => {
  let tools: ToolsApp;
  let mailer: CaptureMailer;
  let client: TestClient;
  let userId: string;
  const db = () => ctx.database.db;

  beforeAll(async () => {
    mailer = captureMailer();
    tools = await startToolsApp(ctx.database, {
      mailer,
      env: { ...AUTH_TEST_ENV, ...providerEnv(fakes), MODELS_FILE: catalogueFile(), CHAT_RATE_LIMIT_MAX: '1000' },
    });
    client = await signedInUser(tools.app, mailer);
    userId = await setPlan(ctx.database, client, 'pro');
  });
  afterAll(async () => {
    await tools?.stop();
  });
  beforeEach(() => {
    fakes.reset();
    fakes.contextWindow('tiny-gpt', 4000);
    fakes.contextWindow('tiny-gpt-mini', 16000);
    fakes.contextWindow('liar-gpt', 3000);
  });

  it('a 500-message chat keeps answering inside the window, its summary made by the small model and reused', async () => {
    const threadId = await seedThread(db(), userId, 'tiny-gpt', 450);
    const answers: string[] = [];
    for (let turn = 0; turn < 25; turn++) {
      const { res } = await chat(
        client,
        sendBody(
          threadId,
          `Turn ${turn}: and what happened to the harbour then? [[fake tokens=40 pace=0]]`,
          'tiny-gpt',
        ),
      );
      expect(res.status).toBe(200);
      const answer = await lastAnswer(db(), threadId);
      expect(answer?.status).toBe('complete');
      answers.push(answer?.id ?? '');
      await foldsDone(db());
    }
    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from messages where thread_id = ${threadId}`,
    );
    expect(n).toBe(500);

    // Every request to the chat model fitted its window with the answer's room (none was refused).
    const chatRequests = fakes
      .requests()
      .filter((r) => r.path === '/openai/v1/chat/completions' && (r.body as ChatRequestBody).model === 'tiny-gpt')
      .map((r) => r.body as ChatRequestBody);
    expect(chatRequests).toHaveLength(25);
    for (const body of chatRequests) {
      expect(body.max_tokens).toBe(400);
      expect(openaiPromptTokens(body as never) + 400).toBeLessThanOrEqual(4000);
    }

    // The summary: by the small model of the same provider, in blocks, after the messages it covers.
    const [summary] = await queryRows<{ kind: string; model_id: string; folds: number; through_seq: number }>(
      db(),
      sql`select kind, model_id, folds, through_seq from thread_summaries where thread_id = ${threadId}`,
    );
    expect(summary).toMatchObject({ kind: 'model', model_id: 'tiny-gpt-mini' });
    expect(summary?.folds).toBeGreaterThanOrEqual(2);
    const summaryCalls = fakes.requests().filter((r) => (r.body as ChatRequestBody | null)?.model === 'tiny-gpt-mini');
    expect(summaryCalls.length).toBeGreaterThanOrEqual(2);

    // Reused: each request starts with the whole of the one before (a stable prefix: system prompt,
    // summary, earlier messages), so the provider's cache reads it, except once per fold, when the
    // summary takes in a block of the oldest messages.
    let extended = 0;
    for (let i = 1; i < chatRequests.length; i++) {
      const before = chatRequests[i - 1] as ChatRequestBody;
      const after = chatRequests[i] as ChatRequestBody;
      const prefix = JSON.stringify(after.messages.slice(0, before.messages.length));
      if (prefix === JSON.stringify(before.messages)) extended++;
    }
    const folds = summary?.folds ?? 0;
    expect(chatRequests.length - 1 - extended).toBeLessThanOrEqual(folds);
    expect(extended).toBeGreaterThanOrEqual(15);
    const systemOf = (b: ChatRequestBody) => JSON.stringify(b.messages.filter((m) => m.role === 'system'));
    expect(chatRequests.some((b) => systemOf(b).includes('Summary of the earlier part of this conversation'))).toBe(
      true,
    );

    // Usage rows: as the stand-in reported them (its prompt count, cache hits, answer tokens) and priced.
    const last = answers[answers.length - 1] as string;
    const lastBody = chatRequests[chatRequests.length - 1] as ChatRequestBody;
    const usage = await usageOf(db(), last);
    expect(usage).toMatchObject({
      kind: 'answer',
      model_id: 'tiny-gpt',
      plan: 'pro',
      tool_id: 'web-main',
      status: 'complete',
      calls: 1,
    });
    expect(usage?.input_tokens).toBe(openaiPromptTokens(lastBody as never));
    expect(usage?.output_tokens).toBe(40);
    const rows = await Promise.all(answers.map((id) => usageOf(db(), id)));
    const cachedTurns = rows.filter((r) => (r?.cached_input_tokens ?? 0) > 0);
    expect(cachedTurns.length).toBeGreaterThanOrEqual(10);
    for (const r of cachedTurns) expect((r?.cached_input_tokens ?? 0) % 128).toBe(0);
    const u = usage as UsageRow;
    const expectedCost =
      ((u.input_tokens - u.cached_input_tokens) * price.input +
        u.cached_input_tokens * price.cachedInput +
        u.output_tokens * price.output) /
      1e6;
    expect(Number(u.cost_usd)).toBeCloseTo(expectedCost, 8);
    // Our own count of what was sent is the provider's, give or take the framing.
    expect(Math.abs((u.estimated_input_tokens ?? 0) - u.input_tokens) / u.input_tokens).toBeLessThan(0.1);
    // Summaries are paid for too.
    const [summaryUsage] = await queryRows<{ n: number; model_id: string }>(
      db(),
      sql`select count(*)::int as n, min(model_id) as model_id from answer_usage where kind = 'summary' and thread_id = ${threadId}`,
    );
    expect(summaryUsage).toMatchObject({ model_id: 'tiny-gpt-mini' });
    expect(summaryUsage?.n).toBe(summaryCalls.length);

    // The chat still has every message, and says where the summary ends.
    const detail = (await (await client.get(`/api/threads/${threadId}`)).json()) as {
      summary: { throughMessageId: string; kind: string; fromThreadId: string | null } | null;
    };
    expect(detail.summary?.kind).toBe('model');
    expect(detail.summary?.throughMessageId).toMatch(new RegExp(`^${threadId}-m\\d+$|^[A-Za-z0-9_-]+$`));

    // Rolled up per day: by model, tool and plan, for the console.
    await rollUpUsage(db(), new Date().toISOString().slice(0, 10));
    const daily = await queryRows<{
      kind: string;
      model_id: string;
      tool_id: string;
      plan: string;
      events: number;
      input_tokens: string | number;
    }>(
      db(),
      sql`select kind, model_id, tool_id, plan, events, input_tokens from usage_daily where day = current_date and model_id in ('tiny-gpt', 'tiny-gpt-mini') order by kind`,
    );
    const answerDay = daily.find((d) => d.kind === 'answer' && d.model_id === 'tiny-gpt');
    expect(answerDay).toMatchObject({ tool_id: 'web-main', plan: 'pro' });
    expect(answerDay?.events).toBeGreaterThanOrEqual(25);
    expect(daily.some((d) => d.kind === 'summary' && d.model_id === 'tiny-gpt-mini')).toBe(true);
  }, 300_000);

  it('a long chat with Claude marks cache breakpoints (system, summary, newest message), and its cached input is recorded and priced', async () => {
    const threadId = await seedThread(db(), userId, 'tiny-claude', 450);
    const answers: string[] = [];
    for (let turn = 0; turn < 8; turn++) {
      const { res } = await chat(
        client,
        sendBody(threadId, `Turn ${turn}: and the harbour? [[fake tokens=30 pace=0]]`, 'tiny-claude'),
      );
      expect(res.status).toBe(200);
      const answer = await lastAnswer(db(), threadId);
      expect(answer?.status).toBe('complete');
      answers.push(answer?.id ?? '');
      await foldsDone(db());
    }
    type Block = { type: string; text?: string; cache_control?: { type: string } };
    type ClaudeBody = { model: string; system?: Block[]; messages: { role: string; content: Block[] }[] };
    const requests = fakes
      .requests()
      .filter((r) => r.path === '/anthropic/v1/messages' && (r.body as ClaudeBody).model === 'tiny-claude')
      .map((r) => r.body as ClaudeBody);
    expect(requests).toHaveLength(8);
    for (const body of requests) {
      // The tool's system prompt, then (once there is one) the summary: each a breakpoint.
      expect(body.system?.[0]?.cache_control).toEqual({ type: 'ephemeral' });
      // The newest message: its last block.
      const newest = body.messages[body.messages.length - 1];
      expect(newest?.role).toBe('user');
      expect(newest?.content[newest.content.length - 1]?.cache_control).toEqual({ type: 'ephemeral' });
      // Nothing else is marked (Anthropic takes four breakpoints at most).
      const marks = [...(body.system ?? []), ...body.messages.flatMap((m) => m.content)].filter((b) => b.cache_control);
      expect(marks.length).toBeLessThanOrEqual(3);
    }
    const withSummary = requests.filter((b) =>
      (b.system ?? []).some((block) => block.text?.includes('Summary of the earlier part of this conversation')),
    );
    expect(withSummary.length).toBeGreaterThan(0);
    for (const body of withSummary) {
      const summary = body.system?.find((block) => block.text?.includes('Summary of the earlier part'));
      expect(summary?.cache_control).toEqual({ type: 'ephemeral' });
    }

    // What the stand-in read from its cache is recorded and priced at the cached price (writes at theirs).
    const rows = (await Promise.all(answers.map((id) => usageOf(db(), id)))) as UsageRow[];
    // A turn reads what the one before wrote (1,024 tokens at least), unless a fold changed the summary between.
    const cached = rows.filter((r) => r.cached_input_tokens > 0);
    expect(cached.length).toBeGreaterThanOrEqual(2);
    expect(rows.some((r) => r.cache_write_tokens > 0)).toBe(true);
    for (const r of rows) {
      expect(r.model_id).toBe('tiny-claude');
      expect(r.cached_input_tokens + r.cache_write_tokens).toBeLessThanOrEqual(r.input_tokens);
      const expected =
        ((r.input_tokens - r.cached_input_tokens - r.cache_write_tokens) * claudePrice.input +
          r.cached_input_tokens * claudePrice.cachedInput +
          r.cache_write_tokens * claudePrice.cacheWrite +
          r.output_tokens * claudePrice.output) /
        1e6;
      expect(Number(r.cost_usd)).toBeCloseTo(expected, 8);
    }
    const read = cached[cached.length - 1] as UsageRow;
    expect(read.cached_input_tokens / read.input_tokens).toBeGreaterThan(0.5);
  }, 300_000);

  it('a request the provider refuses as too long is made once more with less, and answers', async () => {
    // The catalogue says 8,000 tokens; the provider reads 3,000.
    const threadId = await seedThread(db(), userId, 'liar-gpt', 60);
    const { res, chunks } = await chat(
      client,
      sendBody(threadId, 'So what now? [[fake tokens=20 pace=0]]', 'liar-gpt'),
    );
    expect(res.status).toBe(200);
    expect(chunks.some((c) => c.type === 'error')).toBe(false);
    const answer = await lastAnswer(db(), threadId);
    expect(answer?.status).toBe('complete');
    const calls = fakes
      .requests()
      .filter((r) => (r.body as ChatRequestBody | null)?.model === 'liar-gpt')
      .map((r) => r.body as ChatRequestBody);
    expect(calls).toHaveLength(2);
    const [first, second] = calls as [ChatRequestBody, ChatRequestBody];
    expect(openaiPromptTokens(first as never) + 400).toBeGreaterThan(3000);
    expect(openaiPromptTokens(second as never) + 400).toBeLessThanOrEqual(3000);
    expect(second.messages.at(-1)).toEqual(first.messages.at(-1));
    expect((await usageOf(db(), answer?.id ?? ''))?.calls).toBe(2);
  }, 120_000);

  it('when even less is refused, says so plainly and continues in a new chat that starts with a summary', async () => {
    fakes.contextWindow('liar-gpt', 300);
    const threadId = await seedThread(db(), userId, 'liar-gpt', 40);
    const { res, chunks } = await chat(client, sendBody(threadId, 'And now? [[fake tokens=20 pace=0]]', 'liar-gpt'));
    expect(res.status).toBe(200);
    const error = chunks.find((c) => c.type === 'error');
    expect(JSON.parse(String(error?.errorText))).toMatchObject({ error: { code: 'CONTEXT_TOO_LONG' } });
    expect((await lastAnswer(db(), threadId))?.status).toBe('failed');

    const continued = await client.post(`/api/chat/${threadId}/continue`, {});
    expect(continued.status).toBe(201);
    const { threadId: next } = (await continued.json()) as { threadId: string };
    const detail = (await (await client.get(`/api/threads/${next}`)).json()) as {
      thread: { modelId: string; title: string };
      messages: unknown[];
      summary: { throughMessageId: string; kind: string; fromThreadId: string; text: string };
    };
    expect(detail.thread).toMatchObject({ modelId: 'liar-gpt', title: 'A long chat' });
    expect(detail.messages).toEqual([]);
    expect(detail.summary).toMatchObject({ throughMessageId: '', kind: 'model', fromThreadId: threadId });
    // The old chat is untouched.
    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from messages where thread_id = ${threadId}`,
    );
    expect(n).toBe(42);

    // The new chat answers, its model reading the summary first.
    fakes.contextWindow('liar-gpt', 8000);
    fakes.reset();
    fakes.contextWindow('liar-gpt', 8000);
    const { res: nextRes } = await chat(client, sendBody(next, 'Go on [[fake tokens=10 pace=0]]', 'liar-gpt'));
    expect(nextRes.status).toBe(200);
    expect((await lastAnswer(db(), next))?.status).toBe('complete');
    const body = fakes.requests().find((r) => (r.body as ChatRequestBody | null)?.model === 'liar-gpt')
      ?.body as ChatRequestBody;
    expect(JSON.stringify(body.messages)).toContain('Summary of the earlier part of this conversation');
    expect(JSON.stringify(body.messages)).toContain(detail.summary.text.slice(0, 20));
  }, 120_000);

  it('refuses to continue another person’s chat, or one that does not exist', async () => {
    const other = await signedInUser(tools.app, mailer);
    const threadId = await seedThread(db(), userId, 'tiny-gpt', 4);
    expect((await other.post(`/api/chat/${threadId}/continue`, {})).status).toBe(404);
    expect((await client.post('/api/chat/no-such-chat-id/continue', {})).status).toBe(404);
    expect((await client.post('/api/chat/bad id/continue', {})).status).toBe(404);
  });
});

describeEachDatabase('long chats on a keyless start', (ctx) => {
  let tools: ToolsApp;
  let client: TestClient;
  let userId: string;
  const db = () => ctx.database.db;

  beforeAll(async () => {
    const mailer = captureMailer();
    tools = await startToolsApp(ctx.database, { mailer, env: { ...AUTH_TEST_ENV, CHAT_RATE_LIMIT_MAX: '1000' } });
    client = await signedInUser(tools.app, mailer);
    userId = await setPlan(ctx.database, client, 'pro');
  });
  afterAll(async () => {
    await tools?.stop();
  });

  it('the demo model’s chat gets a labelled extract of its earlier messages', async () => {
    const threadId = await seedThread(db(), userId, 'demo', 120);
    const { res } = await chat(client, sendBody(threadId, 'Tell me more', 'demo'));
    expect(res.status).toBe(200);
    const answer = await lastAnswer(db(), threadId);
    expect(answer?.status).toBe('complete');
    await until(async () => {
      const [row] = await queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from thread_summaries where thread_id = ${threadId}`,
      );
      return row?.n === 1;
    }, 30_000);
    const detail = (await (await client.get(`/api/threads/${threadId}`)).json()) as {
      summary: { throughMessageId: string; kind: string; text: string };
    };
    expect(detail.summary.kind).toBe('extract');
    expect(detail.summary.text).toMatch(
      /^Earlier messages in short \(an extract of their opening lines, not written by an AI model\):/,
    );
    expect(detail.summary.text).toContain('- Person: Question');
    expect(detail.summary.throughMessageId).toMatch(new RegExp(`^${threadId}-m\\d+$`));
    // Demo answers are recorded and cost nothing.
    expect(await usageOf(db(), answer?.id ?? '')).toMatchObject({
      model_id: 'demo',
      provider: 'demo',
      input_tokens: 0,
    });
    expect(Number((await usageOf(db(), answer?.id ?? ''))?.cost_usd)).toBe(0);
  }, 120_000);
});
