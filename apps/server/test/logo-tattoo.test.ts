import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { ProviderFakes } from '@polymath/provider-fakes';
import type { Credits, GenerateImageOutput, ImageItem, ImageListResponse, TattooPhoto } from '@polymath/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import {
  AUTH_TEST_ENV,
  type CaptureMailer,
  captureMailer,
  expectError,
  signedInUser,
  type TestClient,
} from './auth-helpers.ts';
import { chat, messageRow, newId, providerEnv, type StreamChunk, startProviderFakes, until } from './chat-helpers.ts';
import { describeEachDatabase } from './databases.ts';
import { startToolsApp, type ToolsApp } from './tools-helpers.ts';

/**
 * The logo maker and the tattoo generator through the real providers' stand-ins (OpenAI chat calls
 * the functions as `[[fake tool=…]]` says; OpenAI images makes and edits the pictures), as a free
 * person uses them: within the daily messages, one message a request, nothing charged when nothing
 * was made.
 */

let fakes: ProviderFakes;
beforeAll(async () => {
  fakes = await startProviderFakes();
});
afterAll(async () => {
  await fakes.close();
});

function turn(toolId: string, text: string, toolInput: Record<string, unknown>, threadId = newId('t')) {
  return {
    trigger: 'submit-message',
    threadId,
    toolId,
    modelId: 'gpt-4o-mini',
    locale: 'en',
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

async function answerImages(c: TestClient, answerId: string, count: number): Promise<ImageItem[]> {
  return until(async () => {
    const res = await c.get(`/api/images?answerId=${answerId}`);
    const list = ((await res.json()) as ImageListResponse).images;
    return list.length === count && list.every((i) => i.status === 'ready' || i.status === 'failed')
      ? [...list].reverse()
      : null;
  }, 30_000);
}

async function used(c: TestClient): Promise<number> {
  return ((await (await c.get('/api/credits')).json()) as Credits).used;
}

const BRIEF = { brandName: 'Kahve Dünyası', tagline: 'İstanbul', colours: ['#6b4226', '#d4a373'] };

describeEachDatabase('logo maker and tattoo generator (stand-ins)', { exercises: ['job-queue'] }, (ctx) => {
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

  it('a text logo is rendered at once: PNG, previews and an SVG served as an attachment, in the gallery; one message', async () => {
    const before = await used(free);
    const designs = [
      { layout: 'wordmark', font: 'playfair-display' },
      { layout: 'emblem', font: 'montserrat', mark: 'hexagon', letterCase: 'upper' },
    ];
    const { res, chunks } = await chat(
      free,
      turn('logo-maker', `[[fake tool=make_text_logo args=${JSON.stringify({ designs })}]] a logo`, {
        ...BRIEF,
        mode: 'text',
      }),
    );
    expect(res.status).toBe(200);
    const output = outputOf(chunks);
    expect(output.ok).toBe(true);
    const made = await answerImages(free, answerIdOf(chunks), 2);
    expect(made.map((i) => [i.status, i.toolId, i.aspectRatio, i.width, i.height])).toEqual([
      ['ready', 'logo-maker', '3:2', 1536, 1024],
      ['ready', 'logo-maker', '3:2', 1536, 1024],
    ]);
    const logo = made[0] as ImageItem;
    expect(logo.prompt).toContain('Kahve Dünyası');
    expect(logo.prompt).toContain('Playfair Display');

    const png = await free.get(logo.urls?.download ?? '');
    expect(png.headers.get('content-disposition')).toBe(`attachment; filename="polymath-${logo.id}.png"`);
    const meta = await sharp(Buffer.from(await png.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['png', 1536, 1024, true]);

    const svg = await free.get(logo.urls?.svg ?? '');
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(svg.headers.get('content-disposition')).toBe(`attachment; filename="polymath-${logo.id}.svg"`);
    expect(svg.headers.get('x-content-type-options')).toBe('nosniff');
    expect(svg.headers.get('content-security-policy')).toContain("default-src 'none'");
    const svgText = await svg.text();
    expect(svgText).toMatch(/^<svg width="1536" height="1024"/);
    expect(svgText).not.toMatch(/<text|<script|Kahve/);

    for (const url of [logo.urls?.onLight, logo.urls?.onDark, logo.urls?.thumb]) {
      const preview = await free.get(url ?? '');
      expect(preview.status).toBe(200);
      // Previews and the thumbnail are on their background: nothing transparent.
      expect((await sharp(Buffer.from(await preview.arrayBuffer())).metadata()).hasAlpha).toBe(false);
    }
    const gallery = (await (await free.get('/api/images?toolId=logo-maker')).json()) as ImageListResponse;
    expect(gallery.images.map((i) => i.id)).toEqual(expect.arrayContaining(made.map((i) => i.id)));
    expect(await used(free)).toBe(before + 1);

    // Another person gets none of its files.
    const other = await signedInUser(tools.app, mailer);
    await expectError(await other.get(logo.urls?.svg ?? ''), 404, 'NOT_FOUND');
    await expectError(await other.get(logo.urls?.onDark ?? ''), 404, 'NOT_FOUND');
    // A file it does not have is 404, not the original.
    await expectError(await free.get(`/api/images/${logo.id}/file?format=pdf`), 404, 'NOT_FOUND');
  });

  it('a graphic logo makes 4 candidates with the image model; refining one edits it into 2 more', async () => {
    const before = await used(free);
    const threadId = newId('logo');
    const { chunks } = await chat(
      free,
      turn(
        'logo-maker',
        '[[fake tool=generate_logo args={"prompt":"a coffee bean forming a crescent"}]] coffee',
        { ...BRIEF, style: 'minimal' },
        threadId,
      ),
    );
    const output = outputOf(chunks);
    expect(output.ok && output.images.length).toBe(4);
    const candidates = await answerImages(free, answerIdOf(chunks), 4);
    expect(candidates.every((i) => i.status === 'ready' && i.toolId === 'logo-maker')).toBe(true);
    const asked = fakes.requests().filter((r) => r.path.endsWith('/images/generations'));
    expect(asked).toHaveLength(4);
    const prompt = (asked[0]?.body as { prompt?: string } | undefined)?.prompt ?? '';
    // The server's template carries the brief whatever the model wrote.
    expect(prompt).toContain('"Kahve Dünyası"');
    expect(prompt).toContain('a coffee bean forming a crescent');
    expect(prompt).toContain('plain white background');
    expect(prompt).toContain('#6b4226');
    expect(await used(free)).toBe(before + 1);

    const chosen = candidates[2] as ImageItem;
    const refine = await chat(
      free,
      turn(
        'logo-maker',
        '[[fake tool=generate_logo args={"prompt":"make the bean darker"}]] darker',
        { ...BRIEF, refineImageId: chosen.id },
        threadId,
      ),
    );
    const refined = await answerImages(free, answerIdOf(refine.chunks), 2);
    expect(refined.map((i) => [i.status, i.parentId])).toEqual([
      ['ready', chosen.id],
      ['ready', chosen.id],
    ]);
    expect(fakes.requests().filter((r) => r.path.endsWith('/images/edits'))).toHaveLength(2);
    expect(refined[0]?.urls?.source).toBe(`/api/images/${refined[0]?.id}/file?variant=source`);
    const source = await free.get(refined[0]?.urls?.source ?? '');
    expect(source.headers.get('content-type')).toBe('image/png');
    expect(await used(free)).toBe(before + 2);

    // Another person's image cannot be refined: a clear answer, and no message taken.
    const other = await signedInUser(tools.app, mailer);
    const otherBefore = await used(other);
    const stolen = await chat(
      other,
      turn('logo-maker', '[[fake tool=generate_logo args={"prompt":"x"}]] x', { ...BRIEF, refineImageId: chosen.id }),
    );
    const refusedOutput = outputOf(stolen.chunks);
    expect(refusedOutput.ok ? null : refusedOutput.error.code).toBe('NOT_FOUND');
    await until(async () => ((await used(other)) === otherBefore ? true : null), 5000);
  });

  it('when every candidate fails, the message is given back once, and the cards say why', async () => {
    const before = await used(free);
    fakes.imageScript([{ refuse: true }, { refuse: true }, { refuse: true }, { refuse: true }]);
    const { chunks } = await chat(
      free,
      turn('logo-maker', '[[fake tool=generate_logo args={"prompt":"a fox"}]] fox', BRIEF),
    );
    const answerId = answerIdOf(chunks);
    const made = await answerImages(free, answerId, 4);
    expect(made.map((i) => i.error?.code)).toEqual([
      'IMAGE_REFUSED',
      'IMAGE_REFUSED',
      'IMAGE_REFUSED',
      'IMAGE_REFUSED',
    ]);
    expect(made[0]?.error?.message).toMatch(/refused/);
    await until(async () => ((await used(free)) === before ? true : null), 5000);
    expect((await messageRow(ctx.database.db, answerId))?.credit_refunded).toBe(true);
    // Settling again gives nothing back twice.
    const { refundIfNothingMade } = await import('../src/features/images/images.service.ts');
    expect(await refundIfNothingMade(ctx.database.db, answerId)).toBe(false);
    expect(await used(free)).toBe(before);
  });

  it('one candidate made is a request served: the message stays taken', async () => {
    const before = await used(free);
    fakes.imageScript([{ refuse: true }, { refuse: true }, { refuse: true }, {}]);
    const { chunks } = await chat(
      free,
      turn('logo-maker', '[[fake tool=generate_logo args={"prompt":"an owl"}]] owl', BRIEF),
    );
    const made = await answerImages(free, answerIdOf(chunks), 4);
    expect(made.filter((i) => i.status === 'ready')).toHaveLength(1);
    expect(await used(free)).toBe(before + 1);
  });

  async function uploadPhoto(c: TestClient, bytes: Uint8Array, name = 'arm.jpg', type = 'image/jpeg') {
    const form = new FormData();
    form.set('file', new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
    return c.request('POST', '/api/tattoo/photos', { body: form });
  }

  async function photoFiles(userFolderOnly = true): Promise<string[]> {
    const root = join(tools.deps.env.DATA_DIR, 'files', 'tattoo-photos');
    try {
      const folders = await readdir(root);
      const all = await Promise.all(folders.map(async (f) => (await readdir(join(root, f))).map((n) => `${f}/${n}`)));
      return userFolderOnly ? all.flat() : folders;
    } catch {
      return [];
    }
  }

  it('a tattoo without a photo is a stencil on white; with a photo, the design is also placed on it (before and after)', async () => {
    const before = await used(free);
    const stencilOnly = await chat(
      free,
      turn('tattoo-generator', '[[fake tool=generate_tattoo args={"design":"a moon and stars"}]] moon', {
        style: 'fine-line',
        placement: 'forearm',
      }),
    );
    const [stencil] = await answerImages(free, answerIdOf(stencilOnly.chunks), 1);
    expect(stencil).toMatchObject({ status: 'ready', toolId: 'tattoo-generator', aspectRatio: '2:3' });
    expect(stencil?.urls?.source).toBeUndefined();
    const stencilPrompt = (
      fakes.requests().find((r) => r.path.endsWith('/images/generations'))?.body as { prompt?: string } | undefined
    )?.prompt;
    expect(stencilPrompt).toContain('a moon and stars');
    expect(stencilPrompt).toContain('fine-line');
    expect(stencilPrompt).toContain('white background');

    // A portrait phone photo stored sideways with EXIF orientation 6, and a GPS position.
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#c8a07a' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N' } })
      .toBuffer();
    const res = await uploadPhoto(free, photo);
    expect(res.status, await res.clone().text()).toBe(201);
    const stored = (await res.json()) as TattooPhoto;
    expect([stored.width, stored.height]).toEqual([800, 1200]);
    const served = await free.get(stored.url);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    const servedMeta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([servedMeta.width, servedMeta.height, servedMeta.exif, servedMeta.orientation]).toEqual([
      800,
      1200,
      undefined,
      undefined,
    ]);
    const other = await signedInUser(tools.app, mailer);
    await expectError(await other.get(stored.url), 404, 'NOT_FOUND');

    const area = { x: 0.25, y: 0.3, width: 0.5, height: 0.4 };
    const placed = await chat(
      free,
      turn('tattoo-generator', '[[fake tool=generate_tattoo args={"design":"a rose"}]] rose', {
        placement: 'forearm',
        photoId: stored.id,
        area,
      }),
    );
    const [design, onPhoto] = await answerImages(free, answerIdOf(placed.chunks), 2);
    expect(design?.urls?.source).toBeUndefined();
    expect(onPhoto).toMatchObject({ status: 'ready', width: 800, height: 1200 });
    const edits = fakes.requests().filter((r) => r.path.endsWith('/images/edits'));
    expect(edits).toHaveLength(1);
    // Before and after: the photo itself, and the result unchanged outside the area.
    const beforePic = await free.get(onPhoto?.urls?.source ?? '');
    expect(beforePic.headers.get('content-type')).toBe('image/jpeg');
    const after = await free.get(onPhoto?.urls?.original ?? '');
    const pixels = await sharp(Buffer.from(await after.arrayBuffer()))
      .removeAlpha()
      .raw()
      .toBuffer();
    const at = (x: number, y: number) => [...pixels.subarray((y * 800 + x) * 3, (y * 800 + x) * 3 + 3)];
    const photoColour = [200, 160, 122];
    for (const [x, y] of [
      [10, 10],
      [790, 1190],
      [10, 600],
    ] as const) {
      for (const [i, v] of at(x, y).entries()) expect(Math.abs(v - (photoColour[i] ?? 0))).toBeLessThan(6);
    }
    expect(await used(free)).toBe(before + 2);
    const gallery = (await (await free.get('/api/images?toolId=tattoo-generator')).json()) as ImageListResponse;
    expect(gallery.images.length).toBeGreaterThanOrEqual(3);

    // Someone else's photo id is not theirs to use: a clear answer, no message taken.
    const otherBefore = await used(other);
    const stolen = await chat(
      other,
      turn('tattoo-generator', '[[fake tool=generate_tattoo args={"design":"x"}]] x', { photoId: stored.id }),
    );
    const stolenOutput = outputOf(stolen.chunks);
    expect(stolenOutput.ok ? null : stolenOutput.error.code).toBe('NOT_FOUND');
    await until(async () => ((await used(other)) === otherBefore ? true : null), 5000);
  });

  it('bad photos are refused with the reason, and nothing is stored', async () => {
    const c = await signedInUser(tools.app, mailer);
    const filesBefore = await photoFiles();
    const huge = await sharp({ create: { width: 9000, height: 1000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==', 'base64');
    const cases: [string, Promise<Response>, number, string, string | undefined][] = [
      ['text', uploadPhoto(c, Buffer.from('not an image at all'), 'a.jpg'), 400, 'INVALID_FILE', 'unsupportedType'],
      ['gif', uploadPhoto(c, gif, 'a.gif', 'image/gif'), 400, 'INVALID_FILE', 'unsupportedType'],
      ['huge', uploadPhoto(c, huge, 'huge.png', 'image/png'), 400, 'INVALID_FILE', 'tooManyPixels'],
      ['11 MB', uploadPhoto(c, Buffer.alloc(11 * 1024 * 1024, 0xff)), 413, 'PAYLOAD_TOO_LARGE', 'tooLarge'],
      [
        'cut off',
        uploadPhoto(
          c,
          (
            await sharp({ create: { width: 50, height: 50, channels: 3, background: '#000' } })
              .jpeg()
              .toBuffer()
          ).subarray(0, 200),
        ),
        400,
        'INVALID_FILE',
        'damaged',
      ],
      ['JSON', c.post('/api/tattoo/photos', { file: 'x' }), 415, 'UNSUPPORTED_MEDIA_TYPE', undefined],
    ];
    for (const [label, pending, status, code, reason] of cases) {
      const res = await pending;
      const body = (await res.json()) as { error: { code: string; message: string; details?: { reason?: string } } };
      expect({ label, status: res.status, code: body.error.code, reason: body.error.details?.reason }).toEqual({
        label,
        status,
        code,
        reason,
      });
    }
    expect(await photoFiles()).toEqual(filesBefore);
    // Photos are for signed-in people only.
    const anonymous = await tools.app.request('http://localhost:3000/api/tattoo/photos', {
      method: 'POST',
      headers: { origin: 'http://localhost:3000' },
    });
    expect(anonymous.status).toBe(401);
  });

  it('deleting the account deletes its photos', async () => {
    const c = await signedInUser(tools.app, mailer);
    const photo = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#a0522d' } })
      .png()
      .toBuffer();
    const res = await uploadPhoto(c, photo, 'a.png', 'image/png');
    expect(res.status).toBe(201);
    const foldersBefore = await photoFiles(false);
    const deleted = await c.request('DELETE', '/api/me', { json: { confirm: true } });
    expect([200, 204]).toContain(deleted.status);
    expect((await photoFiles(false)).length).toBe(foldersBefore.length - 1);
  });
});

describeEachDatabase(
  'logo maker and tattoo generator on a fresh start (no keys: demo chat and image models)',
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

    function demoTurn(toolId: string, text: string, toolInput: Record<string, unknown>) {
      return { ...turn(toolId, text, toolInput), modelId: 'demo', locale: 'tr' };
    }

    it('a text logo, graphic candidates, a stencil and a tattoo on a photo, all made offline', async () => {
      const user = await signedInUser(demo.app, mailer);
      const text = await chat(user, demoTurn('logo-maker', 'bir logo', { ...BRIEF, mode: 'text', style: 'luxury' }));
      const logos = await answerImages(user, answerIdOf(text.chunks), 4);
      expect(logos.every((i) => i.status === 'ready' && i.urls?.svg && !i.demo)).toBe(true);
      expect(logos[0]?.prompt).toContain('Cinzel');

      const graphic = await chat(user, demoTurn('logo-maker', 'kahve fincanı', BRIEF));
      const candidates = await answerImages(user, answerIdOf(graphic.chunks), 4);
      expect(candidates.every((i) => i.status === 'ready' && i.demo)).toBe(true);
      // The demo draws a logo on white for the logo maker's prompt, not a landscape.
      const picture = await user.get(candidates[0]?.urls?.original ?? '');
      const corner = await sharp(Buffer.from(await picture.arrayBuffer()))
        .extract({ left: 2, top: 2, width: 1, height: 1 })
        .removeAlpha()
        .raw()
        .toBuffer();
      expect([...corner]).toEqual([255, 255, 255]);

      const photo = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#c8a07a' } })
        .jpeg()
        .toBuffer();
      const form = new FormData();
      form.set('file', new File([photo as Uint8Array<ArrayBuffer>], 'arm.jpg', { type: 'image/jpeg' }));
      const uploaded = (await (await user.request('POST', '/api/tattoo/photos', { body: form })).json()) as TattooPhoto;
      const tattoo = await chat(
        user,
        demoTurn('tattoo-generator', 'bir gül', {
          photoId: uploaded.id,
          area: { x: 0.2, y: 0.2, width: 0.5, height: 0.4 },
        }),
      );
      const output = outputOf(tattoo.chunks);
      expect(output).toMatchObject({ ok: true, demo: true });
      const [stencil, placed] = await answerImages(user, answerIdOf(tattoo.chunks), 2);
      expect([stencil?.status, placed?.status, placed?.width, placed?.height]).toEqual(['ready', 'ready', 600, 800]);
      const answerText = tattoo.chunks
        .filter((c) => c.type === 'text-delta')
        .map((c) => c.delta)
        .join('');
      expect(answerText).toContain('Demo modu');
    });
  },
);
