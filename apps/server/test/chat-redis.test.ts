import type { ProviderFakes } from '@polymath/provider-fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { createApp } from '../src/app.ts';
import { createChatRuntime } from '../src/features/chat/chat-runtime.ts';
import { createLogger } from '../src/lib/logger.ts';
import { AUTH_TEST_ENV, type CaptureMailer, captureMailer, signedInUser } from './auth-helpers.ts';
import {
  messageRow,
  newId,
  parseSse,
  providerEnv,
  sendBody,
  startProviderFakes,
  textOf,
  until,
} from './chat-helpers.ts';
import { createTestDeps, describeEachDatabase } from './databases.ts';

/**
 * Two app instances sharing the database and Redis: an answer started on one can be resumed and
 * stopped through the other (what a load balancer does after a reload).
 */
const REDIS_URL = process.env.REDIS_URL?.trim() || undefined;

describe.skipIf(!REDIS_URL)('chat across instances through Redis', () => {
  let fakes: ProviderFakes;
  beforeAll(async () => {
    fakes = await startProviderFakes();
  });
  afterAll(async () => {
    await fakes.close();
  });

  describeEachDatabase('two instances', { exercises: ['several-instances'] }, (ctx) => {
    let a: App;
    let b: App;
    let mailer: CaptureMailer;
    const runtimes: ReturnType<typeof createChatRuntime>[] = [];
    beforeAll(() => {
      mailer = captureMailer();
      const env = { ...AUTH_TEST_ENV, ...providerEnv(fakes), REDIS_URL: REDIS_URL ?? '' };
      const make = () => {
        const deps = createTestDeps(ctx.database, { mailer, env });
        const chat = createChatRuntime(deps.env, createLogger('silent'));
        runtimes.push(chat);
        return createApp({ ...deps, chat });
      };
      a = make();
      b = make();
    });
    afterAll(async () => {
      await Promise.all(runtimes.map((r) => r.close()));
    });

    it('resumes on instance B an answer generated on instance A', async () => {
      const c = await signedInUser(a, mailer);
      const threadId = newId('t');
      const res = await a.request('/api/chat', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://localhost:3000', cookie: c.jar.header() },
        body: JSON.stringify(sendBody(threadId, 'Across [[fake tokens=30 pace=15]]')),
      });
      const reader = res.body?.getReader();
      await reader?.read();
      await reader?.cancel();
      const resumed = await b.request(`/api/chat/${threadId}/stream`, {
        headers: { origin: 'http://localhost:3000', cookie: c.jar.header() },
      });
      expect(resumed.status).toBe(200);
      const text = textOf(parseSse(await resumed.text()));
      expect(text).toContain('w1 w2');
      expect(text.endsWith(' w30')).toBe(true);
    });

    it('stops through instance B an answer generated on instance A', async () => {
      const c = await signedInUser(a, mailer);
      const threadId = newId('t');
      const headers = { 'content-type': 'application/json', origin: 'http://localhost:3000', cookie: c.jar.header() };
      const res = await a.request('/api/chat', {
        method: 'POST',
        headers,
        body: JSON.stringify(sendBody(threadId, 'Stop me [[fake tokens=400 pace=20]]')),
      });
      const reader = res.body?.getReader();
      const first = new TextDecoder().decode((await reader?.read())?.value);
      const id = String(parseSse(first).find((ch) => ch.type === 'start')?.messageId);
      const stop = await b.request(`/api/chat/${threadId}/stop`, { method: 'POST', headers });
      expect(stop.status).toBe(204);
      const row = await until(async () => {
        const r = await messageRow(ctx.database.db, id);
        return r?.status === 'stopped' ? r : undefined;
      });
      expect(row.text).not.toContain('w400');
      await reader?.cancel();
    });
  });
});
