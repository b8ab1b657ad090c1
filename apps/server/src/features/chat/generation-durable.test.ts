import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { MockLanguageModelV4 } from 'ai/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/databases.ts';
import type { Database } from '../../db/client.ts';
import { loadEnv } from '../../env.ts';
import { createLogger } from '../../lib/logger.ts';
import { createChatRuntime } from './chat-runtime.ts';
import { type GenerationInput, startGeneration } from './generation.ts';

/**
 * A new chat's turn is committed without waiting for the disk and confirmed while the provider is
 * called (first-turn.ts): the answer must start at once, but nothing of it may reach anyone before
 * the turn is durable, and nothing at all when it could not be made durable.
 */

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

function model(onCall: () => void) {
  return new MockLanguageModelV4({
    doStream: async () => {
      onCall();
      const parts: LanguageModelV4StreamPart[] = [
        { type: 'stream-start', warnings: [] },
        { type: 'text-start', id: 't' },
        { type: 'text-delta', id: 't', delta: 'Hello there' },
        { type: 'text-end', id: 't' },
        { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
      ];
      return {
        stream: new ReadableStream({
          start(controller) {
            for (const part of parts) controller.enqueue(part);
            controller.close();
          },
        }),
      };
    },
  });
}

function deferred() {
  let resolve: () => void = () => {};
  let reject: (err: unknown) => void = () => {};
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Reads a stream in the background; `text()` is what arrived so far. */
function collect(stream: ReadableStream<Uint8Array>) {
  let text = '';
  const decoder = new TextDecoder();
  const done = (async () => {
    for await (const bytes of stream) text += decoder.decode(bytes, { stream: true });
  })();
  return { text: () => text, done };
}

/** A few turns of the event loop: long enough for anything already possible to happen. */
async function turns(n = 20) {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
}

let opened: TestDatabase;
let database: Database;
beforeAll(async () => {
  // A copy of the run's migrated database (databases.ts), not an initdb and the migrations.
  opened = await openTestDatabase('pglite');
  database = opened.database;
});
afterAll(async () => {
  await opened.dispose();
});

function input(overrides: Partial<GenerationInput>): GenerationInput {
  const env = loadEnv({});
  const logger = createLogger('silent');
  return {
    db: database.db,
    logger,
    runtime: createChatRuntime(env, logger),
    staleSeconds: 30,
    threadId: 'thread-1',
    answerId: `answer-${Math.random().toString(36).slice(2)}`,
    modelId: 'gpt-4o-mini',
    model: model(() => {}),
    system: '',
    maxSteps: 1,
    modelMessages: [{ role: 'user', content: 'Hi' }],
    createdAt: new Date(),
    onSettled: async () => {},
    ...overrides,
  };
}

describe('an answer held until its turn is durable', () => {
  it('calls the provider at once, relays nothing until the turn is durable, then all of it', async () => {
    let called = false;
    const durable = deferred();
    const generation = await startGeneration(input({ model: model(() => (called = true)), durable: durable.promise }));
    const received = collect(generation.stream);
    await turns();
    expect(called).toBe(true);
    expect(received.text()).toBe('');

    durable.resolve();
    await received.done;
    expect(received.text()).toContain('"delta":"Hello there"');
    expect(received.text()).toContain('data: [DONE]');
    expect((await generation.settled).status).toBe('complete');
  });

  it('when the turn cannot be made durable, nobody gets any of the answer; it fails and counts as unanswered', async () => {
    const durable = deferred();
    const generation = await startGeneration(input({ durable: durable.promise }));
    const received = collect(generation.stream);
    await turns();
    durable.reject(new Error('the turn was not stored'));
    await received.done;
    expect(received.text()).not.toContain('Hello there');
    expect(received.text()).toContain('"type":"error"');
    const outcome = await generation.settled;
    expect(outcome).toMatchObject({ status: 'failed', answered: false });
  });
});
