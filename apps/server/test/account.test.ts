import { crc32 } from 'node:zlib';
import { PROFILE_PHOTO_MAX_BYTES, type Profile } from '@polymath/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import {
  accounts,
  refunds,
  sandboxObjects,
  sessions,
  subscriptionChanges,
  subscriptions,
  users,
  verifications,
} from '../src/db/schema/index.ts';
import { processProfilePhoto, sniffImageType } from '../src/features/account/account.service.ts';
import {
  AUTH_TEST_ENV,
  type CaptureMailer,
  captureMailer,
  client,
  expectError,
  PASSWORD,
  signedInUser,
  type TestClient,
  uniqueEmail,
} from './auth-helpers.ts';
import { buyThroughSandbox } from './billing-helpers.ts';
import { createTestApp, type DatabaseContext, describeEachDatabase } from './databases.ts';
import {
  describeEachDatabaseAndFileStore,
  type FileStoreContext,
  openTestFileStore,
  type TestFileStore,
} from './file-stores.ts';
import { runTempDir } from './temp-dirs.ts';

type Setup = { app: App; mailer: CaptureMailer; store: TestFileStore };

/**
 * Each app gets its own DATA_DIR and an empty file store (on disk there unless the suite runs on
 * every store), so tests can see exactly which files exist.
 */
async function setup(ctx: DatabaseContext, fileStores?: FileStoreContext): Promise<Setup> {
  const mailer = captureMailer();
  const dataDir = runTempDir('polymath-profile-');
  const store = fileStores ? await fileStores.open(dataDir) : await openTestFileStore('disk', dataDir);
  const app = createTestApp(ctx.database, {
    env: { ...AUTH_TEST_ENV, DATA_DIR: dataDir },
    mailer,
    files: store.files,
  });
  return { app, mailer, store };
}

/** The names of the stored avatars, read from the storage itself. */
function avatarFiles(store: TestFileStore): string[] {
  return store.keys('avatars').map((key) => key.slice('avatars/'.length));
}

async function me(c: TestClient): Promise<Profile> {
  const res = await c.get('/api/me');
  expect(res.status).toBe(200);
  return (await res.json()) as Profile;
}

function upload(c: TestClient, bytes: Uint8Array, name = 'photo.jpg', type = 'image/jpeg', field = 'photo') {
  const form = new FormData();
  form.set(field, new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return c.request('POST', '/api/me/photo', { body: form });
}

let jpegWithExif: Buffer;
let pngSmall: Buffer;
let webpSmall: Buffer;

beforeAll(async () => {
  jpegWithExif = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3366cc' } })
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Copyright: 'Secret Owner', Artist: 'Ada', Make: 'PhoneCorp' } })
    .toBuffer();
  pngSmall = await sharp({ create: { width: 64, height: 40, channels: 4, background: '#ff000080' } })
    .png()
    .toBuffer();
  webpSmall = await sharp({ create: { width: 300, height: 900, channels: 3, background: '#00ff00' } })
    .webp()
    .toBuffer();
});

/** A PNG whose header claims width x height (valid signature, IHDR and CRC; no real pixels). */
function pngHeader(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(6, 9); // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('profile photo processing', () => {
  it('detects the type by content only', () => {
    expect(sniffImageType(jpegWithExif)).toBe('jpeg');
    expect(sniffImageType(pngSmall)).toBe('png');
    expect(sniffImageType(webpSmall)).toBe('webp');
    expect(sniffImageType(Buffer.from('GIF89a......'))).toBeNull();
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });

  it('re-encodes to a 512x512 WebP without EXIF', async () => {
    expect((await sharp(jpegWithExif).metadata()).exif).toBeDefined(); // the input does carry EXIF
    const out = await processProfilePhoto(jpegWithExif);
    const meta = await sharp(out).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
      format: 'webp',
      width: 512,
      height: 512,
    });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(out.includes(Buffer.from('Secret Owner'))).toBe(false);
  });

  it('applies the EXIF orientation before cropping', async () => {
    const tall = await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#000' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const out = await processProfilePhoto(tall);
    expect((await sharp(out).metadata()).orientation).toBeUndefined();
  });
});

describeEachDatabase('profile: /api/me', { exercises: [] }, (ctx) => {
  it('401 UNAUTHORIZED JSON on every route without a session', async () => {
    const { app } = await setup(ctx);
    const anon = client(app);
    const routes: [string, string][] = [
      ['GET', '/api/me'],
      ['PATCH', '/api/me'],
      ['DELETE', '/api/me'],
      ['POST', '/api/me/photo'],
      ['DELETE', '/api/me/photo'],
      ['DELETE', '/api/me/connections/google'],
      ['POST', '/api/me/verification-email'],
      ['POST', '/api/me/change-password-email'],
      ['GET', '/api/files/avatars/AAAAAAAAAAAAAAAAAAAAAA.webp'],
    ];
    for (const [method, path] of routes) {
      const res = await anon.request(method, path, method === 'GET' ? {} : { json: {} });
      await expectError(res, 401, 'UNAUTHORIZED');
    }
    // A forged session cookie is no better.
    const forged = await anon.get('/api/me', { headers: { cookie: 'polymath.session_token=abc.def' } });
    await expectError(forged, 401, 'UNAUTHORIZED');
  });

  it('PATCH edits names and display name; empty strings clear; the result is returned', async () => {
    const { app, mailer } = await setup(ctx);
    const c = await signedInUser(app, mailer);
    const res = await c.patch('/api/me', {
      firstName: ' Ada ',
      lastName: 'Lovelace',
      displayName: 'Countess',
      locale: 'tr',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      displayName: 'Countess',
      locale: 'tr',
    });
    const cleared = await c.patch('/api/me', { lastName: '' });
    expect(await cleared.json()).toMatchObject({ firstName: 'Ada', lastName: null, displayName: 'Countess' });
    expect(await me(c)).toMatchObject({ firstName: 'Ada', lastName: null, displayName: 'Countess', locale: 'tr' });
  });

  it('PATCH refuses extra, read-only and oversized fields (400) and writes nothing', async () => {
    const { app, mailer } = await setup(ctx);
    const c = await signedInUser(app, mailer);
    const before = await me(c);
    for (const body of [
      { id: 'someone-else', displayName: 'X' },
      { email: 'new@example.com' },
      { emailVerified: true },
      { accessLevel: 'pro' },
      { profilePhotoUrl: '/api/files/avatars/x.webp' },
      { displayName: 'x'.repeat(61) },
      { firstName: 42 },
      { locale: 'de' },
      { displayName: 'nul\u0000byte' },
      { firstName: 'line\nbreak' },
      [],
      'text',
    ]) {
      await expectError(await c.patch('/api/me', body), 400, 'VALIDATION_FAILED');
    }
    const bad = await c.request('PATCH', '/api/me', {
      body: '{"displayName":',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    const huge = await c.patch('/api/me', { displayName: 'x'.repeat(100_000) });
    await expectError(huge, 413, 'PAYLOAD_TOO_LARGE');
    expect(await me(c)).toEqual(before);
  });

  it('changes from another origin are refused (403), reads are not', async () => {
    const { app, mailer } = await setup(ctx);
    const c = await signedInUser(app, mailer);
    await expectError(
      await c.patch('/api/me', { displayName: 'Evil' }, { origin: 'https://evil.example' }),
      403,
      'WRONG_ORIGIN',
    );
    await expectError(await c.post('/api/auth/sign-out', {}, { origin: 'https://evil.example' }), 403, 'WRONG_ORIGIN');
    expect((await me(c)).displayName).toBe('Ada Lovelace');
  });

  it('GET /api/openapi.json documents the /api/me routes', async () => {
    const { app } = await setup(ctx);
    const doc = (await (await app.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/me',
        '/api/me/photo',
        '/api/me/connections/{provider}',
        '/api/files/avatars/{name}',
      ]),
    );
    expect(Object.keys(doc.paths['/api/me'] ?? {}).sort()).toEqual(['delete', 'get', 'patch']);
  });

  it('GET /api/config names the social providers that are configured', async () => {
    const { app } = await setup(ctx);
    expect(((await (await app.request('/api/config')).json()) as { authProviders: string[] }).authProviders).toEqual(
      [],
    );
    // Issuers on a closed local port: no request leaves the machine (discovery just fails).
    const configured = createTestApp(ctx.database, {
      env: {
        GOOGLE_CLIENT_ID: 'id',
        GOOGLE_ISSUER: 'http://127.0.0.1:9',
        APPLE_CLIENT_ID: 'id2',
        APPLE_ISSUER: 'http://127.0.0.1:9',
      },
    });
    expect(
      ((await (await configured.request('/api/config')).json()) as { authProviders: string[] }).authProviders,
    ).toEqual(['google', 'apple']);
  });
});

/**
 * What these tests rely on that PGlite and PostgreSQL do differently (databases.ts, runsOnPostgres). The
 * suite between these two, undeclared, runs on both as well.
 */
const DATABASE_USE = { exercises: ['locks'] } as const;

describeEachDatabaseAndFileStore('profile: photo upload', DATABASE_USE, (ctx, fileStores) => {
  it('a JPEG with EXIF → stored as a 512x512 WebP without EXIF under a random name, served only to its owner', async () => {
    const { app, mailer, store } = await setup(ctx, fileStores);
    const c = await signedInUser(app, mailer);
    const res = await upload(c, jpegWithExif, '../../etc/passwd.jpg');
    expect(res.status).toBe(200);
    const profile = (await res.json()) as Profile;
    expect(profile.profilePhotoUrl).toMatch(/^\/api\/files\/avatars\/[A-Za-z0-9_-]{22}\.webp$/);
    expect(avatarFiles(store)).toEqual([profile.profilePhotoUrl?.split('/').pop()]);
    const key = `avatars/${avatarFiles(store)[0]}`;
    expect(store.storedType(key)).toBe(store.kind === 's3' ? 'image/webp' : null);

    const file = await c.get(profile.profilePhotoUrl ?? '');
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/webp');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    const bytes = Buffer.from(await file.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 512, 512, undefined]);
    expect(bytes.includes(Buffer.from('Secret Owner'))).toBe(false);

    // A second upload replaces the first: the old file is deleted and its URL is gone.
    const second = (await (await upload(c, pngSmall, 'p.png', 'image/png')).json()) as Profile;
    expect(second.profilePhotoUrl).not.toBe(profile.profilePhotoUrl);
    expect(avatarFiles(store)).toEqual([second.profilePhotoUrl?.split('/').pop()]);
    await expectError(await c.get(profile.profilePhotoUrl ?? ''), 404, 'NOT_FOUND');
    expect((await upload(c, webpSmall, 'w.webp', 'image/webp')).status).toBe(200);

    // Remove.
    const removed = await c.delete('/api/me/photo');
    expect(((await removed.json()) as Profile).profilePhotoUrl).toBeNull();
    expect(avatarFiles(store)).toEqual([]);
  });

  it('bad inputs → 4xx with stable codes, and nothing is stored', async () => {
    const { app, mailer, store } = await setup(ctx, fileStores);
    const c = await signedInUser(app, mailer);
    const truncated = jpegWithExif.subarray(0, Math.floor(jpegWithExif.length / 2));
    const corrupt = Buffer.from(jpegWithExif);
    corrupt.fill(0x41, 200, corrupt.length - 2);
    const cases: [string, Promise<Response>, number, string][] = [
      ['0 bytes', upload(c, new Uint8Array()), 400, 'INVALID_FILE'],
      [
        '4 MB + 1 byte',
        upload(c, Buffer.concat([jpegWithExif, Buffer.alloc(PROFILE_PHOTO_MAX_BYTES + 1 - jpegWithExif.length)])),
        413,
        'PAYLOAD_TOO_LARGE',
      ],
      ['8 MB', upload(c, Buffer.alloc(8 * 1024 * 1024, 0xff)), 413, 'PAYLOAD_TOO_LARGE'],
      [
        'text renamed .png',
        upload(c, Buffer.from('hello, I am not a picture'), 'photo.png', 'image/png'),
        400,
        'INVALID_FILE',
      ],
      [
        'SVG',
        upload(
          c,
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          'a.svg',
          'image/svg+xml',
        ),
        400,
        'INVALID_FILE',
      ],
      [
        'GIF',
        upload(
          c,
          Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
          'a.gif',
          'image/gif',
        ),
        400,
        'INVALID_FILE',
      ],
      ['truncated JPEG', upload(c, truncated), 400, 'INVALID_FILE'],
      ['corrupt JPEG', upload(c, corrupt), 400, 'INVALID_FILE'],
      [
        'PNG claiming 100000x100000',
        upload(c, pngHeader(100_000, 100_000), 'big.png', 'image/png'),
        400,
        'INVALID_FILE',
      ],
      ['PNG claiming 7000x7000', upload(c, pngHeader(7000, 7000), 'big.png', 'image/png'), 400, 'INVALID_FILE'],
      [
        'JPEG bytes named .webp',
        upload(c, Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBP'), jpegWithExif]), 'a.webp', 'image/webp'),
        400,
        'INVALID_FILE',
      ],
      ['wrong field name', upload(c, jpegWithExif, 'a.jpg', 'image/jpeg', 'avatar'), 400, 'VALIDATION_FAILED'],
      [
        'JSON instead of multipart',
        c.post('/api/me/photo', { photo: 'data:image/png;base64,AAAA' }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      ],
    ];
    for (const [label, pending, status, code] of cases) {
      const res = await pending;
      const body = (await res.json()) as { error?: { code: string } };
      expect({ label, status: res.status, code: body.error?.code }).toEqual({ label, status, code });
    }
    expect(avatarFiles(store)).toEqual([]);
    expect((await me(c)).profilePhotoUrl).toBeNull();
  });

  it('a too large body is refused from its Content-Length before it is read', async () => {
    const { app, mailer } = await setup(ctx, fileStores);
    const c = await signedInUser(app, mailer);
    const res = await c.request('POST', '/api/me/photo', {
      body: 'x',
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(50 * 1024 * 1024) },
    });
    await expectError(res, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('avatar names that are not ours, or try to leave the folder → 404', async () => {
    const { app, mailer } = await setup(ctx, fileStores);
    const c = await signedInUser(app, mailer);
    for (const name of ['..%2F..%2Fsecrets.json', '..%2Fpglite', 'AAAAAAAAAAAAAAAAAAAAAA.webp', 'x.webp', '%00.webp']) {
      await expectError(await c.get(`/api/files/avatars/${name}`), 404, 'NOT_FOUND');
    }
    expect((await c.get('/api/files/../secrets.json')).status).toBe(404);
  });
});

describeEachDatabaseAndFileStore('profile: one user can never read or change another user', (ctx, fileStores) => {
  it("A cannot read B's profile or photo, nor change B's profile, photo or connections", async () => {
    const { app, mailer, store } = await setup(ctx, fileStores);
    const a = await signedInUser(app, mailer, uniqueEmail('a'));
    const b = await signedInUser(app, mailer, uniqueEmail('b'));
    const bPhoto = ((await (await upload(b, jpegWithExif)).json()) as Profile).profilePhotoUrl ?? '';
    const bBefore = await me(b);
    const aProfile = await me(a);
    expect(aProfile.id).not.toBe(bBefore.id);

    // There is no id in any URL: /api/me is always the caller. An id in the body is refused.
    await expectError(await a.patch('/api/me', { id: bBefore.id, displayName: 'pwned' }), 400, 'VALIDATION_FAILED');
    expect((await a.patch('/api/me', { displayName: 'A only' })).status).toBe(200);
    // B's photo, even with its exact URL: 404 for A, 200 for B.
    await expectError(await a.get(bPhoto), 404, 'NOT_FOUND');
    expect((await b.get(bPhoto)).status).toBe(200);
    // A's photo changes never touch B's file.
    expect((await upload(a, pngSmall, 'a.png', 'image/png')).status).toBe(200);
    expect((await a.delete('/api/me/photo')).status).toBe(200);
    expect(avatarFiles(store)).toEqual([bPhoto.split('/').pop()]);
    // A's connection changes only see A's connections.
    await expectError(await a.delete('/api/me/connections/credential'), 409, 'VERIFIED_CONNECTION_REQUIRED');
    await expectError(await a.delete('/api/me/connections/google'), 404, 'NOT_FOUND');
    await expectError(await a.delete('/api/me/connections/facebook'), 400, 'VALIDATION_FAILED');
    // A deleting the account deletes A only.
    expect((await a.delete('/api/me', { confirm: true })).status).toBe(204);

    expect(await me(b)).toEqual(bBefore);
    expect((await b.get(bPhoto)).status).toBe(200);
    expect(await ctx.database.db.select().from(accounts).where(eq(accounts.userId, bBefore.id))).toHaveLength(1);
  });
});

describeEachDatabaseAndFileStore('profile: account deletion', DATABASE_USE, (ctx, fileStores) => {
  it('free account: refused without { confirm: true }; then rows, sessions, tokens and files are removed', async () => {
    const { app, mailer, store } = await setup(ctx, fileStores);
    const email = uniqueEmail();
    const c = await signedInUser(app, mailer, email);
    const other = client(app);
    expect((await other.post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
    expect((await upload(c, jpegWithExif)).status).toBe(200);
    await client(app).post('/api/auth/request-password-reset', { email });
    await mailer.next(email, 'reset-password');
    const { id } = await me(c);
    expect(await ctx.database.db.select().from(verifications).where(eq(verifications.value, id))).toHaveLength(1);

    await expectError(await c.delete('/api/me'), 400, 'VALIDATION_FAILED');
    await expectError(await c.delete('/api/me', { confirm: false }), 400, 'VALIDATION_FAILED');
    await expectError(await c.delete('/api/me', { confirm: 'yes' }), 400, 'VALIDATION_FAILED');
    expect((await me(c)).id).toBe(id);

    const stolen = c.jar.copy();
    const res = await c.delete('/api/me', { confirm: true });
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie().some((s) => /^polymath\.session_token=;.*Max-Age=0/i.test(s))).toBe(true);
    expect(c.jar.cookies.has('polymath.session_token')).toBe(false);

    const db = ctx.database.db;
    expect(await db.select().from(users).where(eq(users.id, id))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
    expect(await db.select().from(accounts).where(eq(accounts.userId, id))).toEqual([]);
    expect(await db.select().from(verifications).where(eq(verifications.value, id))).toEqual([]);
    expect(avatarFiles(store)).toEqual([]);
    await expectError(await client(app, { jar: stolen }).get('/api/me'), 401, 'UNAUTHORIZED');
    await expectError(await other.get('/api/me'), 401, 'UNAUTHORIZED');
    await expectError(
      await client(app).post('/api/auth/sign-in/email', { email, password: PASSWORD }),
      401,
      'INVALID_CREDENTIAL',
    );
    // The address is free again.
    expect((await client(app).post('/api/auth/sign-up/email', { name: 'New', email, password: PASSWORD })).status).toBe(
      200,
    );
    await mailer.next(email, 'verify-email');
  });

  it('Pro account (active subscription): 409 SUBSCRIPTION_ACTIVE and nothing is deleted', async () => {
    const { app, mailer, store } = await setup(ctx, fileStores);
    const c = await signedInUser(app, mailer);
    expect((await upload(c, jpegWithExif)).status).toBe(200);
    await buyThroughSandbox(c, 'monthly');
    const before = await me(c);
    expect(before.accessLevel).toBe('pro');

    const body = await expectError(await c.delete('/api/me', { confirm: true }), 409, 'SUBSCRIPTION_ACTIVE');
    expect(body.error.message).toMatch(/cancel/i);
    expect(await me(c)).toEqual(before);
    expect(avatarFiles(store)).toHaveLength(1);
    expect(await ctx.database.db.select().from(sessions).where(eq(sessions.userId, before.id))).toHaveLength(1);
    expect(await ctx.database.db.select().from(accounts).where(eq(accounts.userId, before.id))).toHaveLength(1);
  });

  it('Pro account whose subscription is cancelled (ending at the period end) can be deleted', async () => {
    const { app, mailer } = await setup(ctx, fileStores);
    const c = await signedInUser(app, mailer);
    await buyThroughSandbox(c, 'week');
    const { id } = await me(c);
    expect((await c.post('/api/billing/cancel')).status).toBe(200);
    expect((await c.delete('/api/me', { confirm: true })).status).toBe(204);
    expect(await ctx.database.db.select().from(users).where(eq(users.id, id))).toEqual([]);
    expect(await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, id))).toEqual([]);
  });

  it("billing rows: our subscription copy and the sandbox's records go; changes and refunds stay without the person (privacy policy)", async () => {
    const { app, mailer } = await setup(ctx, fileStores);
    const c = await signedInUser(app, mailer);
    await buyThroughSandbox(c, 'week');
    const { id } = await me(c);
    expect((await c.post('/api/billing/cancel')).status).toBe(200);
    const db = ctx.database.db;
    const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.userId, id));
    const subscriptionId = subscription?.subscriptionId ?? '';
    expect(subscriptionId).not.toBe('');
    await db.insert(refunds).values({
      provider: 'sandbox',
      subscriptionId,
      userId: id,
      payment: `pi_profile_${id}`,
      refundId: `re_profile_${id}`,
      amount: 499,
      currency: 'usd',
      status: 'refunded',
    });
    expect((await db.select().from(sandboxObjects).where(eq(sandboxObjects.userId, id))).length).toBeGreaterThan(0);
    const changesBefore = await db
      .select({ change: subscriptionChanges.change, userId: subscriptionChanges.userId })
      .from(subscriptionChanges)
      .where(eq(subscriptionChanges.subscriptionId, subscriptionId));
    expect(changesBefore.map((r) => r.change).sort()).toEqual(['cancel_requested', 'started']);
    expect(changesBefore.every((r) => r.userId === id)).toBe(true);

    expect((await c.delete('/api/me', { confirm: true })).status).toBe(204);

    // Deleted with the account: the subscription record and the sandbox provider's objects (in Stripe
    // mode the provider's records are Stripe's, which the policy names).
    expect(await db.select().from(subscriptions).where(eq(subscriptions.userId, id))).toEqual([]);
    expect(await db.select().from(subscriptions).where(eq(subscriptions.subscriptionId, subscriptionId))).toEqual([]);
    expect(await db.select().from(sandboxObjects).where(eq(sandboxObjects.userId, id))).toEqual([]);
    // Kept for the accounts, no longer linked to anyone.
    const changesAfter = await db
      .select({ change: subscriptionChanges.change, userId: subscriptionChanges.userId })
      .from(subscriptionChanges)
      .where(eq(subscriptionChanges.subscriptionId, subscriptionId));
    expect(changesAfter.map((r) => r.change).sort()).toEqual(['cancel_requested', 'started']);
    expect(changesAfter.every((r) => r.userId === null)).toBe(true);
    const refundsAfter = await db
      .select({ userId: refunds.userId, amount: refunds.amount })
      .from(refunds)
      .where(eq(refunds.subscriptionId, subscriptionId));
    expect(refundsAfter).toEqual([{ userId: null, amount: 499 }]);
  });
});
