import type { ProviderFakes } from '@polymath/provider-fakes';
import type { GenerateImageOutput, ImageItem, ImageListResponse } from '@polymath/shared';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { ImageModelRegistry } from '../src/features/images/image-models.ts';
import { imageFolder } from '../src/features/images/images.service.ts';
import { runModelCheck } from '../src/features/models/model-check.ts';
import type { ModelRegistry } from '../src/features/models/model-registry.ts';
import {
  AUTH_TEST_ENV,
  type CaptureMailer,
  captureMailer,
  expectError,
  signedInUser,
  type TestClient,
} from './auth-helpers.ts';
import {
  chat,
  newId,
  providerEnv,
  type StreamChunk,
  setPlan,
  startProviderFakes,
  textOf,
  until,
} from './chat-helpers.ts';
import { describeEachDatabase } from './databases.ts';
import { startToolsApp, type ToolsApp } from './tools-helpers.ts';

let fakes: ProviderFakes;
beforeAll(async () => {
  fakes = await startProviderFakes();
});
afterAll(async () => {
  await fakes.close();
});

/** A message to the image generator, as the page sends it. */
function imageTurn(text: string, toolInput: Record<string, unknown> = {}, threadId = newId('img')) {
  return {
    trigger: 'submit-message',
    threadId,
    toolId: 'image-generator',
    modelId: 'gpt-4o-mini',
    locale: 'en',
    toolInput,
    message: { id: newId('m'), role: 'user', parts: [{ type: 'text', text }] },
  };
}

/** The generate_image output the answer carried. */
function imageOutput(chunks: StreamChunk[]): GenerateImageOutput {
  const output = chunks.find((c) => c.type === 'tool-output-available');
  expect(output, JSON.stringify(chunks.map((c) => c.type))).toBeDefined();
  return output?.output as GenerateImageOutput;
}

async function images(c: TestClient, query = ''): Promise<ImageItem[]> {
  const res = await c.get(`/api/images${query}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as ImageListResponse).images;
}

async function settled(c: TestClient, answerId: string, count: number): Promise<ImageItem[]> {
  return until(async () => {
    const list = await images(c, `?answerId=${answerId}`);
    return list.length === count && list.every((i) => i.status === 'ready' || i.status === 'failed') ? list : null;
  }, 30_000);
}

async function answerIdOf(chunks: StreamChunk[]): Promise<string> {
  const start = chunks.find((c) => c.type === 'start');
  return start?.messageId as string;
}

describeEachDatabase('image generator through the real providers (stand-ins)', { exercises: ['job-queue'] }, (ctx) => {
  let tools: ToolsApp;
  let mailer: CaptureMailer;
  let pro: TestClient;
  const db = () => ctx.database.db;

  beforeAll(async () => {
    mailer = captureMailer();
    tools = await startToolsApp(ctx.database, {
      mailer,
      env: { ...AUTH_TEST_ENV, ...providerEnv(fakes), PRO_DAILY_IMAGES: '6', CHAT_RATE_LIMIT_MAX: '1000' },
    });
    pro = await signedInUser(tools.app, mailer);
    await setPlan(ctx.database, pro, 'pro');
  }, 60_000);
  afterAll(async () => {
    await tools.stop();
  });
  beforeEach(() => fakes.reset());

  it('makes the images the model asked for, stores them with thumbnails, and serves them only to their owner', async () => {
    const { res, chunks } = await chat(
      pro,
      imageTurn('[[fake tool=generate_image args={"prompt":"a red fox in snow","count":2,"aspectRatio":"3:2"}]] fox'),
    );
    expect(res.status).toBe(200);
    const output = imageOutput(chunks);
    expect(output.ok).toBe(true);
    if (!output.ok) return;
    expect(output.images).toHaveLength(2);
    expect(output.demo).toBe(false);
    const answerId = await answerIdOf(chunks);

    const made = await settled(pro, answerId, 2);
    expect(made.map((i) => i.status)).toEqual(['ready', 'ready']);
    expect(new Set(made.map((i) => i.id))).toEqual(new Set(output.images.map((i) => i.id)));
    const image = made[0] as ImageItem;
    expect(image).toMatchObject({ prompt: 'a red fox in snow', aspectRatio: '3:2', toolId: 'image-generator' });
    // gpt-image-1 makes 3:2 as 1536x1024; the stand-in saw that size asked for.
    expect([image.width, image.height]).toEqual([1536, 1024]);
    const asked = fakes.requests().filter((r) => r.path.endsWith('/images/generations'));
    expect(asked.map((r) => (r.body as { size?: string }).size)).toEqual(['1536x1024', '1536x1024']);

    const original = await pro.get(image.urls?.original ?? '');
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await original.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1536, 1024]);
    const thumb = await pro.get(image.urls?.thumb ?? '');
    const thumbMeta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect([thumbMeta.format, thumbMeta.width, thumbMeta.height]).toEqual(['webp', 512, 341]);
    const download = await pro.get(image.urls?.download ?? '');
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="polymath-${image.id}.png"`);

    // Another person sees nothing of it, on every route.
    const other = await signedInUser(tools.app, mailer);
    await setPlan(ctx.database, other, 'pro');
    expect(await images(other)).toEqual([]);
    await expectError(await other.get(`/api/images/${image.id}`), 404, 'NOT_FOUND');
    await expectError(await other.get(`/api/images/${image.id}/file`), 404, 'NOT_FOUND');
    await expectError(await other.get(`/api/images/${image.id}/file?variant=thumb`), 404, 'NOT_FOUND');
    await expectError(await other.delete(`/api/images/${image.id}`), 404, 'NOT_FOUND');
    await expectError(await other.post(`/api/images/${image.id}/restore`), 404, 'NOT_FOUND');
    await expectError(await other.post(`/api/images/${image.id}/variations`, { count: 1 }), 404, 'NOT_FOUND');
    await expectError(await other.get(`/api/threads/${image.threadId}`), 404, 'NOT_FOUND');
    expect((await pro.get(`/api/images/${image.id}`)).status).toBe(200);
  });

  it('the thread is a real image-generator chat: listed with its tool, and the answer keeps the function call', async () => {
    const turn = imageTurn('[[fake tool=generate_image args={"prompt":"a lighthouse","count":1}]] a lighthouse');
    const { chunks } = await chat(pro, turn);
    await settled(pro, await answerIdOf(chunks), 1);
    const list = (await (await pro.get('/api/threads')).json()) as { threads: { id: string; toolId: string }[] };
    expect(list.threads.find((t) => t.id === turn.threadId)?.toolId).toBe('image-generator');
    const onlyImages = (await (await pro.get('/api/threads?toolId=image-generator')).json()) as typeof list;
    expect(onlyImages.threads.length).toBeGreaterThan(0);
    expect(onlyImages.threads.every((t) => t.toolId === 'image-generator')).toBe(true);
    const onlyChats = (await (await pro.get('/api/threads?toolId=web-main')).json()) as typeof list;
    expect(onlyChats.threads.some((t) => t.id === turn.threadId)).toBe(false);
    const detail = (await (await pro.get(`/api/threads/${turn.threadId}`)).json()) as {
      messages: { role: string; parts: { type: string; state?: string }[] }[];
      toolInput: unknown;
    };
    const answer = detail.messages.find((m) => m.role === 'assistant');
    expect(answer?.parts.find((p) => p.type === 'tool-generate_image')?.state).toBe('output-available');
    expect(detail.toolInput).toEqual({});
  });

  it('a provider that keeps failing gives a failed image with a clear message, after its retries, and no charge', async () => {
    fakes.imageScript([{ status: 500 }, { status: 500 }, { status: 500 }]);
    const before = (await (await pro.get('/api/images/usage')).json()) as { used: number };
    const { chunks } = await chat(pro, imageTurn('[[fake tool=generate_image args={"prompt":"a storm","count":1}]] x'));
    const [image] = await settled(pro, await answerIdOf(chunks), 1);
    expect(image?.status).toBe('failed');
    expect(image?.error?.code).toBe('IMAGE_FAILED');
    expect(image?.urls).toBeNull();
    expect(fakes.requests().filter((r) => r.path.endsWith('/images/generations'))).toHaveLength(3);
    const after = (await (await pro.get('/api/images/usage')).json()) as { used: number };
    expect(after.used).toBe(before.used);
  });

  it('a refusal fails the image at once, without retrying', async () => {
    fakes.imageScript({ refuse: true });
    const { chunks } = await chat(pro, imageTurn('[[fake tool=generate_image args={"prompt":"nope","count":1}]] x'));
    const [image] = await settled(pro, await answerIdOf(chunks), 1);
    expect(image?.error?.code).toBe('IMAGE_REFUSED');
    expect(fakes.requests().filter((r) => r.path.endsWith('/images/generations'))).toHaveLength(1);
  });

  it('a malformed answer is tried again and the retry succeeds', async () => {
    fakes.imageScript([{ malformed: 'image' }, {}]);
    const { chunks } = await chat(pro, imageTurn('[[fake tool=generate_image args={"prompt":"a cat","count":1}]] x'));
    const [image] = await settled(pro, await answerIdOf(chunks), 1);
    expect(image?.status).toBe('ready');
  });

  it('variations add new images beside the old one; delete hides one until it is restored', async () => {
    const { chunks } = await chat(pro, imageTurn('[[fake tool=generate_image args={"prompt":"a boat","count":1}]] x'));
    const answerId = await answerIdOf(chunks);
    const [first] = await settled(pro, answerId, 1);
    if (!first) throw new Error('no image');
    const varied = await pro.post(`/api/images/${first.id}/variations`, { count: 1 });
    expect(varied.status).toBe(201);
    const made = await settled(pro, answerId, 2);
    const variation = made.find((i) => i.id !== first.id);
    expect(variation).toMatchObject({ parentId: first.id, prompt: 'a boat', status: 'ready' });
    expect(made.find((i) => i.id === first.id)?.urls).toEqual(first.urls);

    expect((await pro.delete(`/api/images/${first.id}`)).status).toBe(204);
    expect((await images(pro, `?answerId=${answerId}`)).map((i) => i.id)).toEqual([variation?.id]);
    await expectError(await pro.get(`/api/images/${first.id}/file`), 404, 'NOT_FOUND');
    const restored = await pro.post(`/api/images/${first.id}/restore`);
    expect(restored.status).toBe(200);
    expect((await images(pro, `?answerId=${answerId}`)).map((i) => i.id).sort()).toEqual(
      [first.id, variation?.id].sort(),
    );
  });

  it('an image model its provider no longer serves is not used: the page choice falls back, variations are refused', async () => {
    const user = await signedInUser(tools.app, mailer);
    await setPlan(ctx.database, user, 'pro');
    const check = () =>
      runModelCheck({
        db: db(),
        env: tools.deps.env,
        models: tools.deps.chat?.models as ModelRegistry,
        imageModels: tools.deps.imageModels as ImageModelRegistry,
        logger: tools.deps.logger,
      });
    const ask = async () => {
      const { chunks } = await chat(
        user,
        imageTurn('[[fake tool=generate_image args={"prompt":"a lighthouse","count":1}]] x', {
          imageModelId: 'gemini-2.5-flash-image',
        }),
      );
      const [image] = await settled(user, await answerIdOf(chunks), 1);
      return image as ImageItem;
    };
    try {
      await check();
      const served = await ask();
      expect(served).toMatchObject({ status: 'ready', modelId: 'gemini-2.5-flash-image' });

      fakes.removeModel('google', 'gemini-2.5-flash-image');
      await check();
      const fallback = await ask();
      expect(fallback).toMatchObject({ status: 'ready', modelId: 'gpt-image-1', modelName: 'GPT Image 1' });
      const stored = await db().execute(sql`select model_id from images where id = ${fallback.id}`);
      expect((stored as unknown as { rows: { model_id: string }[] }).rows[0]?.model_id).toBe('gpt-image-1');
      await expectError(await user.post(`/api/images/${served.id}/variations`, { count: 1 }), 400, 'MODEL_UNAVAILABLE');
    } finally {
      fakes.reset();
      await check();
    }
  });

  it("Pro's daily fair-use limit stops new images with a clear message (the model is told)", async () => {
    const user = await signedInUser(tools.app, mailer);
    await setPlan(ctx.database, user, 'pro');
    const ask = (n: number) =>
      chat(user, imageTurn(`[[fake tool=generate_image args={"prompt":"a tree","count":${n}}]] x`));
    const first = imageOutput((await ask(4)).chunks);
    expect(first.ok).toBe(true);
    const second = imageOutput((await ask(4)).chunks);
    expect(second).toEqual({
      ok: false,
      error: { code: 'IMAGE_LIMIT_REACHED', message: expect.stringContaining("today's image limit") },
    });
    const usage = (await (await user.get('/api/images/usage')).json()) as { used: number; limit: number };
    expect(usage).toMatchObject({ used: 4, limit: 6, remaining: 2 });
  });

  it('the gallery pages newest first, filters by tool, and refuses a forged cursor', async () => {
    const user = await signedInUser(tools.app, mailer);
    await setPlan(ctx.database, user, 'pro');
    const { chunks } = await chat(
      user,
      imageTurn('[[fake tool=generate_image args={"prompt":"three birds","count":3}]] x'),
    );
    const made = await settled(user, await answerIdOf(chunks), 3);
    const page1 = (await (await user.get('/api/images?limit=2')).json()) as ImageListResponse;
    expect(page1.images).toHaveLength(2);
    const page2 = (await (
      await user.get(`/api/images?limit=2&cursor=${page1.nextCursor}`)
    ).json()) as ImageListResponse;
    expect(page2.images).toHaveLength(1);
    expect(page2.nextCursor).toBeNull();
    const order = [...page1.images, ...page2.images].map((i) => i.id);
    expect(order).toEqual([...made].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).map((i) => i.id));
    expect(await images(user, '?toolId=logo-maker')).toEqual([]);
    await expectError(await user.get('/api/images?cursor=forged'), 400, 'VALIDATION_FAILED');
    await expectError(await user.get('/api/images/not%20an%20id'), 404, 'NOT_FOUND');
  });

  it('free users are refused the image generator on the server, and nothing is stored or charged', async () => {
    const free = await signedInUser(tools.app, mailer);
    const turn = imageTurn('draw a cat');
    await expectError(await free.post('/api/chat', turn), 403, 'TOOL_REQUIRES_PRO');
    expect((await free.get(`/api/threads/${turn.threadId}`)).status).toBe(404);
    const credits = (await (await free.get('/api/credits')).json()) as { used: number };
    expect(credits.used).toBe(0);
    await expectError(await free.post('/api/images/whatever1/variations', { count: 1 }), 403, 'TOOL_REQUIRES_PRO');
    expect(fakes.calls().total).toBe(0);
  });

  it('the page choices are checked by the tool: a bad aspect ratio is a validation error', async () => {
    const res = await pro.post('/api/chat', imageTurn('x', { aspectRatio: '7:5' }));
    const body = await expectError(res, 400, 'VALIDATION_FAILED');
    expect(JSON.stringify(body)).toContain('toolInput.aspectRatio');
  });

  it("the images' rows and files go with the account", async () => {
    const user = await signedInUser(tools.app, mailer);
    await setPlan(ctx.database, user, 'pro');
    const { chunks } = await chat(user, imageTurn('[[fake tool=generate_image args={"prompt":"a key","count":1}]] x'));
    const [image] = await settled(user, await answerIdOf(chunks), 1);
    const me = (await (await user.get('/api/me')).json()) as { id: string };
    const deleted = await user.delete('/api/me', { confirm: true });
    expect(deleted.status).toBeLessThan(300);
    const rows = await db().execute(sql`select count(*)::int as n from images where user_id = ${me.id}`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
    expect(await tools.deps.files.get(`${imageFolder(me.id)}/${image?.id}.png`)).toBeNull();
    expect(await tools.deps.files.get(`${imageFolder(me.id)}/${image?.id}-thumb.webp`)).toBeNull();
  });
});

describeEachDatabase(
  'image generator on a fresh start (no keys: the demo chat model calls the function, the demo image model draws)',
  { exercises: ['job-queue'] },
  (ctx) => {
    let demo: ToolsApp;
    let mailer: CaptureMailer;
    beforeAll(async () => {
      mailer = captureMailer();
      demo = await startToolsApp(ctx.database, { mailer, env: { ...AUTH_TEST_ENV, CHAT_RATE_LIMIT_MAX: '1000' } });
    }, 60_000);
    afterAll(async () => {
      await demo.stop();
    });

    it("makes labelled demo pictures in the asked shape, and says it is a demo in the person's language", async () => {
      fakes.reset();
      const user = await signedInUser(demo.app, mailer);
      await setPlan(ctx.database, user, 'pro');
      const turn = {
        ...imageTurn('mavi bir balina', { aspectRatio: '9:16', count: 2 }),
        modelId: 'demo',
        locale: 'tr',
      };
      const { res, chunks } = await chat(user, turn);
      expect(res.status).toBe(200);
      const output = imageOutput(chunks);
      expect(output).toMatchObject({ ok: true, demo: true, aspectRatio: '9:16', prompt: 'mavi bir balina' });
      expect(textOf(chunks)).toContain('Demo modu');
      const made = await settled(user, await answerIdOf(chunks), 2);
      expect(made.every((i) => i.status === 'ready' && i.demo && i.height && i.width && i.height > i.width)).toBe(true);
      expect(fakes.calls().total).toBe(0);
    });
  },
);
