import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ProviderFakes } from '@polymath/provider-fakes';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { App } from '../src/app.ts';
import { AUTH_TEST_ENV, type CaptureMailer, captureMailer, signedInUser } from './auth-helpers.ts';
import { chat, messageRow, newId, sendBody, startProviderFakes, textOf, until } from './chat-helpers.ts';
import { createTestApp, describeEachDatabase } from './databases.ts';

/**
 * A model served by an operator's own OpenAI-compatible server (Ollama, llama.cpp, vLLM), named in
 * the catalogue's customProviders and nowhere in code: here the OpenAI stand-in plays that server,
 * with its key in the environment variable the catalogue names. No built-in provider is configured.
 */
const KEY_ENV = 'POLYMATH_TEST_LOCAL_LLM_KEY';

let fakes: ProviderFakes;
let catalogueDir: string;
let modelsFile: string;
beforeAll(async () => {
  fakes = await startProviderFakes();
  vi.stubEnv(KEY_ENV, 'local-secret');
  catalogueDir = mkdtempSync(join(tmpdir(), 'polymath-catalogue-'));
  modelsFile = join(catalogueDir, 'models.json');
  writeFileSync(
    modelsFile,
    JSON.stringify({
      customProviders: { homelab: { label: 'Home lab', baseURL: fakes.baseUrls.openai, apiKeyEnv: KEY_ENV } },
      models: [
        {
          id: 'home-llama',
          provider: 'homelab',
          providerModelId: 'llama3.1:8b',
          displayName: 'Llama 3.1 (home lab)',
          description: { en: 'Runs on our own server', tr: 'Kendi sunucumuzda çalışır' },
          capabilities: { vision: false, reasoning: false },
          tier: 'free',
        },
      ],
    }),
  );
});
afterAll(async () => {
  vi.unstubAllEnvs();
  rmSync(catalogueDir, { recursive: true, force: true });
  await fakes.close();
});

describeEachDatabase('chat with a model of a custom OpenAI-compatible provider', { exercises: [] }, (ctx) => {
  let app: App;
  let mailer: CaptureMailer;

  beforeAll(() => {
    mailer = captureMailer();
    app = createTestApp(ctx.database, {
      mailer,
      env: { ...AUTH_TEST_ENV, MODELS_FILE: modelsFile, CHAT_RATE_LIMIT_MAX: '1000' },
    });
  });

  it('is offered as available and the default, not the offline demo', async () => {
    const res = await app.request('/api/models?locale=tr');
    const body = (await res.json()) as {
      models: { id: string; providerLabel: string; description: string; available: boolean; demo: boolean }[];
      defaultModelId: string;
    };
    expect(body.models).toEqual([
      expect.objectContaining({
        id: 'home-llama',
        providerLabel: 'Home lab',
        description: 'Kendi sunucumuzda çalışır',
        available: true,
        demo: false,
      }),
    ]);
    expect(body.defaultModelId).toBe('home-llama');
  });

  it('streams the server’s answer, sent to its base URL with its key and model id, and stores it', async () => {
    fakes.reset();
    const c = await signedInUser(app, mailer);
    const threadId = newId('t');
    const { res, chunks } = await chat(c, sendBody(threadId, 'Hello [[fake tokens=5]]', 'home-llama'));
    expect(res.status).toBe(200);
    const text = textOf(chunks);
    expect(text).toBe('Hello from llama3.1:8b (openai stand-in). w1 w2 w3 w4 w5');

    expect(fakes.calls().openai).toBe(1);
    const [request] = fakes.requests();
    expect(request).toMatchObject({
      path: '/openai/v1/chat/completions',
      body: { model: 'llama3.1:8b', stream: true },
    });

    const answerId = String(chunks.find((ch) => ch.type === 'start')?.messageId);
    const stored = await until(async () => {
      const row = await messageRow(ctx.database.db, answerId);
      return row?.status === 'complete' ? row : undefined;
    });
    expect(stored.text).toBe(text);
    const detail = (await (await c.get(`/api/threads/${threadId}`)).json()) as { thread: { modelId: string } };
    expect(detail.thread.modelId).toBe('home-llama');
  });
});
