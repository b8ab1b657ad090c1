import { inspect } from 'node:util';
import type { S3Fake } from '@polymath/provider-fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../src/env.ts';
import { createFileStore } from '../src/lib/storage/create-file-store.ts';
import { type FileStore, newFileName } from '../src/lib/storage/file-store.ts';
import { attachmentDisposition, createS3FileStore, FileStoreError } from '../src/lib/storage/s3-file-store.ts';
import { describeEachFileStore, fakeS3Settings, startTestS3, type TestFileStore } from './file-stores.ts';
import { runTempDir } from './temp-dirs.ts';

const dataDir = () => runTempDir('polymath-files-');
const bytes = (text: string) => new TextEncoder().encode(text);
const text = (data: Uint8Array | null) => (data === null ? null : Buffer.from(data).toString());

/** Keys and folders of other shapes: every method refuses them before touching anything. */
const BAD_KEYS = [
  '',
  'x.webp',
  '../x.webp',
  '/avatars/x.webp',
  'avatars/../x.webp',
  'avatars/../../secrets.json',
  'Avatars/x.webp',
  'avatars/x',
  'avatars/x.WEBP',
  'avatars/a/b/x.webp',
  'avatars/x.webp/',
  'avatars/x y.webp',
  'avatars/%2e%2e.webp',
  'avatars\\x.webp',
];
const BAD_FOLDERS = [
  '',
  'attachments',
  'attachments/',
  '/attachments/u1',
  'attachments/../u1',
  'attachments/u1/x',
  'A/b',
];

describeEachFileStore('file store contract', (ctx) => {
  let store: TestFileStore;
  let files: FileStore;
  beforeAll(async () => {
    store = await ctx.open(dataDir());
    files = store.files;
  });

  it('putStream stores what a stream yields (its size returned) and getStream reads it back; a failing source stores nothing', async () => {
    const key = `exports/u1/${newFileName('zip')}`;
    expect(await files.getStream(key)).toBeNull();
    async function* chunks() {
      for (let i = 0; i < 64; i++) yield bytes(`chunk ${i};`.padEnd(1024, '.'));
    }
    expect(await files.putStream(key, chunks(), { contentType: 'application/zip' })).toBe(64 * 1024);
    const stored = await files.getStream(key);
    expect(stored?.size).toBe(64 * 1024);
    const read = Buffer.from(await new Response(stored?.body).arrayBuffer()).toString();
    expect(read.startsWith('chunk 0;')).toBe(true);
    expect(read).toContain('chunk 63;');
    expect(text(await files.get(key))).toBe(read);

    const broken = `exports/u1/${newFileName('zip')}`;
    async function* failing() {
      yield bytes('partial');
      throw new Error('source failed');
    }
    await expect(files.putStream(broken, failing())).rejects.toThrow('source failed');
    expect(await files.get(broken)).toBeNull();
    expect(store.keys('exports')).toEqual([key]);
    await files.deleteFolder('exports/u1');
  });

  it('put then get returns the bytes; put replaces; a missing key is null; delete is idempotent', async () => {
    const key = `gallery/${newFileName('webp')}`;
    expect(await files.get(key)).toBeNull();
    await files.put(key, bytes('first'), { contentType: 'image/webp' });
    expect(text(await files.get(key))).toBe('first');
    await files.put(key, Buffer.from('second'));
    expect(text(await files.get(key))).toBe('second');
    expect(store.keys('gallery')).toEqual([key]);
    await files.delete(key);
    await files.delete(key);
    expect(await files.get(key)).toBeNull();
    expect(store.keys('gallery')).toEqual([]);
  });

  it('keeps binary content byte for byte, empty files included', async () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    await files.put('pdfs/all-bytes.pdf', all);
    expect(Buffer.from((await files.get('pdfs/all-bytes.pdf')) ?? [])).toEqual(Buffer.from(all));
    await files.put('pdfs/empty.txt', new Uint8Array());
    expect((await files.get('pdfs/empty.txt'))?.length).toBe(0);
  });

  it('deleteFolder removes one sub-folder, however many files it holds, and nothing else', async () => {
    // More than one S3 page (1000 keys), and a neighbour whose name starts with the folder's.
    const many = Array.from({ length: 1003 }, (_, i) => `attachments/u1/f${i}.webp`);
    for (let i = 0; i < many.length; i += 50) {
      await Promise.all(many.slice(i, i + 50).map((key) => files.put(key, bytes(key))));
    }
    await files.put('attachments/u10/keep.webp', bytes('neighbour'));
    await files.put('attachments/keep.webp', bytes('top level'));
    expect(store.keys('attachments/u1')).toHaveLength(1003);

    await files.deleteFolder('attachments/u1');
    expect(store.keys('attachments')).toEqual(['attachments/keep.webp', 'attachments/u10/keep.webp']);
    expect(text(await files.get('attachments/u10/keep.webp'))).toBe('neighbour');
    await files.deleteFolder('attachments/u1');
    await files.deleteFolder('attachments/never-there');
  });

  it('refuses keys and folders that are not of the server’s shape, and stores nothing', async () => {
    const before = store.keys();
    const options = { expiresInSeconds: 60, contentType: 'image/webp' };
    for (const key of BAD_KEYS) {
      await expect(files.put(key, bytes('x')), key).rejects.toThrow('invalid file key');
      await expect(files.get(key), key).rejects.toThrow('invalid file key');
      await expect(files.delete(key), key).rejects.toThrow('invalid file key');
      await expect(files.signedUrl(key, options), key).rejects.toThrow('invalid file key');
    }
    for (const folder of BAD_FOLDERS) {
      await expect(files.deleteFolder(folder), folder).rejects.toThrow('invalid folder');
    }
    expect(store.keys()).toEqual(before);
  });

  it('signedUrl refuses lifetimes outside 1 s – 7 days and content types that are not media types', async () => {
    const key = 'gallery/abc.webp';
    for (const expiresInSeconds of [0, -1, 1.5, 604_801, Number.NaN]) {
      await expect(files.signedUrl(key, { expiresInSeconds, contentType: 'image/webp' })).rejects.toThrow(RangeError);
    }
    for (const contentType of ['', 'webp', 'image/webp\r\nx-evil: 1', 'text/html; x']) {
      await expect(files.signedUrl(key, { expiresInSeconds: 60, contentType })).rejects.toThrow(RangeError);
    }
    await expect(files.put(key, bytes('x'), { contentType: 'a\nb' })).rejects.toThrow(RangeError);
  });

  if (ctx.kind === 'disk') {
    it('disk: signedUrl is null (the app streams files through owner-checked routes); no URL origin', async () => {
      await files.put('gallery/x.webp', bytes('x'));
      expect(await files.signedUrl('gallery/x.webp', { expiresInSeconds: 60, contentType: 'image/webp' })).toBeNull();
      expect([files.kind, files.urlOrigin]).toEqual(['disk', null]);
    });
    return;
  }

  describe('S3: signed URLs', () => {
    let fake: S3Fake;
    beforeAll(() => {
      fake = ctx.fake;
    });

    it('a signed URL fetches the bytes with the asked-for type, inline; the type is the URL’s, not the stored one', async () => {
      await files.put('gallery/photo.webp', bytes('RIFF-webp'), { contentType: 'image/webp' });
      const url = await files.signedUrl('gallery/photo.webp', { expiresInSeconds: 300, contentType: 'image/webp' });
      expect(url).toEqual(expect.any(String));
      expect(new URL(url ?? '').origin).toBe(files.urlOrigin);
      expect(new URL(url ?? '').searchParams.get('X-Amz-Expires')).toBe('300');
      const res = await fetch(url ?? '');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('content-disposition')).toBeNull();
      expect(await res.text()).toBe('RIFF-webp');

      const asText = await files.signedUrl('gallery/photo.webp', { expiresInSeconds: 60, contentType: 'text/plain' });
      expect((await fetch(asText ?? '')).headers.get('content-type')).toBe('text/plain');
    });

    it('with downloadName, the file comes as an attachment under that name (any characters, safely)', async () => {
      await files.put('pdfs/r.pdf', bytes('%PDF'), { contentType: 'application/pdf' });
      const url = await files.signedUrl('pdfs/r.pdf', {
        expiresInSeconds: 60,
        contentType: 'application/pdf',
        downloadName: 'Rapor "ğüş"\r\n.pdf',
      });
      const res = await fetch(url ?? '');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="Rapor _gus_.pdf"; filename*=UTF-8''Rapor%20%22%C4%9F%C3%BC%C5%9F%22.pdf`,
      );
    });

    it('refused once expired (by the stand-in’s clock) and when any part of it was changed', async () => {
      await files.put('gallery/a.webp', bytes('a'), { contentType: 'image/webp' });
      await files.put('gallery/b.webp', bytes('b'), { contentType: 'image/webp' });
      const url = new URL(
        (await files.signedUrl('gallery/a.webp', { expiresInSeconds: 5, contentType: 'image/webp' })) ?? '',
      );
      const tamper = (change: (u: URL) => void) => {
        const copy = new URL(url);
        change(copy);
        return fetch(copy);
      };
      for (const res of [
        await tamper((u) => {
          u.pathname = u.pathname.replace('a.webp', 'b.webp');
        }),
        await tamper((u) => u.searchParams.set('X-Amz-Expires', '604800')),
        await tamper((u) => u.searchParams.set('response-content-type', 'text/html')),
        await tamper((u) => u.searchParams.set('X-Amz-Signature', '0'.repeat(64))),
      ]) {
        expect(res.status).toBe(403);
        expect(await res.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
      }
      const unsigned = await fetch(url.origin + url.pathname);
      expect(unsigned.status).toBe(403);
      expect(await unsigned.text()).toContain('<Code>AccessDenied</Code>');

      expect((await fetch(url)).status).toBe(200);
      fake.advanceTime(6_000);
      const expired = await fetch(url);
      expect(expired.status).toBe(403);
      expect(await expired.text()).toContain('<Message>Request has expired</Message>');
    });

    it('signs for S3_PUBLIC_URL when the browser reaches the bucket elsewhere than the server does', async () => {
      const publicUrl = `http://localhost:${fake.port}`;
      const outside = await createS3FileStore(fakeS3Settings(fake, { prefix: 'public-test', publicUrl }));
      await outside.put('gallery/p.webp', bytes('p'), { contentType: 'image/webp' });
      expect(fake.keys('public-test/')).toEqual(['public-test/gallery/p.webp']);
      expect(outside.urlOrigin).toBe(publicUrl);
      const url =
        (await outside.signedUrl('gallery/p.webp', { expiresInSeconds: 60, contentType: 'image/webp' })) ?? '';
      expect(new URL(url).origin).toBe(publicUrl);
      expect(await (await fetch(url)).text()).toBe('p');
      // Signed for that host: the same URL at the server's address does not match.
      const elsewhere = url.replace(publicUrl, fake.url);
      expect((await fetch(elsewhere)).status).toBe(403);
    });

    it('S3 failures reject with FileStoreError naming S3’s code, and never carry the credentials', async () => {
      const secret = `wrong-${fake.secretAccessKey}`;
      const wrongSecret = await createS3FileStore(fakeS3Settings(fake, { secretAccessKey: secret }));
      const error = await wrongSecret.put('gallery/x.webp', bytes('x')).catch((err: unknown) => err);
      expect(error).toBeInstanceOf(FileStoreError);
      expect(error).toMatchObject({
        code: 'SignatureDoesNotMatch',
        status: 403,
        message: expect.stringContaining('PutObject'),
      });
      const unknownKey = await createS3FileStore(fakeS3Settings(fake, { accessKeyId: 'AKIAPOLYMATHUNKNOWN1' }));
      const error2 = await unknownKey.get('gallery/x.webp').catch((err: unknown) => err);
      expect(error2).toMatchObject({ code: 'InvalidAccessKeyId', status: 403 });
      for (const err of [error, error2]) {
        const everything = `${inspect(err, { depth: 10, showHidden: true })} ${JSON.stringify(err)} ${(err as Error).stack}`;
        for (const credential of [secret, fake.secretAccessKey, fake.accessKeyId, 'AKIAPOLYMATHUNKNOWN1']) {
          expect(everything).not.toContain(credential);
        }
      }
    });

    it('a missing bucket is an error, not a missing file; an outage fails after the SDK’s retries', async () => {
      const noBucket = await createS3FileStore(fakeS3Settings(fake, { bucket: 'no-such-bucket' }));
      await expect(noBucket.get('gallery/x.webp')).rejects.toMatchObject({ code: 'NoSuchBucket', status: 404 });
      fake.failNextRequests(3, 500);
      await expect(files.get('gallery/x.webp')).rejects.toMatchObject({ code: 'InternalError', status: 500 });
      expect(await files.get('gallery/x.webp')).toBeNull();
    });
  });
});

describe('createFileStore', () => {
  let fake: S3Fake;
  beforeAll(async () => {
    fake = await startTestS3();
  });
  afterAll(async () => {
    await fake.close();
  });

  it('keeps files on disk under DATA_DIR/files with no S3 settings', async () => {
    const dir = dataDir();
    const files = await createFileStore(loadEnv({ DATA_DIR: dir }));
    expect(files.kind).toBe('disk');
    await files.put('gallery/d.webp', bytes('d'));
    expect(text(await files.get('gallery/d.webp'))).toBe('d');
  });

  it('uses the bucket when S3_BUCKET is set, under S3_PREFIX', async () => {
    const files = await createFileStore(loadEnv({ ...fake.env(), S3_PREFIX: '/polymath/files/' }));
    expect([files.kind, files.urlOrigin]).toEqual(['s3', fake.url]);
    await files.put('gallery/s.webp', bytes('s'), { contentType: 'image/webp' });
    expect(fake.keys()).toEqual(['polymath/files/gallery/s.webp']);
    expect(fake.object('polymath/files/gallery/s.webp')?.contentType).toBe('image/webp');
  });

  it('names the origin signed URLs point at for AWS and S3-compatible endpoints, without calling S3', async () => {
    const settings = { bucket: 'my-bucket', region: 'eu-central-1', accessKeyId: 'k', secretAccessKey: 's' };
    const origin = async (extra: object) =>
      (await createS3FileStore({ forcePathStyle: false, ...settings, ...extra })).urlOrigin;
    expect(await origin({})).toBe('https://my-bucket.s3.eu-central-1.amazonaws.com');
    expect(await origin({ forcePathStyle: true })).toBe('https://s3.eu-central-1.amazonaws.com');
    expect(await origin({ endpoint: 'https://acc.r2.cloudflarestorage.com', region: 'auto' })).toBe(
      'https://my-bucket.acc.r2.cloudflarestorage.com',
    );
    expect(
      await origin({ endpoint: 'http://minio:9000', forcePathStyle: true, publicUrl: 'https://files.example' }),
    ).toBe('https://files.example');
  });
});

describe('attachmentDisposition', () => {
  it('gives an ASCII fallback and the exact name as UTF-8, with nothing that could break the header', () => {
    expect(attachmentDisposition('report.pdf')).toBe(`attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`);
    expect(attachmentDisposition("it's (1).pdf")).toBe(
      `attachment; filename="it's (1).pdf"; filename*=UTF-8''it%27s%20%281%29.pdf`,
    );
    expect(attachmentDisposition('Çizim 100%.png')).toBe(
      `attachment; filename="Cizim 100_.png"; filename*=UTF-8''%C3%87izim%20100%25.png`,
    );
    expect(attachmentDisposition('../../etc/passwd')).toBe(`attachment; filename="passwd"; filename*=UTF-8''passwd`);
    expect(attachmentDisposition('\u202e\r\n')).toBe(`attachment; filename="download"; filename*=UTF-8''download`);
  });
});
