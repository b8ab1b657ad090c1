import { Agent } from 'node:http';
import type { LookupFunction } from 'node:net';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  type ListObjectsV2CommandOutput,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type S3Fake, startS3Fake } from './s3-fake.ts';

let fake: S3Fake;
let s3: S3Client;

function client(overrides: Partial<S3ClientConfig> = {}): S3Client {
  return new S3Client({
    region: fake.region,
    endpoint: fake.url,
    forcePathStyle: true,
    credentials: { accessKeyId: fake.accessKeyId, secretAccessKey: fake.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...overrides,
  });
}

const Bucket = 'polymath-test';
const bytes = (text: string) => new TextEncoder().encode(text);

/** The S3 error a promise rejects with: its name (S3's code) and HTTP status. */
async function s3Error(pending: Promise<unknown>): Promise<{ name: string; status: number | undefined }> {
  try {
    await pending;
  } catch (err) {
    if (err instanceof S3ServiceException) return { name: err.name, status: err.$metadata.httpStatusCode };
    throw err;
  }
  throw new Error('expected the request to fail');
}

/** The parts of an S3 XML error body. */
async function errorBody(res: Response): Promise<Record<string, string>> {
  const text = await res.text();
  expect(text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<Error>/);
  expect(res.headers.get('content-type')).toBe('application/xml');
  return Object.fromEntries([...text.matchAll(/<(\w[\w-]*)>([^<]*)<\/\1>/g)].map((m) => [m[1], m[2]]));
}

beforeAll(async () => {
  fake = await startS3Fake({ buckets: [Bucket, 'other-bucket'] });
  s3 = client();
});
afterAll(async () => {
  s3.destroy();
  await fake.close();
});
beforeEach(async () => {
  const keys = fake.keys();
  if (keys.length > 0) {
    await s3.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys.map((Key) => ({ Key })) } }));
  }
});

describe('S3 stand-in: objects through the AWS SDK', () => {
  it('PUT, GET, HEAD and DELETE an object; a missing key is NoSuchKey (404) and deleting it is no error', async () => {
    const put = await s3.send(
      new PutObjectCommand({ Bucket, Key: 'photos/a b+ç.webp', Body: bytes('hello'), ContentType: 'image/webp' }),
    );
    expect(put.ETag).toBe('"5d41402abc4b2a76b9719d911017c592"');
    expect(fake.object('photos/a b+ç.webp')).toMatchObject({ contentType: 'image/webp', body: Buffer.from('hello') });

    const got = await s3.send(new GetObjectCommand({ Bucket, Key: 'photos/a b+ç.webp' }));
    expect([got.ContentType, got.ContentLength, got.ETag]).toEqual(['image/webp', 5, put.ETag]);
    expect(Buffer.from((await got.Body?.transformToByteArray()) ?? []).toString()).toBe('hello');
    const head = await s3.send(new HeadObjectCommand({ Bucket, Key: 'photos/a b+ç.webp' }));
    expect([head.ContentType, head.ContentLength]).toEqual(['image/webp', 5]);

    expect(await s3Error(s3.send(new GetObjectCommand({ Bucket, Key: 'photos/none.webp' })))).toEqual({
      name: 'NoSuchKey',
      status: 404,
    });
    expect(await s3Error(s3.send(new HeadObjectCommand({ Bucket, Key: 'photos/none.webp' })))).toEqual({
      name: 'NotFound',
      status: 404,
    });
    await s3.send(new DeleteObjectCommand({ Bucket, Key: 'photos/a b+ç.webp' }));
    await s3.send(new DeleteObjectCommand({ Bucket, Key: 'photos/a b+ç.webp' }));
    expect(fake.keys()).toEqual([]);
    expect(await s3Error(s3.send(new GetObjectCommand({ Bucket: 'no-such-bucket', Key: 'x' })))).toEqual({
      name: 'NoSuchBucket',
      status: 404,
    });
  });

  it('a wrong Content-MD5 or CRC32 is BadDigest and nothing is stored', async () => {
    await s3.send(new PutObjectCommand({ Bucket, Key: 'plain', Body: bytes('x') }));
    expect(fake.object('plain')?.contentType).toBe('application/octet-stream');
    const wrongMd5 = Buffer.alloc(16).toString('base64');
    expect(
      await s3Error(s3.send(new PutObjectCommand({ Bucket, Key: 'bad', Body: bytes('x'), ContentMD5: wrongMd5 }))),
    ).toEqual({ name: 'BadDigest', status: 400 });
    // The SDK's default (a CRC32 of every upload) is checked too.
    const checksummed = client({ requestChecksumCalculation: 'WHEN_SUPPORTED' });
    await checksummed.send(new PutObjectCommand({ Bucket, Key: 'crc', Body: bytes('checked') }));
    const wrongCrc = checksummed.send(
      new PutObjectCommand({ Bucket, Key: 'bad', Body: bytes('checked'), ChecksumCRC32: 'AAAAAA==' }),
    );
    expect(await s3Error(wrongCrc)).toEqual({ name: 'BadDigest', status: 400 });
    checksummed.destroy();
    expect(fake.keys()).toEqual(['crc', 'plain']);
  });

  it('ListObjectsV2 pages with continuation tokens, under a prefix, with a delimiter', async () => {
    const keys = ['a/1', 'a/2', 'a/3', 'a/sub/4', 'a/sub/5', 'b/1', 'a0'];
    for (const Key of keys) await s3.send(new PutObjectCommand({ Bucket, Key, Body: bytes(Key) }));

    const pages: ListObjectsV2CommandOutput[] = [];
    let token: string | undefined;
    do {
      const page = await s3.send(
        new ListObjectsV2Command({ Bucket, Prefix: 'a/', MaxKeys: 2, ContinuationToken: token }),
      );
      pages.push(page);
      token = page.NextContinuationToken;
    } while (token);
    expect(pages.map((p) => (p.Contents ?? []).map((c) => c.Key))).toEqual([
      ['a/1', 'a/2'],
      ['a/3', 'a/sub/4'],
      ['a/sub/5'],
    ]);
    expect(pages.map((p) => [p.KeyCount, p.IsTruncated])).toEqual([
      [2, true],
      [2, true],
      [1, false],
    ]);
    expect(pages[0]?.Contents?.[0]).toMatchObject({
      Size: 3,
      StorageClass: 'STANDARD',
      ETag: expect.stringMatching(/^"/),
    });

    const rolled = await s3.send(new ListObjectsV2Command({ Bucket, Delimiter: '/', MaxKeys: 2 }));
    expect([rolled.CommonPrefixes?.map((p) => p.Prefix), rolled.Contents?.map((c) => c.Key)]).toEqual([['a/'], ['a0']]);
    const next = await s3.send(
      new ListObjectsV2Command({ Bucket, Delimiter: '/', ContinuationToken: rolled.NextContinuationToken }),
    );
    expect([next.CommonPrefixes?.map((p) => p.Prefix), next.Contents]).toEqual([['b/'], undefined]);

    expect(await s3Error(s3.send(new ListObjectsV2Command({ Bucket, ContinuationToken: '!!' })))).toEqual({
      name: 'InvalidArgument',
      status: 400,
    });
  });

  it('DeleteObjects removes up to 1000 keys, reports them unless Quiet, and needs a digest', async () => {
    for (const Key of ['d/1', 'd/2', 'keep']) await s3.send(new PutObjectCommand({ Bucket, Key, Body: bytes(Key) }));
    const loud = await s3.send(
      new DeleteObjectsCommand({ Bucket, Delete: { Objects: [{ Key: 'd/1' }, { Key: 'd/missing' }] } }),
    );
    expect(loud.Deleted?.map((d) => d.Key)).toEqual(['d/1', 'd/missing']);
    const quiet = await s3.send(
      new DeleteObjectsCommand({ Bucket, Delete: { Objects: [{ Key: 'd/2' }], Quiet: true } }),
    );
    expect(quiet.Deleted).toBeUndefined();
    expect(fake.keys()).toEqual(['keep']);

    const tooMany = Array.from({ length: 1001 }, (_, i) => ({ Key: `k${i}` }));
    expect(await s3Error(s3.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: tooMany } })))).toEqual({
      name: 'MalformedXML',
      status: 400,
    });
  });

  it('the SDK is told the time and corrects its clock when the stand-in’s clock is 20 minutes ahead', async () => {
    const skewed = await startS3Fake({ now: () => Date.now() + 20 * 60_000 });
    const c = new S3Client({
      region: skewed.region,
      endpoint: skewed.url,
      forcePathStyle: true,
      credentials: { accessKeyId: skewed.accessKeyId, secretAccessKey: skewed.secretAccessKey },
    });
    try {
      await c.send(new PutObjectCommand({ Bucket, Key: 'late', Body: bytes('x') }));
      expect(skewed.requests.map((r) => [r.status, r.code])).toEqual([
        [403, 'RequestTimeTooSkewed'],
        [200, undefined],
      ]);
    } finally {
      c.destroy();
      await skewed.close();
    }
  });

  it('virtual-hosted addressing (Host: <bucket>.<host>) reaches the same bucket', async () => {
    const lookup = ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
      if (options.all) callback(null, [{ address: '127.0.0.1', family: 4 }]);
      else callback(null, '127.0.0.1', 4);
    }) as unknown as LookupFunction;
    const httpAgent = new Agent({ lookup });
    const vhost = client({
      endpoint: `http://s3.test:${fake.port}`,
      forcePathStyle: false,
      requestHandler: { httpAgent },
    });
    try {
      await vhost.send(new PutObjectCommand({ Bucket, Key: 'vhost/x', Body: bytes('v') }));
      expect(fake.requests.at(-1)?.path).toBe('/vhost/x');
      expect(fake.object('vhost/x')?.body.toString()).toBe('v');
    } finally {
      vhost.destroy();
      httpAgent.destroy();
    }
  });

  it('an outage: failNextRequests answers SlowDown; the SDK retries and gives up after 3 attempts', async () => {
    const before = fake.requests.length;
    fake.failNextRequests(3, 503);
    expect(await s3Error(s3.send(new GetObjectCommand({ Bucket, Key: 'x' })))).toEqual({
      name: 'SlowDown',
      status: 503,
    });
    expect(fake.requests.slice(before).map((r) => r.code)).toEqual(['SlowDown', 'SlowDown', 'SlowDown']);
  });
});

describe('S3 stand-in: signatures', () => {
  it('wrong secret → SignatureDoesNotMatch; unknown key id → InvalidAccessKeyId; wrong region → malformed', async () => {
    const wrongSecret = client({ credentials: { accessKeyId: fake.accessKeyId, secretAccessKey: 'wrong' } });
    const unknownKey = client({ credentials: { accessKeyId: 'AKIAUNKNOWN', secretAccessKey: fake.secretAccessKey } });
    const wrongRegion = client({ region: 'eu-west-1' });
    try {
      expect(await s3Error(wrongSecret.send(new PutObjectCommand({ Bucket, Key: 'x', Body: bytes('x') })))).toEqual({
        name: 'SignatureDoesNotMatch',
        status: 403,
      });
      expect(await s3Error(unknownKey.send(new GetObjectCommand({ Bucket, Key: 'x' })))).toEqual({
        name: 'InvalidAccessKeyId',
        status: 403,
      });
      expect(await s3Error(wrongRegion.send(new GetObjectCommand({ Bucket, Key: 'x' })))).toEqual({
        name: 'AuthorizationHeaderMalformed',
        status: 400,
      });
      expect(fake.keys()).toEqual([]);
    } finally {
      for (const c of [wrongSecret, unknownKey, wrongRegion]) c.destroy();
    }
  });

  it('a request without any signature is AccessDenied, with S3’s XML error body', async () => {
    await s3.send(new PutObjectCommand({ Bucket, Key: 'private.txt', Body: bytes('secret') }));
    const res = await fetch(`${fake.url}/${Bucket}/private.txt`);
    expect(res.status).toBe(403);
    const body = await errorBody(res);
    expect(body).toMatchObject({ Code: 'AccessDenied', Message: 'Access Denied', RequestId: expect.any(String) });
    expect(res.headers.get('x-amz-request-id')).toBe(body.RequestId);
    const put = await fetch(`${fake.url}/${Bucket}/private.txt`, { method: 'PUT', body: 'overwritten' });
    expect(put.status).toBe(403);
    expect(fake.object('private.txt')?.body.toString()).toBe('secret');
  });

  it('a presigned GET serves the object with the signed type and disposition until it expires', async () => {
    await s3.send(
      new PutObjectCommand({
        Bucket,
        Key: 'files/report.pdf',
        Body: bytes('%PDF-1.7'),
        ContentType: 'application/pdf',
      }),
    );
    const url = await getSignedUrl(
      s3,
      new GetObjectCommand({
        Bucket,
        Key: 'files/report.pdf',
        ResponseContentType: 'application/pdf',
        ResponseContentDisposition: 'attachment; filename="report.pdf"',
      }),
      { expiresIn: 60 },
    );
    const ok = await fetch(url);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('application/pdf');
    expect(ok.headers.get('content-disposition')).toBe('attachment; filename="report.pdf"');
    expect(await ok.text()).toBe('%PDF-1.7');
    const head = await fetch(await getSignedUrl(s3, new HeadObjectCommand({ Bucket, Key: 'files/report.pdf' })), {
      method: 'HEAD',
    });
    expect([head.status, head.headers.get('content-length')]).toEqual([200, '8']);

    // X-Amz-Date holds whole seconds and real time keeps passing under the fake clock, so the URL is
    // checked a few seconds inside its 60 s life, not one (that flaked on a loaded CI machine).
    fake.advanceTime(55_000);
    expect((await fetch(url)).status).toBe(200);
    fake.advanceTime(7_000);
    const expired = await fetch(url);
    expect(expired.status).toBe(403);
    expect(await errorBody(expired)).toMatchObject({
      Code: 'AccessDenied',
      Message: 'Request has expired',
      'X-Amz-Expires': '60',
    });
  });

  it('a presigned URL whose signature, key, expiry or response headers were changed → SignatureDoesNotMatch', async () => {
    await s3.send(new PutObjectCommand({ Bucket, Key: 'files/a.webp', Body: bytes('a') }));
    await s3.send(new PutObjectCommand({ Bucket, Key: 'files/b.webp', Body: bytes('b') }));
    const url = new URL(
      // Long enough for the clock moved by the test above.
      await getSignedUrl(s3, new GetObjectCommand({ Bucket, Key: 'files/a.webp', ResponseContentType: 'image/webp' }), {
        expiresIn: 3600,
      }),
    );
    const changed = (change: (u: URL) => void) => {
      const copy = new URL(url);
      change(copy);
      return copy;
    };
    const signature = url.searchParams.get('X-Amz-Signature') ?? '';
    const tampered = [
      changed((u) =>
        u.searchParams.set('X-Amz-Signature', `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`),
      ),
      changed((u) => {
        u.pathname = u.pathname.replace('a.webp', 'b.webp');
      }),
      changed((u) => u.searchParams.set('X-Amz-Expires', '7200')),
      changed((u) => u.searchParams.set('response-content-type', 'text/html')),
      changed((u) => u.searchParams.append('response-content-disposition', 'attachment')),
    ];
    for (const bad of tampered) {
      const res = await fetch(bad);
      expect(res.status, bad.toString()).toBe(403);
      expect((await errorBody(res)).Code).toBe('SignatureDoesNotMatch');
    }
    const missing = changed((u) => u.searchParams.delete('X-Amz-Signature'));
    expect((await errorBody(await fetch(missing))).Code).toBe('AuthorizationQueryParametersError');
    expect((await fetch(url)).status).toBe(200);
  });
});
