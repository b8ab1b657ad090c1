import { tool } from 'ai';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { App } from '../src/app.ts';
import { createApp } from '../src/app.ts';
import { createChatTurns } from '../src/app-turns.ts';
import { createChatRuntime } from '../src/features/chat/chat-runtime.ts';
import { defineTool } from '../src/features/chat/index.ts';
import { createImageModelRegistry } from '../src/features/images/image-models.ts';
import { createToolRegistry, TOOLS } from '../src/features/tools/tool-registry.ts';
import { NO_JOB_QUEUE } from '../src/lib/queue/job-queue.ts';
import { AUTH_TEST_ENV, captureMailer, signedInUser } from './auth-helpers.ts';
import { chat, newId, sendBody, textOf } from './chat-helpers.ts';
import { createTestDeps, openTestDatabase, type TestDatabase } from './databases.ts';

/**
 * The server half of the test-only tool (the web half is apps/web/src/test/fixture-tool): its
 * catalogue entry and its definition with one registry line, from this file only. The catalogue
 * entry goes in before anything derives from the catalogue (the request schema's tool ids). Its
 * definition also brings an HTTP route of its own, with its own body limit, which the app mounts
 * without naming it (app.ts loops over the registry's routes).
 */
vi.mock('../../../packages/shared/src/tools/tool-catalogue.ts', async (importOriginal) => {
  const catalogue = await importOriginal<typeof import('../../../packages/shared/src/tools/tool-catalogue.ts')>();
  (catalogue.TOOL_CATALOGUE as unknown as { id: string }[]).push({ id: 'fixture-echo' });
  (catalogue.CHAT_TOOL_IDS as string[]).push('fixture-echo');
  (catalogue.DEFAULT_CHAT_TOOL_SETTINGS as Record<string, unknown>)['fixture-echo'] = {
    llmName: 'openaitest',
    modelName: 'gpt-4o-mini',
  };
  return catalogue;
});

/** As apps/server/src/features/tools/<tool>/<tool>.tool.ts would hold it. */
const fixtureTool = defineTool({
  id: 'fixture-echo' as (typeof TOOLS)[number]['id'],
  systemPrompt: () => 'You say back what you are told.',
  functions: () => ({
    echo_back: tool({
      description: 'Says the text back, loud.',
      inputSchema: z.object({ text: z.string() }),
      execute: async ({ text }) => ({ echoed: text.toUpperCase() }),
    }),
  }),
  maxSteps: 2,
  // Says how many bytes it was sent: a body over the API's 64 KB is its to limit (ownBodyLimit).
  routes: [
    {
      path: '/api/fixture-echo/bytes',
      create: () => new Hono().post('/', async (c) => c.json({ bytes: (await c.req.arrayBuffer()).byteLength })),
      ownBodyLimit: true,
    },
  ],
  demo: {
    call: ({ text }) => ({ name: 'echo_back', input: { text } }),
    answer: ({ results }) => `You said: ${(results[0]?.output as { echoed: string } | undefined)?.echoed ?? ''}`,
  },
});

describe('a tool added from its own files (server)', () => {
  let opened: TestDatabase;
  let app: App;
  const mailer = captureMailer();

  beforeAll(async () => {
    opened = await openTestDatabase('pglite');
    const deps = createTestDeps(opened.database, { mailer, env: AUTH_TEST_ENV });
    // Its registry line: the registry of every tool plus this one.
    const tools = createToolRegistry([...TOOLS, fixtureTool]);
    const turns = createChatTurns({
      ...deps,
      chat: createChatRuntime(deps.env, deps.logger),
      imageModels: createImageModelRegistry(deps.env),
      jobs: NO_JOB_QUEUE,
      tools,
    });
    app = createApp({ ...deps, turns });
  });

  afterAll(async () => {
    await opened?.dispose();
  });

  it('answers through the demo model, calling its function', async () => {
    const c = await signedInUser(app, mailer);
    const threadId = newId('t');
    const { res, chunks } = await chat(c, { ...sendBody(threadId, 'hello', 'demo'), toolId: 'fixture-echo' });
    expect(res.status).toBe(200);
    expect(chunks.find((chunk) => chunk.type === 'tool-output-available')?.output).toEqual({ echoed: 'HELLO' });
    expect(textOf(chunks)).toContain('You said: HELLO');
    const thread = (await (await c.get(`/api/threads/${threadId}`)).json()) as { thread: { toolId: string } };
    expect(thread.thread.toolId).toBe('fixture-echo');
  });

  it('serves the route it contributes, with the body limit it declares', async () => {
    const c = await signedInUser(app, mailer);
    const big = 'x'.repeat(100 * 1024);
    const res = await c.request('POST', '/api/fixture-echo/bytes', {
      body: big,
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ bytes: big.length });
    // Under its path, but not the path it declared: the API's 64 KB limit applies.
    const below = await c.request('POST', '/api/fixture-echo/bytes/more', {
      body: big,
      headers: { 'content-type': 'text/plain' },
    });
    expect(below.status).toBe(413);
  });
});
