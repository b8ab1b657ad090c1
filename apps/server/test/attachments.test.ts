import { type AttachmentResponse, CHAT_ATTACHMENT_MAX_BYTES, type Profile } from '@polymath/shared';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { threads } from '../src/db/schema/index.ts';
import { cleanFilename, readOwnedAttachment } from '../src/features/attachments/attachments.service.ts';
import type { FileStore } from '../src/lib/storage/file-store.ts';
import {
  AUTH_TEST_ENV,
  type CaptureMailer,
  captureMailer,
  client,
  expectError,
  signedInUser,
  type TestClient,
} from './auth-helpers.ts';
import { createTestApp, type DatabaseContext } from './databases.ts';
import { describeEachDatabaseAndFileStore, type FileStoreContext, type TestFileStore } from './file-stores.ts';
import { runTempDir } from './temp-dirs.ts';

type Setup = { app: App; mailer: CaptureMailer; store: TestFileStore; files: FileStore };

/**
 * Each app gets its own DATA_DIR and an empty file store (on disk there, or a prefix of its own in
 * the S3 stand-in's bucket), so tests can see exactly which files exist.
 */
async function setup(ctx: DatabaseContext, fileStores: FileStoreContext): Promise<Setup> {
  const mailer = captureMailer();
  const dataDir = runTempDir('polymath-attachments-');
  const store = await fileStores.open(dataDir);
  const app = createTestApp(ctx.database, { env: { ...AUTH_TEST_ENV, DATA_DIR: dataDir }, mailer, files: store.files });
  return { app, mailer, store, files: store.files };
}

async function user(s: Setup): Promise<{ c: TestClient; id: string }> {
  const c = await signedInUser(s.app, s.mailer);
  return { c, id: ((await (await c.get('/api/me')).json()) as Profile).id };
}

/** Every stored attachment, as `<user folder>/<name>`, read from the storage itself. */
function attachmentFiles(s: Setup): string[] {
  return s.store.keys('attachments').map((key) => key.slice('attachments/'.length));
}

function upload(c: TestClient, bytes: Uint8Array, name = 'photo.png', type = 'image/png', field = 'file') {
  const form = new FormData();
  form.set(field, new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return c.request('POST', '/api/chat/attachments', { body: form });
}

async function uploaded(c: TestClient, bytes: Uint8Array, name?: string, type?: string): Promise<AttachmentResponse> {
  const res = await upload(c, bytes, name, type);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as AttachmentResponse;
}

const URL_SHAPE = /^\/api\/files\/attachments\/[A-Za-z0-9_-]{22}\.webp$/;

let png: Buffer;
let jpegWithExif: Buffer;
let wide: Buffer;
let animatedGif: Buffer;
let tinyPng: Buffer;

beforeAll(async () => {
  png = await sharp({ create: { width: 64, height: 40, channels: 4, background: '#ff000080' } })
    .png()
    .toBuffer();
  tinyPng = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
    .png()
    .toBuffer();
  jpegWithExif = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3366cc' } })
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Copyright: 'Secret Owner', Artist: 'Ada', Make: 'PhoneCorp' } })
    .toBuffer();
  wide = await sharp({ create: { width: 4000, height: 1000, channels: 3, background: '#00ff00' } })
    .jpeg()
    .toBuffer();
  // Three 30x20 frames, written as an animated GIF.
  const frames = [0x10, 0x80, 0xf0].map((v) => Buffer.alloc(30 * 20 * 3, v));
  animatedGif = await sharp(Buffer.concat(frames), { raw: { width: 30, height: 60, channels: 3, pageHeight: 20 } })
    .gif()
    .toBuffer();
});

describe('attachment file names', () => {
  it('keeps the shown name only: no folders, control or bidi characters, at most 255 units', () => {
    expect(cleanFilename('photo.png')).toBe('photo.png');
    expect(cleanFilename('../../etc/passwd')).toBe('passwd');
    expect(cleanFilename('C:\\Users\\ada\\cat.jpg')).toBe('cat.jpg');
    expect(cleanFilename('evil\u202egpj.exe')).toBe('evilgpj.exe');
    expect(cleanFilename('a\u0000b\nc')).toBe('abc');
    expect(cleanFilename('   ')).toBeUndefined();
    expect(cleanFilename(undefined)).toBeUndefined();
    expect(cleanFilename('x'.repeat(300))).toHaveLength(255);
    const emoji = cleanFilename('🙂'.repeat(200)) ?? '';
    expect(emoji.length).toBeLessThanOrEqual(255);
    expect(emoji).toBe('🙂'.repeat(127));
  });
});

describeEachDatabaseAndFileStore('attachments: upload and serve', { exercises: [] }, (ctx, fileStores) => {
  it('a PNG → stored as WebP under a random name in the user folder; served to its owner only', async () => {
    const s = await setup(ctx, fileStores);
    const a = await user(s);
    const b = await user(s);
    const body = await uploaded(a.c, png, 'red dot.png');
    expect(body).toEqual({ url: expect.stringMatching(URL_SHAPE), mediaType: 'image/webp', filename: 'red dot.png' });
    const name = body.url.split('/').pop() ?? '';
    const stored = attachmentFiles(s);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatch(new RegExp(`^[0-9a-f]{32}/${name}$`));
    expect(s.store.storedType(`attachments/${stored[0]}`)).toBe(s.store.kind === 's3' ? 'image/webp' : null);

    const file = await a.c.get(body.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/webp');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    const bytes = Buffer.from(await file.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['webp', 64, 40, true]);

    // Another user, even with the exact URL: 404. No session: 401.
    await expectError(await b.c.get(body.url), 404, 'NOT_FOUND');
    await expectError(await client(s.app).get(body.url), 401, 'UNAUTHORIZED');

    // The chat core reads it by URL, for its owner only.
    expect(Buffer.from((await readOwnedAttachment(s.files, a.id, body.url)) ?? [])).toEqual(bytes);
    expect(await readOwnedAttachment(s.files, b.id, body.url)).toBeNull();
    for (const url of [
      `/api/files/avatars/${name}`,
      `/api/files/attachments/../attachments/${name}`,
      `https://evil.example/api/files/attachments/${name}`,
      name,
      '/api/files/attachments/',
      '/api/files/attachments/x.webp',
    ]) {
      expect(await readOwnedAttachment(s.files, a.id, url), url).toBeNull();
    }
  });

  it('a JPEG with EXIF loses it; large images are scaled to 2048 px; a GIF keeps its first frame', async () => {
    const s = await setup(ctx, fileStores);
    const { c } = await user(s);
    const fromJpeg = await uploaded(c, jpegWithExif, 'holiday.jpg', 'image/jpeg');
    const jpegBytes = Buffer.from(await (await c.get(fromJpeg.url)).arrayBuffer());
    const jpegMeta = await sharp(jpegBytes).metadata();
    expect([jpegMeta.format, jpegMeta.width, jpegMeta.height, jpegMeta.exif]).toEqual(['webp', 1200, 800, undefined]);
    expect(jpegBytes.includes(Buffer.from('Secret Owner'))).toBe(false);

    const fromWide = await uploaded(c, wide, 'wide.jpg', 'image/jpeg');
    const wideMeta = await sharp(Buffer.from(await (await c.get(fromWide.url)).arrayBuffer())).metadata();
    expect([wideMeta.width, wideMeta.height]).toEqual([2048, 512]);

    expect((await sharp(animatedGif).metadata()).pages).toBe(3);
    const fromGif = await uploaded(c, animatedGif, 'anim.gif', 'image/gif');
    const gifMeta = await sharp(Buffer.from(await (await c.get(fromGif.url)).arrayBuffer())).metadata();
    expect([gifMeta.format, gifMeta.width, gifMeta.height, gifMeta.pages ?? 1]).toEqual(['webp', 30, 20, 1]);

    // The declared type and name do not matter: content decides.
    const lying = await uploaded(c, png, 'not-really.jpg', 'image/jpeg');
    expect(lying.mediaType).toBe('image/webp');
    expect(attachmentFiles(s)).toHaveLength(4);
  });

  it('bad inputs → 4xx with stable codes, and nothing is stored', async () => {
    const s = await setup(ctx, fileStores);
    const { c } = await user(s);
    const cases: [string, Promise<Response>, number, string][] = [
      ['0 bytes', upload(c, new Uint8Array()), 400, 'INVALID_FILE'],
      ['text renamed .png', upload(c, Buffer.from('hello, I am not a picture'), 'photo.png'), 400, 'INVALID_FILE'],
      [
        'SVG',
        upload(c, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'a.svg'),
        400,
        'INVALID_FILE',
      ],
      [
        'PNG signature then junk',
        upload(c, Buffer.concat([png.subarray(0, 8), Buffer.alloc(200, 1)])),
        400,
        'INVALID_FILE',
      ],
      ['truncated JPEG', upload(c, jpegWithExif.subarray(0, 300), 'a.jpg', 'image/jpeg'), 400, 'INVALID_FILE'],
      [
        'JPEG bytes behind a WebP header',
        upload(c, Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBP'), jpegWithExif]), 'a.webp', 'image/webp'),
        400,
        'INVALID_FILE',
      ],
      [
        '5 MB + 1 byte',
        upload(c, Buffer.concat([png, Buffer.alloc(CHAT_ATTACHMENT_MAX_BYTES + 1 - png.length)])),
        413,
        'PAYLOAD_TOO_LARGE',
      ],
      ['8 MB', upload(c, Buffer.alloc(8 * 1024 * 1024, 0xff)), 413, 'PAYLOAD_TOO_LARGE'],
      ['wrong field name', upload(c, png, 'a.png', 'image/png', 'photo'), 400, 'VALIDATION_FAILED'],
      [
        'JSON instead of multipart',
        c.post('/api/chat/attachments', { file: 'data:image/png;base64,AAAA' }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      ],
    ];
    for (const [label, pending, status, code] of cases) {
      const res = await pending;
      const body = (await res.json()) as { error?: { code: string } };
      expect({ label, status: res.status, code: body.error?.code }).toEqual({ label, status, code });
    }
    const declared = await c.request('POST', '/api/chat/attachments', {
      body: 'x',
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(50 * 1024 * 1024) },
    });
    await expectError(declared, 413, 'PAYLOAD_TOO_LARGE');
    expect(attachmentFiles(s)).toEqual([]);
  });

  it('a PNG whose header claims a huge size is refused before it is decoded', async () => {
    const s = await setup(ctx, fileStores);
    const { c } = await user(s);
    // A real 8000x6000 (48 MP) PNG of one colour compresses to a few hundred KB.
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(CHAT_ATTACHMENT_MAX_BYTES);
    const body = await expectError(await upload(c, huge, 'huge.png'), 400, 'INVALID_FILE');
    expect(body.error.message).toMatch(/dimensions/);
    expect(attachmentFiles(s)).toEqual([]);
  });

  it('names that are not ours or try to leave the folder → 404', async () => {
    const s = await setup(ctx, fileStores);
    const a = await user(s);
    const b = await user(s);
    const mine = await uploaded(a.c, png);
    const name = mine.url.split('/').pop() ?? '';
    const [folder] = (attachmentFiles(s)[0] ?? '').split('/');
    for (const bad of [
      '..%2F..%2Fsecrets.json',
      '..%2Fpglite',
      '..%2F..%2Ffiles%2Favatars%2Fx.webp',
      `${folder}%2F${name}`,
      `..%2F${folder}%2F${name}`,
      'AAAAAAAAAAAAAAAAAAAAAA.webp',
      'x.webp',
      '%00.webp',
      `${name.slice(0, -5)}.png`,
      `${name}%00`,
      `${name}.webp`,
      '.webp',
    ]) {
      await expectError(await a.c.get(`/api/files/attachments/${bad}`), 404, 'NOT_FOUND');
      await expectError(await b.c.get(`/api/files/attachments/${bad}`), 404, 'NOT_FOUND');
    }
    expect((await a.c.get('/api/files/attachments/../../secrets.json')).status).toBe(404);
    expect((await a.c.get(`/api/files/attachments/${name}`)).status).toBe(200);
  });

  it('uploads are rate limited per user', async () => {
    const s = await setup(ctx, fileStores);
    const a = await user(s);
    const b = await user(s);
    for (let i = 0; i < 60; i++) expect((await upload(a.c, tinyPng)).status).toBe(201);
    await expectError(await upload(a.c, tinyPng), 429, 'RATE_LIMITED');
    expect((await upload(b.c, tinyPng)).status).toBe(201);
  });

  it('401 without a session; 403 for uploads from another origin', async () => {
    const s = await setup(ctx, fileStores);
    const a = await user(s);
    await expectError(await upload(client(s.app), png), 401, 'UNAUTHORIZED');
    const form = new FormData();
    form.set('file', new File([png as Uint8Array<ArrayBuffer>], 'a.png', { type: 'image/png' }));
    await expectError(
      await a.c.request('POST', '/api/chat/attachments', { body: form, origin: 'https://evil.example' }),
      403,
      'WRONG_ORIGIN',
    );
    expect(attachmentFiles(s)).toEqual([]);
  });

  it("deleting the account removes the user's attachments (and threads), not anyone else's", async () => {
    const s = await setup(ctx, fileStores);
    const a = await user(s);
    const b = await user(s);
    await uploaded(a.c, png);
    await uploaded(a.c, jpegWithExif, 'a.jpg', 'image/jpeg');
    const theirs = await uploaded(b.c, png);
    await ctx.database.db
      .insert(threads)
      .values({ id: 'thread-of-a-1', userId: a.id, toolId: 'web-main', title: 'A', modelId: 'demo' });
    expect(attachmentFiles(s)).toHaveLength(3);
    const theirName = theirs.url.split('/').pop() ?? '';
    const aFolder =
      attachmentFiles(s)
        .find((f) => !f.endsWith(theirName))
        ?.split('/')[0] ?? '';
    expect(aFolder).toMatch(/^[0-9a-f]{32}$/);

    expect((await a.c.delete('/api/me', { confirm: true })).status).toBe(204);
    expect(s.store.keys(`attachments/${aFolder}`)).toEqual([]);
    expect(attachmentFiles(s)).toEqual([expect.stringMatching(new RegExp(`/${theirName}$`))]);
    expect((await b.c.get(theirs.url)).status).toBe(200);
    const left = await ctx.database.db.select({ id: threads.id }).from(threads);
    expect(left.map((t) => t.id)).not.toContain('thread-of-a-1');
  });
});
