import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ProviderFakes } from '@polymath/provider-fakes';
import type { Credits, GenerateImageOutput, ImageItem, ImageListResponse, PhotoTranslatePhoto } from '@polymath/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { makeFixture, makeNoTextPhoto } from '../src/features/tools/photo-translate/photo-fixtures.ts';
import {
  AUTH_TEST_ENV,
  type CaptureMailer,
  captureMailer,
  expectError,
  signedInUser,
  type TestClient,
} from './auth-helpers.ts';
import { chat, newId, providerEnv, type StreamChunk, startProviderFakes, textOf, until } from './chat-helpers.ts';
import { describeEachDatabase } from './databases.ts';
import { startToolsApp, type ToolsApp } from './tools-helpers.ts';

/**
 * Photo translate as a person uses it: upload a photo (checked by content, nothing stored when
 * refused), ask in the chat, and the job reads the text (real OCR), translates it (the chat model's
 * structured output through the OpenAI stand-in, or the offline demo) and draws it back in the
 * photo's own format and size; the result is kept with the answer and in the gallery.
 */

let fakes: ProviderFakes;
beforeAll(async () => {
  fakes = await startProviderFakes();
});
afterAll(async () => {
  await fakes.close();
});

function turn(text: string, toolInput: Record<string, unknown>, modelId = 'gpt-4o-mini', locale = 'en') {
  return {
    trigger: 'submit-message',
    threadId: newId('t'),
    toolId: 'photo-translate',
    modelId,
    locale,
    toolInput,
    message: { id: newId('m'), role: 'user', parts: [{ type: 'text', text }] },
  };
}

function outputOf(chunks: StreamChunk[]): GenerateImageOutput {
  const output = chunks.find((c) => c.type === 'tool-output-available');
  expect(output, JSON.stringify(chunks.map((c) => [c.type, c.errorText]))).toBeDefined();
  return output?.output as GenerateImageOutput;
}

const answerIdOf = (chunks: StreamChunk[]) => chunks.find((c) => c.type === 'start')?.messageId as string;

async function settled(c: TestClient, answerId: string): Promise<ImageItem> {
  return until(async () => {
    const list = ((await (await c.get(`/api/images?answerId=${answerId}`)).json()) as ImageListResponse).images;
    const item = list[0];
    return item && (item.status === 'ready' || item.status === 'failed') ? item : null;
  }, 90_000);
}

async function used(c: TestClient): Promise<number> {
  return ((await (await c.get('/api/credits')).json()) as Credits).used;
}

async function upload(c: TestClient, bytes: Uint8Array, name = 'menu.jpg', type = 'image/jpeg') {
  const form = new FormData();
  form.set('file', new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return c.request('POST', '/api/photo-translate/photos', { body: form });
}

async function uploaded(c: TestClient, bytes: Uint8Array, name?: string, type?: string): Promise<PhotoTranslatePhoto> {
  const res = await upload(c, bytes, name, type);
  expect(res.status).toBe(201);
  return (await res.json()) as PhotoTranslatePhoto;
}

async function fileOf(c: TestClient, url: string | undefined) {
  const res = await c.get(url ?? '');
  expect(res.status).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  return { res, bytes, meta: await sharp(bytes).metadata() };
}

/** What these tests rely on that PGlite and PostgreSQL do differently (databases.ts, runsOnPostgres). */
const DATABASE_USE = { exercises: ['job-queue'] } as const;

describeEachDatabase('photo translate (OpenAI stand-in)', DATABASE_USE, (ctx) => {
  let tools: ToolsApp;
  let mailer: CaptureMailer;
  let free: TestClient;

  beforeAll(async () => {
    mailer = captureMailer();
    tools = await startToolsApp(ctx.database, {
      mailer,
      env: { ...AUTH_TEST_ENV, ...providerEnv(fakes), FREE_DAILY_MESSAGES: '100', CHAT_RATE_LIMIT_MAX: '1000' },
    });
    free = await signedInUser(tools.app, mailer);
  }, 60_000);
  afterAll(async () => {
    await tools.stop();
  });
  beforeEach(() => fakes.reset());

  async function storedPhotos(): Promise<string[]> {
    const root = join(tools.deps.env.DATA_DIR, 'files', 'photo-translate');
    try {
      const folders = await readdir(root);
      return (
        await Promise.all(folders.map(async (f) => (await readdir(join(root, f))).map((n) => `${f}/${n}`)))
      ).flat();
    } catch {
      return [];
    }
  }

  it('a JPEG comes back a JPEG of the same size with the model’s translation drawn in; the text is listed; one message', async () => {
    const fixture = await makeFixture({ language: 'en', format: 'jpeg', background: 'plain' });
    const photo = await uploaded(free, fixture.bytes);
    expect(photo).toMatchObject({ format: 'jpeg', width: fixture.width, height: fixture.height });
    const before = await used(free);
    // The job's structured-output call (the turn's own requests carry the directive and leave the queue alone).
    fakes.script({ text: JSON.stringify({ translations: [{ id: 's1', text: 'Müzeye hoş geldiniz\nHer gün açık' }] }) });
    const { res, chunks } = await chat(
      free,
      turn('[[fake tool=translate_photo args={}]] translate this', { photoId: photo.id, target: 'tr' }),
    );
    expect(res.status).toBe(200);
    expect(outputOf(chunks)).toMatchObject({ ok: true, demo: false });
    const item = await settled(free, answerIdOf(chunks));
    expect(item).toMatchObject({
      status: 'ready',
      toolId: 'photo-translate',
      mediaType: 'image/jpeg',
      width: fixture.width,
      height: fixture.height,
      demo: false,
    });
    const result = item.translation?.result;
    expect(result).toMatchObject({ target: 'tr', requestedSource: 'auto', noText: false, demo: false });
    expect(result?.segments.map((s) => [s.id, s.translatedText, s.redrawn])).toEqual([
      ['s1', 'Müzeye hoş geldiniz\nHer gün açık', true],
    ]);
    expect(result?.segments[0]?.sourceText).toMatch(/Welcome/);

    // The model was asked for exactly this photo's regions, as structured output.
    const asked = fakes.requests().find((r) => JSON.stringify(r.body).includes('Text regions (JSON)'));
    expect(JSON.stringify(asked?.body)).toContain('Turkish (tr)');

    const out = await fileOf(free, item.urls?.download);
    expect([out.meta.format, out.meta.width, out.meta.height]).toEqual(['jpeg', fixture.width, fixture.height]);
    expect(out.res.headers.get('content-disposition')).toBe(`attachment; filename="polymath-${item.id}.jpg"`);
    // The uploaded photo stays available for before and after: the same picture (re-encoded on upload).
    const original = await fileOf(free, item.urls?.source);
    expect([original.meta.format, original.meta.width, original.meta.height]).toEqual([
      'jpeg',
      fixture.width,
      fixture.height,
    ]);
    expect(
      meanDifference(await sharp(fixture.bytes).raw().toBuffer(), await sharp(original.bytes).raw().toBuffer()),
    ).toBeLessThan(3);
    // Pixels changed inside the text's box and nowhere far from it.
    const diff = await changedShare(original.bytes, out.bytes, fixture.textBox);
    expect(diff.inside).toBeGreaterThan(0.05);
    expect(diff.outside).toBeLessThan(0.01);

    const gallery = (await (await free.get('/api/images?toolId=photo-translate')).json()) as ImageListResponse;
    expect(gallery.images.map((i) => i.id)).toContain(item.id);
    expect(await used(free)).toBe(before + 1);
  }, 120_000);

  it('a transparent PNG stays a PNG with its transparency; another language from the same photo without uploading again', async () => {
    const fixture = await makeFixture({ language: 'en', format: 'png', background: 'transparent' });
    const photo = await uploaded(free, fixture.bytes, 'shot.png', 'image/png');
    const made: ImageItem[] = [];
    for (const target of ['de', 'ja']) {
      fakes.script({ text: JSON.stringify({ translations: [{ id: 's1', text: `${target}: Willkommen` }] }) });
      const { chunks } = await chat(
        free,
        turn('[[fake tool=translate_photo args={}]] translate', { photoId: photo.id, target }),
      );
      made.push(await settled(free, answerIdOf(chunks)));
    }
    expect(made.map((i) => [i.status, i.mediaType, i.translation?.result?.target])).toEqual([
      ['ready', 'image/png', 'de'],
      ['ready', 'image/png', 'ja'],
    ]);
    const out = await fileOf(free, made[0]?.urls?.original);
    expect([out.meta.format, out.meta.width, out.meta.height, out.meta.hasAlpha]).toEqual([
      'png',
      fixture.width,
      fixture.height,
      true,
    ]);
    // A corner far from the text is still fully transparent.
    const corner = await sharp(out.bytes)
      .extract({ left: 0, top: fixture.height - 2, width: 1, height: 1 })
      .raw()
      .toBuffer();
    expect(corner[3]).toBe(0);
  }, 180_000);

  it('a photo without text says so and comes back unchanged in size and format', async () => {
    const photo = await uploaded(free, await makeNoTextPhoto('png'), 'wall.png', 'image/png');
    const { chunks } = await chat(
      free,
      turn('[[fake tool=translate_photo args={}]] translate', { photoId: photo.id, target: 'tr' }),
    );
    const item = await settled(free, answerIdOf(chunks));
    expect(item.status).toBe('ready');
    expect(item.translation?.result).toMatchObject({ noText: true, segments: [] });
    expect([item.mediaType, item.width, item.height]).toEqual(['image/png', 800, 600]);
  }, 120_000);

  it('a phone photo is stored and served as pixels only: no EXIF or GPS, upright, same format and displayed size', async () => {
    // A portrait phone photo stored sideways (EXIF orientation 6) with where it was taken; a dark
    // mark in the stored top-left corner, which shows at the top right once turned upright.
    const sideways = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#d9c8a0' } })
      .composite([
        { input: { create: { width: 120, height: 80, channels: 3, background: '#202020' } }, left: 0, top: 0 },
      ])
      .jpeg({ quality: 95 })
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Make: 'PhoneCo', Model: 'Pocket 9' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 0/1 2/1', GPSLongitudeRef: 'E', GPSLongitude: '28/1 58/1 0/1' },
      })
      .toBuffer();
    const sent = await sharp(sideways).metadata();
    expect([sent.orientation, hasGpsIfd(sent.exif)]).toEqual([6, true]);

    const photo = await uploaded(free, sideways, 'IMG_0042.jpg');
    expect(photo).toMatchObject({ format: 'jpeg', width: 400, height: 600 });
    const storedName = (await storedPhotos()).find((name) => name.endsWith(`/${photo.id}.jpg`));
    const stored = await readFile(join(tools.deps.env.DATA_DIR, 'files', 'photo-translate', storedName ?? 'missing'));
    const served = await fileOf(free, photo.url);
    expect(served.res.headers.get('content-type')).toBe('image/jpeg');
    expect(served.bytes.equals(stored)).toBe(true);
    for (const bytes of [stored, served.bytes]) {
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.width, meta.height, meta.orientation, meta.exif]).toEqual([
        'jpeg',
        400,
        600,
        undefined,
        undefined,
      ]);
      expect(bytes.includes('Exif')).toBe(false);
      expect(bytes.includes('PhoneCo')).toBe(false);
    }
    // The pixels are the photo as it is shown: the mark is at the top right, nothing at the top left.
    const upright = await sharp(sideways, { autoOrient: true }).raw().toBuffer();
    const kept = await sharp(stored).raw().toBuffer();
    expect(meanDifference(upright, kept)).toBeLessThan(3);
    const pixel = async (x: number, y: number) => [
      ...(await sharp(stored).extract({ left: x, top: y, width: 1, height: 1 }).raw().toBuffer()),
    ];
    expect((await pixel(380, 20)).every((v) => v < 60)).toBe(true);
    expect((await pixel(20, 20)).every((v) => v > 150)).toBe(true);

    // And the translation made from it is upright and of that size too.
    const { chunks } = await chat(
      free,
      turn('[[fake tool=translate_photo args={}]] translate', { photoId: photo.id, target: 'tr' }),
    );
    const item = await settled(free, answerIdOf(chunks));
    expect([item.status, item.mediaType, item.width, item.height]).toEqual(['ready', 'image/jpeg', 400, 600]);
  }, 120_000);

  it('refuses what is not a whole JPEG or PNG with a clear 4xx, and stores nothing', async () => {
    const storedBefore = await storedPhotos();
    const jpeg = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#333' } })
      .jpeg()
      .toBuffer();
    const webp = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#333' } })
      .webp()
      .toBuffer();
    const gif = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#333' } })
      .gif()
      .toBuffer();
    // A PNG header claiming 20000 × 20000 pixels (nothing else needs to be real: it is refused from the header).
    const hugePng = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    hugePng.writeUInt32BE(20000, 16);
    hugePng.writeUInt32BE(20000, 20);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    const cases: [string, Promise<Response>, number, string, string][] = [
      ['GIF', upload(free, gif, 'a.gif', 'image/gif'), 400, 'INVALID_FILE', 'JPEG, JPG and PNG'],
      ['SVG', upload(free, svg, 'a.svg', 'image/svg+xml'), 400, 'INVALID_FILE', 'JPEG, JPG and PNG'],
      ['WebP named .png', upload(free, webp, 'a.png', 'image/png'), 400, 'INVALID_FILE', 'JPEG, JPG and PNG'],
      ['cut-off JPEG', upload(free, jpeg.subarray(0, jpeg.length - 40)), 400, 'INVALID_FILE', 'damaged'],
      ['20000 × 20000', upload(free, hugePng, 'big.png', 'image/png'), 400, 'INVALID_FILE', '8000 pixels'],
      ['empty', upload(free, new Uint8Array(0)), 400, 'INVALID_FILE', 'empty'],
      ['11 MB', upload(free, Buffer.alloc(11 * 1024 * 1024, 0xff)), 413, 'PAYLOAD_TOO_LARGE', '10 MB'],
    ];
    for (const [label, pending, status, code, says] of cases) {
      const res = await pending;
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect({ label, status: res.status, code: body.error.code }).toEqual({ label, status, code });
      expect(body.error.message, label).toContain(says);
    }
    expect(await storedPhotos()).toEqual(storedBefore);
  });

  it('a photo is its owner’s alone; a turn naming someone else’s photo makes nothing and costs nothing', async () => {
    const photo = await uploaded(
      free,
      (await makeFixture({ language: 'en', format: 'jpeg', background: 'plain' })).bytes,
    );
    const other = await signedInUser(tools.app, mailer);
    await expectError(await other.get(photo.url), 404, 'NOT_FOUND');
    expect((await free.get(photo.url)).status).toBe(200);
    const before = await used(other);
    const { chunks } = await chat(
      other,
      turn('[[fake tool=translate_photo args={}]] translate', { photoId: photo.id, target: 'tr' }),
    );
    expect(outputOf(chunks)).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(await used(other)).toBe(before);
    const anonymous = await tools.app.request('http://localhost:3000/api/photo-translate/photos', {
      method: 'POST',
      headers: { origin: 'http://localhost:3000' },
    });
    expect(anonymous.status).toBe(401);
  });
});

describeEachDatabase('photo translate on a fresh start (no keys: the demo translator)', DATABASE_USE, (ctx) => {
  let demo: ToolsApp;
  let mailer: CaptureMailer;
  beforeAll(async () => {
    mailer = captureMailer();
    demo = await startToolsApp(ctx.database, { mailer, env: { ...AUTH_TEST_ENV, CHAT_RATE_LIMIT_MAX: '1000' } });
  }, 60_000);
  afterAll(async () => {
    await demo.stop();
  });

  it('reads the photo for real and draws a labelled stand-in translation; the answer says it is a demo', async () => {
    const user = await signedInUser(demo.app, mailer);
    const fixture = await makeFixture({ language: 'en', format: 'jpeg', background: 'noisy' });
    const photo = await uploaded(user, fixture.bytes);
    const { chunks } = await chat(user, turn('çevir', { photoId: photo.id, target: 'tr' }, 'demo', 'tr'));
    expect(outputOf(chunks)).toMatchObject({ ok: true, demo: true });
    expect(textOf(chunks)).toContain('Demo modu');
    const item = await settled(user, answerIdOf(chunks));
    expect(item).toMatchObject({ status: 'ready', demo: true, mediaType: 'image/jpeg', width: fixture.width });
    const segment = item.translation?.result?.segments[0];
    expect(segment?.translatedText).toMatch(/^\[DEMO\]/);
    // "Welcome" and "Open" are in the demo's phrase table.
    expect(segment?.translatedText).toMatch(/Hoş geldiniz/i);
    expect(item.translation?.result?.demo).toBe(true);

    // Without a photo the demo says what to do, and nothing is made.
    const none = await chat(user, turn('merhaba', { target: 'tr' }, 'demo', 'tr'));
    expect(textOf(none.chunks)).toContain('fotoğraf ekleyin');
    expect(none.chunks.some((c) => c.type === 'tool-output-available')).toBe(false);
  }, 120_000);
});

/** Share of pixels that changed (any channel by more than 24) inside and well outside a box. */
async function changedShare(
  before: Buffer,
  after: Buffer,
  box: { x: number; y: number; width: number; height: number },
): Promise<{ inside: number; outside: number }> {
  const a = await sharp(before).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const b = await sharp(after).removeAlpha().raw().toBuffer();
  const { width, height } = a.info;
  const margin = 24;
  let inside = 0;
  let insideTotal = 0;
  let outside = 0;
  let outsideTotal = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const changed =
        Math.abs((a.data[i] ?? 0) - (b[i] ?? 0)) > 24 ||
        Math.abs((a.data[i + 1] ?? 0) - (b[i + 1] ?? 0)) > 24 ||
        Math.abs((a.data[i + 2] ?? 0) - (b[i + 2] ?? 0)) > 24;
      const inBox = x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height;
      const near =
        x >= box.x - margin && x < box.x + box.width + margin && y >= box.y - margin && y < box.y + box.height + margin;
      if (inBox) {
        insideTotal++;
        if (changed) inside++;
      } else if (!near) {
        outsideTotal++;
        if (changed) outside++;
      }
    }
  }
  return { inside: inside / Math.max(1, insideTotal), outside: outside / Math.max(1, outsideTotal) };
}

/** Whether an EXIF block holds a GPS position (the GPS IFD pointer, tag 0x8825, in either byte order). */
function hasGpsIfd(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  const bigEndian = exif.includes('MM\u0000*');
  return exif.includes(Buffer.from(bigEndian ? [0x88, 0x25] : [0x25, 0x88]));
}

/** The mean absolute difference of two raw pixel buffers of the same size (0–255). */
function meanDifference(a: Buffer, b: Buffer): number {
  expect(a.length).toBe(b.length);
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return sum / a.length;
}
