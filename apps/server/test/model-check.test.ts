/**
 * The model check (issue 28 part 6, decision 039): each catalogue model against its provider's model
 * list on the stand-ins, stored for every instance; a model the provider no longer serves leaves the
 * picker (/api/models) and the page's boot data; aliases (providerModelId) keep the catalogue's name.
 */
import type { ProviderFakes } from '@polymath/provider-fakes';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { createApp } from '../src/app.ts';
import { loadEnv } from '../src/env.ts';
import { createChatRuntime } from '../src/features/chat/chat-runtime.ts';
import { createImageModelRegistry } from '../src/features/images/image-models.ts';
import { loadCatalogue, parseCatalogue } from '../src/features/models/model-catalog.ts';
import {
  applyModelChecks,
  checkCatalogueModels,
  modelHealth,
  modelStatuses,
  readModelChecks,
  runModelCheck,
} from '../src/features/models/model-check.ts';
import { createModelRegistry } from '../src/features/models/model-registry.ts';
import type { Logger } from '../src/lib/logger.ts';
import { createLogger } from '../src/lib/logger.ts';
import { staticFile } from '../src/lib/static-files.ts';
import { AUTH_TEST_ENV, captureMailer, signedInUser } from './auth-helpers.ts';
import { chat, newId, providerEnv, sendBody, startProviderFakes, until } from './chat-helpers.ts';
import { createTestDeps, describeEachDatabase } from './databases.ts';

let fakes: ProviderFakes;
beforeAll(async () => {
  fakes = await startProviderFakes();
});
afterAll(() => fakes.close());
beforeEach(() => fakes.reset());

function recordingLogger() {
  const warnings: string[] = [];
  const base = createLogger('silent');
  const logger = Object.assign(Object.create(base) as Logger, {
    warn: vi.fn((_obj: unknown, message?: string) => {
      warnings.push(message ?? '');
    }),
    info: vi.fn(),
  });
  return { logger, warnings };
}

const env = () => loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...providerEnv(fakes) });

describeEachDatabase('model check', (ctx) => {
  it('every shipped model is served by the stand-ins, aliases included', async () => {
    const checks = await checkCatalogueModels(env(), loadCatalogue(env().MODELS_FILE));
    expect(checks.length).toBeGreaterThanOrEqual(10);
    expect(checks.filter((c) => c.served !== true)).toEqual([]);
    // The image models are checked too, against the same lists.
    for (const id of ['gpt-image-1', 'dall-e-3', 'gemini-2.5-flash-image', 'grok-imagine-image']) {
      expect(checks.find((c) => c.modelId === id)).toMatchObject({ keySet: true, served: true, error: null });
    }
    // Anthropic lists dated ids; its -latest alias is found by asking for it.
    expect(checks.find((c) => c.modelId === 'claude-3-5-sonnet-latest')).toMatchObject({ keySet: true, served: true });
    const asked = fakes.requests().filter((r) => r.method === 'GET');
    expect(asked.some((r) => r.path === '/anthropic/v1/models/claude-3-5-sonnet-latest')).toBe(true);
    expect(asked.some((r) => r.path.startsWith('/google/v1beta/models?pageSize='))).toBe(true);
    expect(asked.some((r) => r.path === '/deepseek/v1/models')).toBe(true);
  });

  it('a model removed from the stand-in disappears from the picker, on this instance and on another', async () => {
    const { logger, warnings } = recordingLogger();
    const chat = createChatRuntime(env(), logger);
    const app = createApp({ ...createTestDeps(ctx.database, { env: providerEnv(fakes) }), chat });
    const imageModels = createImageModelRegistry(env());
    const deps = { db: ctx.database.db, env: env(), models: chat.models, imageModels, logger };
    const picker = async () =>
      (
        (await (await app.request('/api/models')).json()) as { models: { id: string }[]; defaultModelId: string }
      ).models.map((m) => m.id);

    await runModelCheck(deps);
    expect(await picker()).toContain('gemini-1.5-pro');

    fakes.removeModel('google', 'gemini-1.5-pro');
    await runModelCheck(deps);
    expect(await picker()).not.toContain('gemini-1.5-pro');
    expect(await picker()).toContain('gemini-2.0-flash');
    expect(chat.models.get('gemini-1.5-pro')?.available).toBe(false);
    expect(warnings.some((w) => w.includes('gemini-1.5-pro') && w.includes('no longer serves'))).toBe(true);
    const stored = await readModelChecks(ctx.database.db);
    expect(stored.find((c) => c.modelId === 'gemini-1.5-pro')).toMatchObject({ keySet: true, served: false });

    // Another instance on the same database learns it from the stored checks.
    const other = createModelRegistry(env());
    expect(other.list('en').models.map((m) => m.id)).toContain('gemini-1.5-pro');
    await applyModelChecks(ctx.database.db, { models: other, imageModels: createImageModelRegistry(env()) }, logger);
    expect(other.list('en').models.map((m) => m.id)).not.toContain('gemini-1.5-pro');

    const statuses = await modelStatuses(ctx.database.db, deps);
    expect(statuses.find((m) => m.id === 'gemini-1.5-pro')).toMatchObject({
      keySet: true,
      served: false,
      hidden: true,
    });
    expect(statuses.find((m) => m.id === 'gpt-4o-mini')).toMatchObject({ keySet: true, served: true, hidden: false });

    // Served again: back in the picker.
    fakes.reset();
    await runModelCheck(deps);
    expect(await picker()).toContain('gemini-1.5-pro');
    await chat.close();
  });

  it('an image model removed from the stand-in leaves the image tools, on this instance and on another', async () => {
    const { logger, warnings } = recordingLogger();
    const models = createModelRegistry(env());
    const imageModels = createImageModelRegistry(env());
    const deps = { db: ctx.database.db, env: env(), models, imageModels, logger };
    const offered = () => imageModels.list('en').map((m) => m.id);
    await runModelCheck(deps);
    expect(offered()).toContain('gemini-2.5-flash-image');
    expect(imageModels.get('gemini-2.5-flash-image')?.available).toBe(true);

    fakes.removeModel('google', 'gemini-2.5-flash-image');
    await runModelCheck(deps);
    expect(offered()).not.toContain('gemini-2.5-flash-image');
    expect(offered()).toEqual(['gpt-image-1', 'dall-e-3', 'grok-imagine-image']);
    expect(imageModels.get('gemini-2.5-flash-image')?.available).toBe(false);
    expect(warnings.some((w) => w.includes('gemini-2.5-flash-image') && w.includes('no longer serves'))).toBe(true);
    // A chat model of the same provider is still offered: only what the list lost is hidden.
    expect(models.hidden().size).toBe(0);
    const stored = await readModelChecks(ctx.database.db);
    expect(stored.find((c) => c.modelId === 'gemini-2.5-flash-image')).toMatchObject({
      provider: 'google',
      keySet: true,
      served: false,
    });
    const statuses = await modelStatuses(ctx.database.db, deps);
    expect(statuses.find((m) => m.id === 'gemini-2.5-flash-image')).toMatchObject({
      kind: 'image',
      keySet: true,
      served: false,
      hidden: true,
      answers: 0,
    });
    expect(statuses.find((m) => m.id === 'gpt-image-1')).toMatchObject({ kind: 'image', served: true, hidden: false });
    expect(statuses.find((m) => m.id === 'gpt-4o-mini')).toMatchObject({ kind: 'chat', hidden: false });

    // The default image model is never a hidden one.
    fakes.removeModel('openai', 'gpt-image-1');
    await runModelCheck(deps);
    expect(imageModels.defaultModelId).toBe('dall-e-3');

    // Another instance on the same database learns it from the stored checks.
    const other = createImageModelRegistry(env());
    expect(other.list('en').map((m) => m.id)).toContain('gemini-2.5-flash-image');
    await applyModelChecks(ctx.database.db, { models: createModelRegistry(env()), imageModels: other }, logger);
    expect(other.list('en').map((m) => m.id)).toEqual(['dall-e-3', 'grok-imagine-image']);

    // Served again: offered again.
    fakes.reset();
    await runModelCheck(deps);
    expect(offered()).toEqual(['gpt-image-1', 'dall-e-3', 'gemini-2.5-flash-image', 'grok-imagine-image']);
    expect(imageModels.defaultModelId).toBe('gpt-image-1');
  });

  it("the page's boot data follows the picker", async () => {
    const chat = createChatRuntime(env(), createLogger('silent'));
    const index = new TextEncoder().encode('<!doctype html><html><head></head><body></body></html>');
    const staticFiles = new Map([['/index.html', staticFile(index, '.html')]]);
    const app = createApp({ ...createTestDeps(ctx.database, { env: providerEnv(fakes), staticFiles }), chat });
    const page = async () => (await app.request('/web-main')).text();
    expect(await page()).toContain('gemini-1.5-pro');
    fakes.removeModel('google', 'gemini-1.5-pro');
    await runModelCheck({
      db: ctx.database.db,
      env: env(),
      models: chat.models,
      imageModels: createImageModelRegistry(env()),
      logger: createLogger('silent'),
    });
    expect(await page()).not.toContain('"gemini-1.5-pro"');
    await chat.close();
  });

  it('an alias keeps the catalogue name while the provider serves a current model', async () => {
    fakes.removeModel('google', 'gemini-1.5-pro');
    const raw = JSON.parse(
      JSON.stringify({
        models: [
          {
            id: 'gemini-1.5-pro',
            providerModelId: 'gemini-2.5-pro',
            provider: 'google',
            displayName: 'Gemini 1.5 Pro',
            description: 'x',
            tier: 'pro',
            capabilities: {},
          },
        ],
      }),
    );
    const [check] = await checkCatalogueModels(env(), parseCatalogue(raw));
    expect(check).toMatchObject({ modelId: 'gemini-1.5-pro', providerModelId: 'gemini-2.5-pro', served: true });
  });

  it('without a key, or when the list cannot be read, nothing is hidden', async () => {
    const noXai = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...providerEnv(fakes), XAI_API_KEY: '' });
    const broken = loadEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      ...providerEnv(fakes),
      DEEPSEEK_BASE_URL: `${fakes.url}/nowhere`,
    });
    const withoutKey = await checkCatalogueModels(noXai, loadCatalogue(noXai.MODELS_FILE));
    expect(withoutKey.find((c) => c.modelId === 'grok-2-vision')).toMatchObject({ keySet: false, served: null });
    const failing = await checkCatalogueModels(broken, loadCatalogue(broken.MODELS_FILE));
    const deepseek = failing.find((c) => c.modelId === 'deepseek-chat');
    expect(deepseek).toMatchObject({ keySet: true, served: null });
    expect(deepseek?.error).toMatch(/404/);
    expect(deepseek?.error).not.toContain('fake-deepseek');
  });

  it('an answer stores its time to first token', async () => {
    const mailer = captureMailer();
    const app = createApp({
      ...createTestDeps(ctx.database, { env: { ...AUTH_TEST_ENV, ...providerEnv(fakes) }, mailer }),
    });
    const c = await signedInUser(app, mailer);
    const threadId = newId('t');
    const { res } = await chat(c, sendBody(threadId, 'Hello [[fake tokens=3 pace=5]]'));
    expect(res.status).toBe(200);
    const row = async () =>
      (
        (await ctx.database.db.execute(
          sql`select first_token_ms, status from answer_usage where thread_id = ${threadId}`,
        )) as unknown as { rows: { first_token_ms: number | null; status: string }[] }
      ).rows[0];
    await until(async () => (await row()) !== undefined);
    const stored = await row();
    expect(stored?.status).toBe('complete');
    expect(stored?.first_token_ms).toBeGreaterThanOrEqual(0);
    expect(stored?.first_token_ms).not.toBeNull();
  });

  it('error rate and median time to first token over the last 24 hours', async () => {
    const now = new Date();
    const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * 3_600_000).toISOString();
    const rows: [string, string, number | null, string][] = [
      ['health-a', 'complete', 100, at(1)],
      ['health-a', 'complete', 300, at(2)],
      ['health-a', 'failed', null, at(3)],
      ['health-a', 'complete', 200, at(4)],
      ['health-a', 'complete', 9_000, at(30)], // older than a day: not counted
      ['health-b', 'failed', null, at(1)],
    ];
    for (const [model, status, ms, created] of rows) {
      await ctx.database.db.execute(sql`
        insert into answer_usage (kind, day, plan, tool_id, model_id, provider, status, first_token_ms, created_at)
        values ('answer', ${created.slice(0, 10)}::date, 'free', 'web-main', ${model}, 'openai', ${status}, ${ms}, ${created}::timestamptz)`);
    }
    const health = await modelHealth(ctx.database.db, now);
    expect(health.find((h) => h.modelId === 'health-a')).toEqual({
      modelId: 'health-a',
      answers: 4,
      failed: 1,
      medianFirstTokenMs: 200,
    });
    expect(health.find((h) => h.modelId === 'health-b')).toMatchObject({
      answers: 1,
      failed: 1,
      medianFirstTokenMs: null,
    });
  });
});
