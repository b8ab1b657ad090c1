/**
 * The image stand-ins driven by the real AI SDK image models (@ai-sdk/openai, @ai-sdk/xai,
 * @ai-sdk/google, @ai-sdk/openai-compatible): if these read the answers, paths and shapes are right.
 */
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { createXai } from '@ai-sdk/xai';
import { APICallError, generateImage, NoImageGeneratedError } from 'ai';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DirectiveError } from '../script.ts';
import { type ProviderFakes, startProviderFakes } from '../server.ts';
import { NOT_AN_IMAGE } from './image-render.ts';
import { parseImageDirective } from './image-script.ts';

let fakes: ProviderFakes;
let photo: Buffer;
let mask: Buffer;

beforeAll(async () => {
  fakes = await startProviderFakes();
  photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
  mask = await sharp({ create: { width: 600, height: 400, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 1 } } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await fakes.close();
});
beforeEach(() => {
  fakes.reset();
});

const openai = () => createOpenAI({ baseURL: fakes.baseUrls.openai, apiKey: 'fake-openai' });
const xai = () => createXai({ baseURL: fakes.baseUrls.xai, apiKey: 'fake-xai' });
const google = () => createGoogleGenerativeAI({ baseURL: fakes.baseUrls.google, apiKey: 'fake-google' });

async function decoded(bytes: Uint8Array) {
  const meta = await sharp(bytes).metadata();
  await sharp(bytes).raw().toBuffer(); // decodes every pixel: a broken file throws here
  return { format: meta.format, width: meta.width, height: meta.height };
}

function bodies(path: string) {
  return fakes
    .requests()
    .filter((r) => r.path === path)
    .map((r) => r.body as Record<string, unknown>);
}

describe('[[fake-image …]]', () => {
  it('reads every mode', () => {
    expect(parseImageDirective('a fox')).toBeUndefined();
    expect(parseImageDirective('a fox [[fake-image delay=250 url]]')).toEqual({ delayMs: 250, format: 'url' });
    expect(parseImageDirective('[[fake-image status=503]]')).toEqual({ status: 503 });
    expect(parseImageDirective('[[fake-image refuse b64]]')).toEqual({ refuse: true, format: 'b64' });
    expect(parseImageDirective('[[fake-image malformed=image]]')).toEqual({ malformed: 'image' });
    expect(parseImageDirective('[[fake-image hang]]')).toEqual({ hang: true });
    expect(parseImageDirective('[[fake-image]]')).toEqual({});
  });

  it('rejects what it cannot read', () => {
    expect(() => parseImageDirective('[[fake-image colour=red]]')).toThrow(DirectiveError);
    expect(() => parseImageDirective('[[fake-image status=200]]')).toThrow(/out of range/);
    expect(() => parseImageDirective('[[fake-image malformed]]')).toThrow(/json or image/);
    expect(() => parseImageDirective('[[fake-image hang')).toThrow(/closing/);
  });
});

describe('OpenAI images', () => {
  it('gpt-image-1 makes n images of the requested size in one call, as base64 PNGs with usage', async () => {
    const result = await generateImage({
      model: openai().image('gpt-image-1'),
      prompt: 'a fox',
      n: 2,
      size: '1536x1024',
    });
    expect(result.images).toHaveLength(2);
    for (const image of result.images) {
      expect(await decoded(image.uint8Array)).toEqual({ format: 'png', width: 1536, height: 1024 });
    }
    expect(
      Buffer.from(result.images[0]?.uint8Array ?? []).equals(Buffer.from(result.images[1]?.uint8Array ?? [])),
    ).toBe(false);
    expect(result.usage.totalTokens).toBeGreaterThan(0);
    expect(bodies('/openai/v1/images/generations')).toEqual([
      expect.objectContaining({ model: 'gpt-image-1', prompt: 'a fox', n: 2, size: '1536x1024' }),
    ]);
    expect(fakes.calls().openai).toBe(1);
  });

  it('dall-e-3 takes one image per call: the SDK splits, each asks for b64_json', async () => {
    const result = await generateImage({ model: openai().image('dall-e-3'), prompt: 'a fox', n: 2, size: '1792x1024' });
    expect(result.images).toHaveLength(2);
    expect(await decoded(result.images[0]?.uint8Array ?? new Uint8Array())).toMatchObject({
      width: 1792,
      height: 1024,
    });
    const sent = bodies('/openai/v1/images/generations');
    expect(sent).toHaveLength(2);
    for (const body of sent) expect(body).toMatchObject({ model: 'dall-e-3', n: 1, response_format: 'b64_json' });
  });

  it('answers 400 in OpenAI shape for a size the model does not make, and for n>1 on dall-e-3', async () => {
    const badSize = await generateImage({
      model: openai().image('gpt-image-1'),
      prompt: 'a fox',
      size: '1792x1024',
      maxRetries: 0,
    }).catch((e: unknown) => e);
    expect(APICallError.isInstance(badSize) && badSize.statusCode).toBe(400);
    expect((badSize as Error).message).toContain("Invalid value: '1792x1024'");
    const many = await fetch(`${fakes.baseUrls.openai}/images/generations`, {
      method: 'POST',
      headers: { authorization: 'Bearer k', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'dall-e-3', prompt: 'x', n: 2 }),
    });
    expect(many.status).toBe(400);
    expect(await many.json()).toMatchObject({ error: { message: 'You must provide n=1 for this model.' } });
  });

  it('edits a photo with a mask: multipart image and mask, an image back', async () => {
    const result = await generateImage({
      model: openai().image('gpt-image-1'),
      prompt: { text: 'a rose tattoo', images: [photo], mask },
      size: '1536x1024',
    });
    expect(await decoded(result.images[0]?.uint8Array ?? new Uint8Array())).toEqual({
      format: 'png',
      width: 1536,
      height: 1024,
    });
    expect(bodies('/openai/v1/images/edits')).toEqual([
      expect.objectContaining({
        model: 'gpt-image-1',
        prompt: 'a rose tattoo',
        image: expect.objectContaining({ type: 'image/png', width: 600, height: 400 }),
        mask: expect.objectContaining({ type: 'image/png', width: 600, height: 400 }),
      }),
    ]);
  });

  it("keeps the photo's shape when an edit names no size", async () => {
    const result = await generateImage({
      model: openai().image('gpt-image-1'),
      prompt: { text: 'x', images: [photo] },
    });
    // 600x400 is nearest gpt-image-1's 1536x1024.
    expect(await decoded(result.images[0]?.uint8Array ?? new Uint8Array())).toMatchObject({
      width: 1536,
      height: 1024,
    });
  });

  it('refuses a mask that does not match the photo, as OpenAI does', async () => {
    const small = await sharp(mask).resize(300, 200).png().toBuffer();
    const error = await generateImage({
      model: openai().image('gpt-image-1'),
      prompt: { text: 'x', images: [photo], mask: small },
      maxRetries: 0,
    }).catch((e: unknown) => e);
    expect(APICallError.isInstance(error) && error.statusCode).toBe(400);
    expect((error as Error).message).toContain('mask size does not match image size');
  });

  it('refuses on content policy with the error each model family sends', async () => {
    for (const [model, code] of [
      ['gpt-image-1', 'moderation_blocked'],
      ['dall-e-3', 'content_policy_violation'],
    ] as const) {
      const error = await generateImage({
        model: openai().image(model),
        prompt: 'bad [[fake-image refuse]]',
        maxRetries: 0,
      }).catch((e: unknown) => e);
      expect(APICallError.isInstance(error) && error.statusCode).toBe(400);
      expect(JSON.parse((error as APICallError).responseBody ?? '{}')).toMatchObject({ error: { code } });
    }
  });

  it('answers a URL when asked, and serves the picture there (what @ai-sdk/openai cannot read)', async () => {
    const response = await fetch(`${fakes.baseUrls.openai}/images/generations`, {
      method: 'POST',
      headers: { authorization: 'Bearer k', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'dall-e-3', prompt: 'a fox', response_format: 'url' }),
    });
    const body = (await response.json()) as { created: number; data: { url: string; revised_prompt: string }[] };
    expect(body.created).toBeGreaterThan(0);
    expect(body.data[0]?.url).toMatch(new RegExp(`^${fakes.url}/__files/img_\\w+\\.png$`));
    const picture = await fetch(body.data[0]?.url ?? '');
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect(await decoded(new Uint8Array(await picture.arrayBuffer()))).toMatchObject({ width: 1024, height: 1024 });
    const sdk = await generateImage({
      model: openai().image('gpt-image-1'),
      prompt: 'a fox [[fake-image url]]',
      maxRetries: 0,
    }).catch((e: unknown) => e);
    expect(sdk).toBeInstanceOf(Error);
    fakes.reset();
    expect((await fetch(body.data[0]?.url ?? '')).status).toBe(404);
  });
});

describe('OpenAI-compatible image endpoints (customProviders)', () => {
  const compatible = () =>
    createOpenAICompatible({ name: 'local', baseURL: fakes.baseUrls.openai, apiKey: 'k' }).imageModel('dall-e-3');

  it('downloads URL answers from the stand-in', async () => {
    const result = await generateImage({ model: compatible(), prompt: 'a fox', size: '1024x1792' });
    expect(await decoded(result.images[0]?.uint8Array ?? new Uint8Array())).toEqual({
      format: 'png',
      width: 1024,
      height: 1792,
    });
  });
});

describe('xAI images', () => {
  it('makes n JPEGs at the aspect ratio asked, in one call, base64', async () => {
    const result = await generateImage({
      model: xai().image('grok-imagine-image'),
      prompt: 'a fox',
      n: 2,
      aspectRatio: '16:9',
    });
    expect(result.images).toHaveLength(2);
    for (const image of result.images) {
      expect(await decoded(image.uint8Array)).toEqual({ format: 'jpeg', width: 1344, height: 768 });
    }
    expect(bodies('/xai/v1/images/generations')).toEqual([
      expect.objectContaining({
        model: 'grok-imagine-image',
        prompt: 'a fox',
        n: 2,
        aspect_ratio: '16:9',
        response_format: 'b64_json',
      }),
    ]);
  });

  it('edits a photo sent as a JSON data URI', async () => {
    const result = await generateImage({
      model: xai().image('grok-imagine-image'),
      prompt: { text: 'a rose tattoo', images: [photo] },
      aspectRatio: '3:2',
    });
    expect(await decoded(result.images[0]?.uint8Array ?? new Uint8Array())).toMatchObject({ width: 1248, height: 832 });
    const [sent] = bodies('/xai/v1/images/edits');
    expect(sent).toMatchObject({ model: 'grok-imagine-image', image: { type: 'image_url' } });
    expect(String((sent?.image as { url?: string } | undefined)?.url)).toMatch(/^data:image\/png;base64,/);
  });

  it('answers URLs that the SDK downloads from the stand-in', async () => {
    const result = await generateImage({
      model: xai().image('grok-imagine-image'),
      prompt: 'a fox [[fake-image url]]',
    });
    expect(await decoded(result.images[0]?.uint8Array ?? new Uint8Array())).toMatchObject({ format: 'jpeg' });
  });

  it('flags a refused image as xAI does (respect_moderation: false)', async () => {
    const error = await generateImage({
      model: xai().image('grok-imagine-image'),
      prompt: 'bad [[fake-image refuse]]',
      maxRetries: 0,
    }).catch((e: unknown) => e);
    expect((error as Error).message).toContain('content policy');
  });
});

describe('Gemini images', () => {
  it('answers inlineData PNGs at the ratio asked, one per call', async () => {
    const result = await generateImage({
      model: google().image('gemini-2.5-flash-image'),
      prompt: 'a fox',
      n: 2,
      aspectRatio: '9:16',
    });
    expect(result.images).toHaveLength(2);
    for (const image of result.images) {
      expect(await decoded(image.uint8Array)).toEqual({ format: 'png', width: 768, height: 1344 });
    }
    const sent = bodies('/google/v1beta/models/gemini-2.5-flash-image:generateContent');
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({
      generationConfig: { responseModalities: ['IMAGE'], imageConfig: { aspectRatio: '9:16' } },
    });
  });

  it('edits a photo sent inline', async () => {
    const result = await generateImage({
      model: google().image('gemini-2.5-flash-image'),
      prompt: { text: 'a rose tattoo', images: [photo] },
    });
    // No ratio asked: the photo's own shape (600x400 is nearest 3:2).
    expect(await decoded(result.images[0]?.uint8Array ?? new Uint8Array())).toMatchObject({ width: 1248, height: 832 });
    const [sent] = bodies('/google/v1beta/models/gemini-2.5-flash-image:generateContent');
    const parts = (sent?.contents as { parts: Record<string, unknown>[] }[] | undefined)?.[0]?.parts ?? [];
    expect(parts).toEqual([
      { text: 'a rose tattoo' },
      { inlineData: { mimeType: 'image/png', data: photo.toString('base64') } },
    ]);
  });

  it('refuses with a safety finish reason and no image', async () => {
    const error = await generateImage({
      model: google().image('gemini-2.5-flash-image'),
      prompt: 'bad [[fake-image refuse]]',
      maxRetries: 0,
    }).catch((e: unknown) => e);
    expect(NoImageGeneratedError.isInstance(error)).toBe(true);
  });

  it('leaves chat answers on the same path alone', async () => {
    const response = await fetch(`${fakes.baseUrls.google}/models/gemini-2.0-flash:generateContent`, {
      method: 'POST',
      headers: { 'x-goog-api-key': 'k', 'content-type': 'application/json' },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'Hi [[fake pace=0 tokens=1]]' }] }] }),
    });
    const body = (await response.json()) as { candidates: { content: { parts: { text: string }[] } }[] };
    expect(body.candidates[0]?.content.parts[0]?.text).toBe('Hello from gemini-2.0-flash (google stand-in). w1');
  });
});

type ModeCase = { name: string; run: (prompt: string, signal?: AbortSignal) => Promise<unknown> };

const modeCases: ModeCase[] = [
  {
    name: 'OpenAI',
    run: (prompt, abortSignal) =>
      generateImage({ model: openai().image('gpt-image-1'), prompt, maxRetries: 0, abortSignal }),
  },
  {
    name: 'xAI',
    run: (prompt, abortSignal) =>
      generateImage({ model: xai().image('grok-imagine-image'), prompt, maxRetries: 0, abortSignal }),
  },
  {
    name: 'Gemini',
    run: (prompt, abortSignal) =>
      generateImage({ model: google().image('gemini-2.5-flash-image'), prompt, maxRetries: 0, abortSignal }),
  },
];

describe.each(modeCases)('$name scripted modes', ({ run }) => {
  it('is slow when asked', async () => {
    const started = Date.now();
    await run('a fox [[fake-image delay=300]]');
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('fails with the status asked and the provider error body', async () => {
    const error = await run('a fox [[fake-image status=503]]').catch((e: unknown) => e);
    expect(APICallError.isInstance(error) && error.statusCode).toBe(503);
    expect((error as APICallError).responseBody).not.toBe('');
  });

  it('sends broken JSON', async () => {
    const error = await run('a fox [[fake-image malformed=json]]').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
  });

  it('sends image data that is not an image (the SDK passes it on: callers must check)', async () => {
    const result = (await run('a fox [[fake-image malformed=image]]')) as { images: { uint8Array: Uint8Array }[] };
    expect(Buffer.from(result.images[0]?.uint8Array ?? []).equals(NOT_AN_IMAGE)).toBe(true);
  });

  it('hangs until the client aborts, then lets go', async () => {
    const controller = new AbortController();
    const pending = run('a fox [[fake-image hang]]', controller.signal).catch((e: unknown) => e);
    const deadline = Date.now() + 5000;
    while (fakes.active() === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    expect(fakes.active()).toBe(1);
    controller.abort();
    expect(await pending).toBeInstanceOf(Error);
    while (fakes.active() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    expect(fakes.active()).toBe(0);
  });
});

describe('queued image scripts', () => {
  it('play in order over HTTP and in code, apart from the chat queue', async () => {
    fakes.script({ text: 'chat only' });
    const response = await fetch(`${fakes.url}/__control/image-script`, {
      method: 'POST',
      body: JSON.stringify([{ status: 429 }, { refuse: true }]),
    });
    expect(response.status).toBe(204);
    const model = openai().image('gpt-image-1');
    const first = await generateImage({ model, prompt: 'a', maxRetries: 0 }).catch((e: unknown) => e);
    expect(APICallError.isInstance(first) && first.statusCode).toBe(429);
    const second = await generateImage({ model, prompt: 'b', maxRetries: 0 }).catch((e: unknown) => e);
    expect((second as APICallError).responseBody).toContain('moderation_blocked');
    expect((await generateImage({ model, prompt: 'c' })).images).toHaveLength(1);
    const chat = await fetch(`${fakes.baseUrls.openai}/chat/completions`, {
      method: 'POST',
      headers: { authorization: 'Bearer k', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(((await chat.json()) as { choices: { message: { content: string } }[] }).choices[0]?.message.content).toBe(
      'chat only',
    );
  });

  it('rejects a script it cannot read', async () => {
    const response = await fetch(`${fakes.url}/__control/image-script`, {
      method: 'POST',
      body: JSON.stringify({ malformed: 'yes' }),
    });
    expect(response.status).toBe(400);
  });
});
