/**
 * The image model registry: real providers through their AI SDK packages against the local
 * stand-ins (what each provider was sent, what came back), the offline demo without keys, and the
 * failure kinds callers act on.
 */
import { type ProviderFakes, startProviderFakes } from '@polymath/provider-fakes';
import type { ImageAspectRatio } from '@polymath/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadEnv } from '../../env.ts';
import { type Catalogue, loadCatalogue, parseCatalogue } from '../models/model-catalog.ts';
import { demoLabelBox } from './demo-art.ts';
import {
  createImageModelRegistry,
  DEMO_IMAGE_MODEL_ID,
  ImageGenerationError,
  type ImageModelRegistry,
  type ImageRequest,
} from './image-models.ts';

let fakes: ProviderFakes;
let shipped: Catalogue;
let catalogue: Catalogue;
let registry: ImageModelRegistry;
let photo: Buffer;

/** The shipped catalogue plus an OpenAI-compatible image server (the OpenAI stand-in, answering URLs). */
function withCustomProvider(base: Catalogue, baseURL: string): Catalogue {
  const extra = parseCatalogue({
    customProviders: { local: { label: 'Local SD', baseURL, apiKeyEnv: 'LOCAL_SD_TEST_KEY' } },
    models: [{ ...base.models[0], providerModelId: undefined }],
    imageModels: [
      {
        id: 'local-sd',
        provider: 'local',
        providerModelId: 'sd-xl',
        displayName: 'Local SD',
        description: 'Local',
        tier: 'free',
        capabilities: { edit: true },
        sizes: { '1:1': '1024x1024', '16:9': '1344x768' },
      },
    ],
  });
  return { ...base, customProviders: extra.customProviders, imageModels: [...base.imageModels, ...extra.imageModels] };
}

function keyedEnv() {
  return loadEnv({
    OPENAI_API_KEY: 'fake-openai',
    OPENAI_BASE_URL: fakes.baseUrls.openai,
    GOOGLE_GENERATIVE_AI_API_KEY: 'fake-google',
    GOOGLE_GENERATIVE_AI_BASE_URL: fakes.baseUrls.google,
    XAI_API_KEY: 'fake-xai',
    XAI_BASE_URL: fakes.baseUrls.xai,
  });
}

beforeAll(async () => {
  // The custom provider's key comes from the variable the catalogue names.
  vi.stubEnv('LOCAL_SD_TEST_KEY', 'fake-local');
  fakes = await startProviderFakes();
  shipped = loadCatalogue(loadEnv({}).MODELS_FILE);
  catalogue = withCustomProvider(shipped, fakes.baseUrls.openai);
  registry = createImageModelRegistry(keyedEnv(), catalogue);
  // A photo with detail everywhere, so any change to it shows.
  const raw = Buffer.alloc(640 * 480 * 3);
  for (let i = 0; i < 640 * 480; i++) {
    raw[i * 3] = (i % 640) % 256;
    raw[i * 3 + 1] = Math.floor(i / 640) % 256;
    raw[i * 3 + 2] = 90;
  }
  photo = await sharp(raw, { raw: { width: 640, height: 480, channels: 3 } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await fakes.close();
});
beforeEach(() => {
  fakes.reset();
});

async function decoded(bytes: Uint8Array) {
  const meta = await sharp(bytes).metadata();
  return { format: meta.format, width: meta.width, height: meta.height };
}

function generate(id: string, req: Partial<ImageRequest> = {}) {
  const model = registry.get(id);
  if (!model) throw new Error(`no model ${id}`);
  return model.generate({ prompt: 'a lighthouse at dusk', count: 1, aspectRatio: '1:1', ...req });
}

async function failure(promise: Promise<unknown>): Promise<ImageGenerationError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImageGenerationError);
  return error as ImageGenerationError;
}

function sent(pathEnd: string) {
  return fakes
    .requests()
    .filter((r) => r.path.endsWith(pathEnd))
    .map((r) => r.body as Record<string, unknown>);
}

describe('with provider keys', () => {
  it('offers every catalogue image model, available, and no demo', () => {
    expect(registry.demo).toBe(false);
    expect(registry.defaultModelId).toBe('gpt-image-1');
    expect(registry.get(DEMO_IMAGE_MODEL_ID)).toBeUndefined();
    const listed = registry.list('tr');
    expect(listed.map((m) => [m.id, m.provider, m.providerLabel, m.available, m.demo])).toEqual([
      ['gpt-image-1', 'openai', 'OpenAI', true, false],
      ['dall-e-3', 'openai', 'OpenAI', true, false],
      ['gemini-2.5-flash-image', 'google', 'Google', true, false],
      ['grok-imagine-image', 'xai', 'xAI', true, false],
      ['local-sd', 'openai-compatible', 'Local SD', true, false],
    ]);
    expect(listed[0]?.description).toContain('OpenAI');
    expect(listed[0]?.description).toMatch(/görsel/);
    expect(listed.find((m) => m.id === 'dall-e-3')).toMatchObject({
      capabilities: { edit: false },
      aspectRatios: ['1:1', '16:9', '9:16'],
    });
  });

  type RatioCase = { id: string; ratio: ImageAspectRatio; path: string; request: object; size: [number, number] };
  const ratioCases: RatioCase[] = [
    ...(
      [
        ['1:1', [1024, 1024]],
        ['3:2', [1536, 1024]],
        ['2:3', [1024, 1536]],
      ] as const
    ).map(([ratio, size]) => ({
      id: 'gpt-image-1',
      ratio,
      path: '/openai/v1/images/generations',
      request: { model: 'gpt-image-1', size: `${size[0]}x${size[1]}` },
      size: [...size] as [number, number],
    })),
    ...(
      [
        ['1:1', [1024, 1024]],
        ['16:9', [1792, 1024]],
        ['9:16', [1024, 1792]],
      ] as const
    ).map(([ratio, size]) => ({
      id: 'dall-e-3',
      ratio,
      path: '/openai/v1/images/generations',
      request: { model: 'dall-e-3', size: `${size[0]}x${size[1]}`, response_format: 'b64_json' },
      size: [...size] as [number, number],
    })),
    ...(
      [
        ['1:1', [1024, 1024]],
        ['3:2', [1248, 832]],
        ['2:3', [832, 1248]],
        ['16:9', [1344, 768]],
        ['9:16', [768, 1344]],
      ] as const
    ).flatMap(([ratio, size]) => [
      {
        id: 'gemini-2.5-flash-image',
        ratio,
        path: '/models/gemini-2.5-flash-image:generateContent',
        request: { generationConfig: { responseModalities: ['IMAGE'], imageConfig: { aspectRatio: ratio } } },
        size: [...size] as [number, number],
      },
      {
        id: 'grok-imagine-image',
        ratio,
        path: '/xai/v1/images/generations',
        request: { model: 'grok-imagine-image', aspect_ratio: ratio },
        size: [...size] as [number, number],
      },
    ]),
  ];

  it.each(ratioCases)('$id maps $ratio to what the provider takes', async ({ id, ratio, path, request, size }) => {
    const images = await generate(id, { aspectRatio: ratio });
    expect(images).toHaveLength(1);
    expect(await decoded(images[0]?.bytes ?? new Uint8Array())).toMatchObject({ width: size[0], height: size[1] });
    expect(images[0]).toMatchObject({ width: size[0], height: size[1] });
    const bodies = sent(path);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject(request);
    expect(bodies[0]).not.toHaveProperty('aspectRatio');
  });

  it.each([
    ['gpt-image-1', '/openai/v1/images/generations', 1, 'image/png'],
    ['dall-e-3', '/openai/v1/images/generations', 2, 'image/png'],
    ['gemini-2.5-flash-image', ':generateContent', 2, 'image/png'],
    ['grok-imagine-image', '/xai/v1/images/generations', 1, 'image/jpeg'],
    ['local-sd', '/openai/v1/images/generations', 1, 'image/png'],
  ])('%s makes 1 and 2 distinct, checked pictures (2 in %s call(s))', async (id, path, callsForTwo, mediaType) => {
    const one = await generate(id, { prompt: 'one fox' });
    expect(one).toHaveLength(1);
    expect(one[0]?.mediaType).toBe(mediaType);
    fakes.reset();
    const two = await generate(id, { prompt: 'two foxes', count: 2 });
    expect(two).toHaveLength(2);
    expect(Buffer.from(two[0]?.bytes ?? []).equals(Buffer.from(two[1]?.bytes ?? []))).toBe(false);
    for (const image of two) expect((await decoded(image.bytes)).format).toBe(mediaType.split('/')[1]);
    expect(sent(path)).toHaveLength(callsForTwo);
  });

  it('reads URL answers of an OpenAI-compatible server (the stand-in serves the file)', async () => {
    const images = await generate('local-sd', { aspectRatio: '16:9' });
    expect(images[0]).toMatchObject({ width: 1344, height: 768 });
    expect(sent('/openai/v1/images/generations')[0]).toMatchObject({ model: 'sd-xl', size: '1344x768' });
    expect(sent('/openai/v1/images/generations')[0]).not.toHaveProperty('response_format');
  });

  /** A mask opaque everywhere but a transparent rectangle: only the rectangle may change. */
  async function rectMask(width: number, height: number, rect: { x: number; y: number; w: number; h: number }) {
    const rgba = Buffer.alloc(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      const x = i % width;
      const y = Math.floor(i / width);
      const editable = x >= rect.x && x < rect.x + rect.w && y >= rect.y && y < rect.y + rect.h;
      rgba[i * 4 + 3] = editable ? 0 : 255;
    }
    return sharp(rgba, { raw: { width, height, channels: 4 } })
      .png()
      .toBuffer();
  }

  async function changedPixels(result: Uint8Array, rect: { x: number; y: number; w: number; h: number }) {
    const before = await sharp(photo).raw().toBuffer();
    const after = await sharp(result).removeAlpha().raw().toBuffer();
    let inside = 0;
    let outside = 0;
    for (let i = 0; i < 640 * 480; i++) {
      const x = i % 640;
      const y = Math.floor(i / 640);
      if ([0, 1, 2].every((c) => before[i * 3 + c] === after[i * 3 + c])) continue;
      if (x >= rect.x && x < rect.x + rect.w && y >= rect.y && y < rect.y + rect.h) inside++;
      else outside++;
    }
    return { inside, outside };
  }

  it.each([
    ['gpt-image-1', '/openai/v1/images/edits'],
    ['grok-imagine-image', '/xai/v1/images/edits'],
    ['gemini-2.5-flash-image', ':generateContent'],
  ])('%s edits a photo under a mask: the photo comes back untouched outside it', async (id, path) => {
    const rect = { x: 200, y: 120, w: 160, h: 200 };
    // A mask of another size is fitted to the photo first.
    const mask = await rectMask(320, 240, { x: 100, y: 60, w: 80, h: 100 });
    const images = await generate(id, {
      prompt: 'a small rose tattoo',
      aspectRatio: '3:2',
      image: { bytes: photo, mediaType: 'image/png' },
      mask,
    });
    expect(images).toHaveLength(1);
    expect(images[0]).toMatchObject({ mediaType: 'image/png', width: 640, height: 480 });
    expect(await decoded(images[0]?.bytes ?? new Uint8Array())).toMatchObject({ width: 640, height: 480 });
    const changed = await changedPixels(images[0]?.bytes ?? new Uint8Array(), rect);
    expect(changed.outside).toBe(0);
    expect(changed.inside).toBeGreaterThan(rect.w * rect.h * 0.9);
    const [body] = sent(path);
    if (id === 'gpt-image-1') {
      // OpenAI takes the mask itself, at the photo's size.
      expect(body).toMatchObject({
        prompt: 'a small rose tattoo',
        size: '1536x1024',
        image: { type: 'image/png', width: 640, height: 480 },
        mask: { type: 'image/png', width: 640, height: 480 },
      });
    } else if (id === 'grok-imagine-image') {
      expect(body).toMatchObject({ aspect_ratio: '3:2', image: { type: 'image_url' } });
      expect(body).not.toHaveProperty('mask');
    } else {
      const parts = (body?.contents as { parts: Record<string, unknown>[] }[] | undefined)?.[0]?.parts ?? [];
      expect(parts.map((p) => Object.keys(p)[0])).toEqual(['text', 'inlineData']);
    }
  });

  it('edits without a mask: the picture as the provider made it', async () => {
    const images = await generate('gpt-image-1', {
      aspectRatio: '2:3',
      image: { bytes: photo, mediaType: 'image/png' },
    });
    expect(images[0]).toMatchObject({ width: 1024, height: 1536 });
    expect(sent('/openai/v1/images/edits')[0]).not.toHaveProperty('mask');
  });

  it('refuses what a model does not offer before calling anyone', async () => {
    expect((await failure(generate('dall-e-3', { image: { bytes: photo, mediaType: 'image/png' } }))).kind).toBe(
      'unavailable',
    );
    expect((await failure(generate('gpt-image-1', { aspectRatio: '16:9' }))).kind).toBe('unavailable');
    expect((await failure(generate('gpt-image-1', { count: 5 }))).kind).toBe('unavailable');
    expect((await failure(generate('gpt-image-1', { count: 0 }))).kind).toBe('unavailable');
    expect((await failure(generate('gpt-image-1', { mask: photo }))).kind).toBe('unavailable');
    expect(fakes.calls().total).toBe(0);
  });

  it('says a photo that is not a picture is not one', async () => {
    const error = await failure(
      generate('gpt-image-1', { image: { bytes: new TextEncoder().encode('not a photo'), mediaType: 'image/png' } }),
    );
    expect(error).toMatchObject({ kind: 'failed', retryable: false });
    expect(fakes.calls().total).toBe(0);
  });

  const providers = ['gpt-image-1', 'gemini-2.5-flash-image', 'grok-imagine-image', 'local-sd'];

  it.each(providers)('%s: a provider error is failed, retryable for 5xx and 429 only', async (id) => {
    expect(await failure(generate(id, { prompt: 'x [[fake-image status=500]]' }))).toMatchObject({
      kind: 'failed',
      retryable: true,
    });
    expect(await failure(generate(id, { prompt: 'x [[fake-image status=429]]' }))).toMatchObject({
      kind: 'failed',
      retryable: true,
    });
    expect(await failure(generate(id, { prompt: 'x [[fake-image status=400]]' }))).toMatchObject({
      kind: 'failed',
      retryable: false,
    });
    expect(await failure(generate(id, { prompt: 'x [[fake-image status=401]]' }))).toMatchObject({
      kind: 'unavailable',
    });
  });

  it.each(['gpt-image-1', 'dall-e-3', 'gemini-2.5-flash-image', 'grok-imagine-image'])(
    '%s: a content-policy refusal is refused',
    async (id) => {
      expect(await failure(generate(id, { prompt: 'x [[fake-image refuse]]' }))).toMatchObject({
        kind: 'refused',
        retryable: false,
      });
    },
  );

  it.each(providers)('%s: broken JSON and data that is not a picture are malformed', async (id) => {
    expect((await failure(generate(id, { prompt: 'x [[fake-image malformed=json]]' }))).kind).toBe('malformed');
    expect((await failure(generate(id, { prompt: 'x [[fake-image malformed=image]]' }))).kind).toBe('malformed');
  });

  it('a URL answer @ai-sdk/openai cannot read is malformed; xAI reads its URLs', async () => {
    expect((await failure(generate('gpt-image-1', { prompt: 'x [[fake-image url]]' }))).kind).toBe('malformed');
    const images = await generate('grok-imagine-image', { prompt: 'x [[fake-image url]]' });
    expect(images[0]?.mediaType).toBe('image/jpeg');
  });

  it.each(providers)('%s: a slow answer aborted by the caller is timeout, and the stand-in lets go', async (id) => {
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 100);
    const error = await failure(
      generate(id, { prompt: 'x [[fake-image delay=5000]]', abortSignal: controller.signal }),
    );
    expect(error).toMatchObject({ kind: 'timeout', retryable: false });
    expect(Date.now() - started).toBeLessThan(2000);
    const deadline = Date.now() + 2000;
    while (fakes.active() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(fakes.active()).toBe(0);
  });

  it('a hanging provider runs into the registry time limit: timeout, retryable', async () => {
    const quick = createImageModelRegistry(keyedEnv(), catalogue, { timeoutMs: 200 });
    const error = await failure(
      quick.get('grok-imagine-image')?.generate({ prompt: 'x [[fake-image hang]]', count: 1, aspectRatio: '1:1' }) ??
        Promise.resolve(),
    );
    expect(error).toMatchObject({ kind: 'timeout', retryable: true });
  });

  it('a slow answer within the limit is just slow', async () => {
    const started = Date.now();
    const images = await generate('gemini-2.5-flash-image', { prompt: 'x [[fake-image delay=300]]' });
    expect(images).toHaveLength(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });
});

describe('without image provider keys', () => {
  const demoRegistry = () => createImageModelRegistry(loadEnv({ ANTHROPIC_API_KEY: 'chat-only' }), shipped);

  it('offers the offline demo first, as the default, and lists the real models as unavailable', () => {
    const demo = demoRegistry();
    expect(demo.demo).toBe(true);
    expect(demo.defaultModelId).toBe(DEMO_IMAGE_MODEL_ID);
    const listed = demo.list('en');
    expect(listed[0]).toEqual({
      id: DEMO_IMAGE_MODEL_ID,
      provider: 'demo',
      providerLabel: 'Polymath',
      displayName: 'Demo images (offline)',
      description: expect.stringContaining('DEMO'),
      tier: 'free',
      available: true,
      demo: true,
      capabilities: { edit: true },
      aspectRatios: ['1:1', '3:2', '2:3', '16:9', '9:16'],
    });
    expect(demo.list('tr')[0]?.displayName).toBe('Demo görseller (çevrimdışı)');
    expect(listed.slice(1).every((m) => !m.available && !m.demo)).toBe(true);
  });

  it('draws real, labelled PNGs at the ratio asked, the same for the same prompt', async () => {
    const demo = demoRegistry().get(DEMO_IMAGE_MODEL_ID);
    const req = { prompt: 'a blue lake at night', count: 2, aspectRatio: '16:9' } as const;
    const images = (await demo?.generate(req)) ?? [];
    expect(images).toHaveLength(2);
    for (const image of images) {
      expect(await decoded(image.bytes)).toEqual({ format: 'png', width: 1024, height: 576 });
    }
    expect(Buffer.from(images[0]?.bytes ?? []).equals(Buffer.from(images[1]?.bytes ?? []))).toBe(false);
    const again = (await demo?.generate(req)) ?? [];
    expect(Buffer.from(again[0]?.bytes ?? []).equals(Buffer.from(images[0]?.bytes ?? []))).toBe(true);
    // The badge's box is dark with white lettering whatever the picture.
    const box = demoLabelBox(1024, 576);
    const badge = await sharp(images[0]?.bytes)
      .extract({ left: box.x, top: box.y, width: box.width, height: box.height })
      .raw()
      .toBuffer();
    const whites = badge.filter((_, i) => i % 3 === 0 && badge[i] === 255 && badge[i + 1] === 255).length;
    expect(whites).toBeGreaterThan(50);
  });

  it('edits a photo offline, leaving it untouched outside the mask', async () => {
    const demo = demoRegistry().get(DEMO_IMAGE_MODEL_ID);
    const mask = await sharp({
      create: { width: 640, height: 480, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 1 } },
    })
      .png()
      .toBuffer();
    const images =
      (await demo?.generate({
        prompt: 'a rose',
        count: 1,
        aspectRatio: '1:1',
        image: { bytes: photo, mediaType: 'image/png' },
        mask,
      })) ?? [];
    // A fully opaque mask: nothing may change but the DEMO badge.
    const before = await sharp(photo).raw().toBuffer();
    const after = await sharp(images[0]?.bytes).removeAlpha().raw().toBuffer();
    const box = demoLabelBox(640, 480);
    let changed = 0;
    for (let i = 0; i < 640 * 480; i++) {
      const x = i % 640;
      const y = Math.floor(i / 640);
      const inBadge = x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height;
      if (!inBadge && [0, 1, 2].some((c) => before[i * 3 + c] !== after[i * 3 + c])) changed++;
    }
    expect(changed).toBe(0);
    expect(fakes.calls().total).toBe(0);
  });

  it('says a real model is unavailable, and an aborted request is timeout', async () => {
    const demo = demoRegistry();
    expect(
      (
        await failure(
          demo.get('gpt-image-1')?.generate({ prompt: 'x', count: 1, aspectRatio: '1:1' }) ?? Promise.resolve(),
        )
      ).kind,
    ).toBe('unavailable');
    const error = await failure(
      demo.get(DEMO_IMAGE_MODEL_ID)?.generate({
        prompt: 'x',
        count: 2,
        aspectRatio: '1:1',
        abortSignal: AbortSignal.abort(),
      }) ?? Promise.resolve(),
    );
    expect(error.kind).toBe('timeout');
  });

  it('is not offered once one image provider is configured', () => {
    const openaiOnly = createImageModelRegistry(loadEnv({ OPENAI_API_KEY: 'k' }), shipped);
    expect(openaiOnly.demo).toBe(false);
    expect(openaiOnly.get(DEMO_IMAGE_MODEL_ID)).toBeUndefined();
    expect(openaiOnly.list('en').map((m) => [m.id, m.available])).toEqual([
      ['gpt-image-1', true],
      ['dall-e-3', true],
      ['gemini-2.5-flash-image', false],
      ['grok-imagine-image', false],
    ]);
  });
});
