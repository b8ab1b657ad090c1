import { auditPageSchema, type JobsOverview, jobsOverviewSchema } from '@polymath/shared/admin/admin.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type App, createApp } from '../src/app.ts';
import { errorOf, summarisePayload } from '../src/features/admin/jobs.service.ts';
import { createLogger } from '../src/lib/logger.ts';
import { defineJob, type JobDefinition } from '../src/lib/queue/job.ts';
import { type JobQueue, startJobQueue } from '../src/lib/queue/job-queue.ts';
import {
  AUTH_TEST_ENV,
  type CaptureMailer,
  captureMailer,
  expectError,
  signedInUser,
  type TestClient,
  uniqueEmail,
} from './auth-helpers.ts';
import { until } from './chat-helpers.ts';
import { createTestApp, createTestDeps, describeEachDatabase } from './databases.ts';

/** Fails while `fail` says so (a test flips it to let the retry succeed). */
const behaviour = { fail: true, done: [] as string[] };
const payload = z.object({
  documentId: z.string(),
  pages: z.number().int(),
  prompt: z.string(),
  apiKey: z.string(),
  email: z.string(),
});
const flaky = defineJob({
  name: 'admin-test-flaky',
  payload,
  retries: 0,
  retryDelaySeconds: 0,
  timeoutSeconds: 30,
  concurrency: 1,
  async handler(p) {
    if (behaviour.fail) throw new Error(`could not read document ${p.documentId}`);
    behaviour.done.push(p.documentId);
  },
});
const steady = defineJob({
  name: 'admin-test-steady',
  payload: z.object({ n: z.number() }),
  retries: 0,
  retryDelaySeconds: 0,
  timeoutSeconds: 30,
  concurrency: 1,
  async handler() {},
});

const PAYLOAD = {
  documentId: 'doc_123',
  pages: 12,
  prompt: 'my secret diary entry',
  apiKey: 'sk-live-abcdef',
  email: 'ada@example.com',
};

describe('a failed job as an operator sees it', () => {
  it('keeps ids and numbers, shows any other text only as its length', () => {
    expect(summarisePayload(PAYLOAD)).toEqual({
      documentId: 'doc_123',
      pages: 12,
      prompt: '[21 characters]',
      apiKey: '[14 characters]',
      email: '[15 characters]',
    });
    expect(summarisePayload({ threadId: 't1', nested: { userId: 'u1', text: 'hello' }, list: [1, 2] })).toEqual({
      threadId: 't1',
      nested: { userId: 'u1', text: '[5 characters]' },
      list: '[2 items]',
    });
    expect(summarisePayload({ kind: 'has spaces in it' })).toEqual({ kind: '[16 characters]' });
    expect(errorOf({ message: 'boom', stack: 'Error: boom\n at x' })).toBe('boom');
    expect(errorOf({ message: 'x'.repeat(400) })).toHaveLength(301);
  });
});

describeEachDatabase('operator console: jobs', { exercises: ['job-queue'] }, (ctx) => {
  const operatorEmail = uniqueEmail('op');
  let queue: JobQueue;
  let app: App;
  let mailer: CaptureMailer;
  let operator: TestClient;
  let normal: TestClient;

  const overview = async (query = ''): Promise<JobsOverview> => {
    const res = await operator.get(`/api/admin/jobs${query}`);
    expect(res.status, await res.clone().text()).toBe(200);
    return jobsOverviewSchema.parse(await res.json());
  };
  const countsOf = async (name: string) => (await overview()).queues.find((q) => q.name === name);

  beforeAll(async () => {
    queue = await startJobQueue({
      connection: ctx.database.queueConnection,
      logger: createLogger('silent'),
      jobs: [flaky, steady] as JobDefinition<unknown>[],
      timing: { pollSeconds: 0.5, heartbeatSeconds: 10, superviseSeconds: 1 },
    });
    mailer = captureMailer();
    const env = { ...AUTH_TEST_ENV, ADMIN_EMAILS: operatorEmail };
    app = createApp({ ...createTestDeps(ctx.database, { env, mailer }), jobs: queue });
    operator = await signedInUser(app, mailer, operatorEmail);
    normal = await signedInUser(app, mailer);
  }, 60_000);
  afterAll(async () => {
    await queue.stop(1000);
  });

  it("shows each queue's counts and a failed job's error and payload summary, never its text", async () => {
    behaviour.fail = true;
    const ok = await queue.send(steady, { n: 1 });
    const id = await queue.send(flaky, PAYLOAD);
    await until(async () => (await queue.status(flaky, id))?.state === 'failed', 20_000);
    await until(async () => (await queue.status(steady, ok))?.state === 'completed', 20_000);
    expect(await countsOf('admin-test-flaky')).toEqual({
      name: 'admin-test-flaky',
      waiting: 0,
      running: 0,
      failed: 1,
      completed: 0,
    });
    expect(await countsOf('admin-test-steady')).toMatchObject({ completed: 1, failed: 0 });
    const all = await overview();
    const failed = all.failed.find((j) => j.id === id);
    expect(failed).toMatchObject({
      queue: 'admin-test-flaky',
      error: 'could not read document doc_123',
      payload: { documentId: 'doc_123', pages: 12, prompt: '[21 characters]', apiKey: '[14 characters]' },
    });
    const raw = JSON.stringify(all);
    for (const secret of ['sk-live', 'diary', 'ada@example.com']) expect(raw).not.toContain(secret);
    expect((await overview('?queue=admin-test-steady')).failed).toEqual([]);
  });

  it('retries a failed job, which then runs; audited', async () => {
    const [failed] = (await overview('?queue=admin-test-flaky')).failed;
    expect(failed).toBeDefined();
    const id = failed?.id as string;
    behaviour.fail = false;
    expect((await operator.post(`/api/admin/jobs/${id}/retry`, {})).status).toBe(204);
    await until(async () => (await queue.status(flaky, id))?.state === 'completed', 20_000);
    expect(behaviour.done).toContain('doc_123');
    expect(await countsOf('admin-test-flaky')).toMatchObject({ failed: 0, completed: 1 });
    // Only a failed job: a completed one is refused, an unknown one is 404.
    await expectError(await operator.post(`/api/admin/jobs/${id}/retry`, {}), 400, 'BAD_REQUEST');
    await expectError(
      await operator.post('/api/admin/jobs/00000000-0000-4000-8000-000000000000/retry', {}),
      404,
      'NOT_FOUND',
    );
    await expectError(await operator.post('/api/admin/jobs/not-a-uuid/retry', {}), 404, 'NOT_FOUND');
    await expectError(await operator.post(`/api/admin/jobs/${id}/retry`, { now: true }), 400, 'VALIDATION_FAILED');
    const audit = auditPageSchema.parse(await (await operator.get('/api/admin/audit?limit=100')).json());
    const entry = audit.entries.find((e) => e.action === 'job.retry' && e.target === `admin-test-flaky/${id}`);
    expect(entry).toMatchObject({
      actorEmail: operatorEmail,
      before: { state: 'failed', error: 'could not read document doc_123', payload: { prompt: '[21 characters]' } },
      after: { state: 'retry' },
    });
  });

  it('deletes a failed job; audited', async () => {
    behaviour.fail = true;
    const id = await queue.send(flaky, { ...PAYLOAD, documentId: 'doc_456' });
    await until(async () => (await queue.status(flaky, id))?.state === 'failed', 20_000);
    expect((await operator.delete(`/api/admin/jobs/${id}`)).status).toBe(204);
    expect(await queue.status(flaky, id)).toBeNull();
    expect((await overview()).failed.find((j) => j.id === id)).toBeUndefined();
    const audit = auditPageSchema.parse(await (await operator.get('/api/admin/audit?limit=100')).json());
    expect(audit.entries.find((e) => e.action === 'job.delete' && e.target === `admin-test-flaky/${id}`)).toBeDefined();
  });

  it('is for operators only', async () => {
    await expectError(await normal.get('/api/admin/jobs'), 403, 'FORBIDDEN');
    await expectError(
      await normal.post('/api/admin/jobs/00000000-0000-4000-8000-000000000000/retry', {}),
      403,
      'FORBIDDEN',
    );
    await expectError(await normal.delete('/api/admin/jobs/00000000-0000-4000-8000-000000000000'), 403, 'FORBIDDEN');
  });
});

describeEachDatabase('operator console: jobs without a queue', { exercises: [] }, (ctx) => {
  it('answers 503 when no queue runs on the instance', async () => {
    const mailer = captureMailer();
    const email = uniqueEmail('op');
    const app = createTestApp(ctx.database, { env: { ...AUTH_TEST_ENV, ADMIN_EMAILS: email }, mailer });
    const operator = await signedInUser(app, mailer, email);
    await expectError(await operator.get('/api/admin/jobs'), 503, 'SERVICE_UNAVAILABLE');
  });
});
