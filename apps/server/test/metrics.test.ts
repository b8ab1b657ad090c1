import type { ProviderFakes } from '@polymath/provider-fakes';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { App } from '../src/app.ts';
import { createLogger } from '../src/lib/logger.ts';
import { defineJob, type JobDefinition } from '../src/lib/queue/job.ts';
import { type JobQueue, startJobQueue } from '../src/lib/queue/job-queue.ts';
import { AUTH_TEST_ENV, type CaptureMailer, captureMailer, expectError, signedInUser } from './auth-helpers.ts';
import { chat, newId, providerEnv, sendBody, setPlan, startProviderFakes, textOf, until } from './chat-helpers.ts';
import { createTestApp, describeEachDatabase } from './databases.ts';

const TOKEN = 'metrics-token-0123456789abcdef';

let fakes: ProviderFakes;
beforeAll(async () => {
  fakes = await startProviderFakes();
});
afterAll(async () => {
  await fakes.close();
});

let ran = 0;
const ping = defineJob({
  name: 'test-metrics-ping',
  payload: z.object({}),
  retries: 0,
  retryDelaySeconds: 0,
  timeoutSeconds: 30,
  concurrency: 1,
  async handler() {
    ran += 1;
  },
});

/** One sample's value from the text format, 0 when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? '').split(/,(?=[a-z_]+=")/);
    if (wanted.every((w) => have.includes(w))) return Number(match[3]);
  }
  return 0;
}

describe('metrics without METRICS_TOKEN', () => {
  it('GET /metrics does not exist (404), with or without a bearer token', async () => {
    const { openTestDatabase } = await import('./databases.ts');
    const test = await openTestDatabase('pglite');
    try {
      const app = createTestApp(test.database);
      expect((await app.request('/metrics')).status).toBe(404);
      expect((await app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
    } finally {
      await test.dispose();
    }
  });
});

describeEachDatabase('metrics', { exercises: ['job-queue'] }, (ctx) => {
  let app: App;
  let mailer: CaptureMailer;
  let queue: JobQueue;
  const scrape = async () => {
    const res = await app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };

  beforeAll(async () => {
    mailer = captureMailer();
    queue = await startJobQueue({
      connection: ctx.database.queueConnection,
      logger: createLogger('silent'),
      jobs: [ping] as JobDefinition<unknown>[],
      timing: { pollSeconds: 0.5, heartbeatSeconds: 10, superviseSeconds: 1 },
    });
    app = createTestApp(ctx.database, {
      mailer,
      env: {
        ...AUTH_TEST_ENV,
        ...providerEnv(fakes),
        FREE_DAILY_MESSAGES: '5',
        CHAT_RATE_LIMIT_MAX: '1000',
        METRICS_TOKEN: TOKEN,
      },
    });
  }, 60_000);
  afterAll(async () => {
    await queue.stop(1000);
  });

  it('refuses a scrape without the token or with a wrong one (401), and says nothing', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789abcdef', TOKEN, `Basic ${TOKEN}`]) {
      const res = await app.request('/metrics', authorization ? { headers: { authorization } } : {});
      expect(res.status).toBe(401);
      expect(await res.text()).not.toMatch(/polymath_/);
    }
  });

  it('moves after a chat, a refused credit and a job; labels hold route patterns, never ids or emails', async () => {
    const before = await scrape();
    const c = await signedInUser(app, mailer);
    const userId = await setPlan(ctx.database, c, 'free');

    // A chat.
    const threadId = newId('t');
    const { res, chunks } = await chat(c, sendBody(threadId, 'Count me [[fake tokens=4]]'));
    expect(res.status).toBe(200);
    expect(textOf(chunks)).toContain('w4');
    // A refused credit.
    const day = new Date().toISOString().slice(0, 10);
    await ctx.database.db.execute(sql`insert into credit_usage (user_id, day, used) values (${userId}, ${day}, 5)
        on conflict (user_id, day) do update set used = 5`);
    await expectError(await c.post('/api/chat', sendBody(newId('t'), 'No credit')), 402, 'OUT_OF_CREDITS');
    // A job.
    const ranBefore = ran;
    const jobId = await queue.send(ping, {});
    await until(async () => (await queue.status(ping, jobId))?.state === 'completed');
    expect(ran).toBe(ranBefore + 1);
    await c.get(`/api/threads/${threadId}`);

    const after = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) =>
      sample(after, name, labels) - sample(before, name, labels);
    const chatRoute = { method: 'POST', route: '/api/chat', status: '200' };
    expect(moved('polymath_http_requests_total', chatRoute)).toBe(1);
    expect(moved('polymath_http_request_duration_seconds_count', chatRoute)).toBe(1);
    expect(moved('polymath_http_requests_total', { route: '/api/chat', status: '402' })).toBe(1);
    expect(moved('polymath_http_requests_total', { route: '/api/threads/:id', status: '200' })).toBe(1);
    expect(moved('polymath_chat_time_to_first_token_seconds_count', { model: 'gpt-4o-mini' })).toBe(1);
    expect(moved('polymath_chat_turn_context_seconds_count', { model: 'gpt-4o-mini' })).toBe(1);
    expect(moved('polymath_chat_answers_total', { model: 'gpt-4o-mini', status: 'complete' })).toBe(1);
    expect(moved('polymath_chat_output_tokens_total', { model: 'gpt-4o-mini' })).toBeGreaterThan(0);
    expect(sample(after, 'polymath_chat_answers_streaming')).toBe(0);
    expect(moved('polymath_credit_refusals_total')).toBe(1);
    expect(moved('polymath_sign_ups_total', { outcome: 'accepted' })).toBe(1);
    expect(moved('polymath_sign_ins_total', { method: 'email', outcome: 'success' })).toBe(1);
    expect(moved('polymath_job_runs_total', { queue: ping.name, outcome: 'completed' })).toBe(1);
    // Read from the queue's tables: the completed job is neither waiting nor running.
    expect(after).toMatch(/^polymath_jobs_waiting\{queue="test-metrics-ping",app="polymath"\} 0$/m);
    expect(after).toMatch(/^polymath_jobs_oldest_waiting_seconds\{queue="test-metrics-ping",app="polymath"\} 0$/m);
    // Default metrics: the event loop's delay.
    expect(after).toMatch(/^polymath_nodejs_eventloop_lag_p99_seconds\{app="polymath"\} [\d.e-]+$/m);
    if (ctx.kind === 'postgres')
      expect(sample(after, 'polymath_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);

    // No user's id, address, thread id or path in any label.
    const email = (await (await c.get('/api/me')).json()) as { email?: string; user?: { email?: string } };
    for (const secret of [userId, threadId, email.email ?? email.user?.email ?? 'never-present@']) {
      expect(after).not.toContain(secret);
    }
  });

  it('counts a provider failure by provider and code', async () => {
    const before = await scrape();
    const c = await signedInUser(app, mailer);
    await setPlan(ctx.database, c, 'pro');
    const { res } = await chat(c, sendBody(newId('t'), 'Break [[fake fail status=503]]'));
    expect(res.status).toBe(200);
    const after = await scrape();
    expect(
      sample(after, 'polymath_provider_errors_total', { provider: 'openai', code: '503' }) -
        sample(before, 'polymath_provider_errors_total', { provider: 'openai', code: '503' }),
    ).toBeGreaterThan(0);
  });
});
