/**
 * A local stand-in for Amazon S3 (and S3-compatible stores: MinIO, R2, …) on S3's REST paths and wire
 * format, so the real AWS SDK v3 and browsers holding presigned URLs can be pointed at it:
 *
 *   new S3Client({ endpoint: fake.url, region: fake.region, forcePathStyle: true,
 *                  credentials: { accessKeyId: fake.accessKeyId, secretAccessKey: fake.secretAccessKey } })
 *
 *   PUT    /:bucket/:key                    PutObject (Content-MD5 and x-amz-checksum-* are verified)
 *   GET    /:bucket/:key                    GetObject, with response-content-type/-disposition/… overrides
 *   HEAD   /:bucket/:key                    HeadObject
 *   DELETE /:bucket/:key                    DeleteObject (a missing key is not an error, as on S3)
 *   GET    /:bucket?list-type=2             ListObjectsV2: prefix, delimiter, max-keys, start-after,
 *                                           continuation-token, encoding-type=url
 *   POST   /:bucket?delete                  DeleteObjects (at most 1000 keys; Content-MD5 or a checksum required)
 *   HEAD   /:bucket                         HeadBucket
 *
 * Virtual-hosted addressing (Host: <bucket>.<host>) works too. The buckets are private: every request
 * must be signed with Signature Version 4, in the Authorization header or as a presigned URL's query
 * (X-Amz-Expires checked against the stand-in's clock, which tests can move with advanceTime). Errors
 * are S3's XML error documents with S3's codes and statuses. Everything else answers NotImplemented.
 * Objects live in memory.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';
import {
  accessDenied,
  badDigest,
  errorXml,
  invalidArgument,
  malformedXml,
  methodNotAllowed,
  noSuchBucket,
  noSuchKey,
  notImplemented,
  S3FakeError,
  serviceFailure,
} from './s3-errors.ts';
import { parseDeleteRequest, xmlDocument, xmlElement } from './s3-xml.ts';
import { parseQuery, type QueryPair, verifySigV4 } from './sigv4.ts';

export interface S3FakeOptions {
  /** 0 (the default) = any free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** The region signatures must be scoped to. Default us-east-1. */
  region?: string;
  /** Buckets that exist (empty). Default ['polymath-test']. */
  buckets?: string[];
  /** The one key pair the stand-in accepts. Default: a random pair per start. */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Largest object accepted. Default 64 MiB. */
  maxObjectBytes?: number;
  /** Milliseconds since the epoch; default Date.now. advanceTime() moves it further. */
  now?: () => number;
}

export type S3FakeObject = {
  body: Buffer;
  contentType: string;
  /** The quoted MD5 of the body, as S3 gives it for a single-part upload. */
  etag: string;
  lastModified: Date;
};

export type S3FakeRequest = {
  method: string;
  /** The path as sent (percent-encoded), without the query. */
  path: string;
  /** How it was signed. */
  auth: 'header' | 'query' | 'anonymous';
  status: number;
  /** S3's error code when it failed. */
  code?: string;
};

export interface S3Fake {
  /** http://host:port, the endpoint for path-style requests. */
  url: string;
  host: string;
  port: number;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  buckets: readonly string[];
  /** The S3_* settings that point the Polymath server at this stand-in (path-style). */
  env(bucket?: string): Record<string, string>;
  /** The keys in a bucket (default: the first), in S3's order (UTF-8 bytes); only those under `prefix` when given. */
  keys(prefix?: string, bucket?: string): string[];
  /** A stored object, as S3 keeps it. */
  object(key: string, bucket?: string): S3FakeObject | undefined;
  /** Every request received, in order. */
  requests: S3FakeRequest[];
  /** The stand-in's clock (ms since the epoch): presigned URLs expire and request times are checked by it. */
  now(): number;
  /** Moves the stand-in's clock forward, to expire presigned URLs without waiting. */
  advanceTime(ms: number): void;
  /**
   * The next n requests fail with S3's InternalError (500) or SlowDown (503), to simulate an outage. The
   * AWS SDK retries these (3 attempts by default), and each attempt counts.
   */
  failNextRequests(n: number, status?: 500 | 503): void;
  close(): Promise<void>;
}

const DEFAULT_BUCKET = 'polymath-test';
const MAX_DELETE_KEYS = 1000;
const MAX_LIST_KEYS = 1000;
/** S3 bucket naming rules, as far as the stand-in needs them. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
/** GetObject query parameters that override the response's headers. */
const RESPONSE_OVERRIDES: Record<string, string> = {
  'response-content-type': 'content-type',
  'response-content-disposition': 'content-disposition',
  'response-content-language': 'content-language',
  'response-content-encoding': 'content-encoding',
  'response-cache-control': 'cache-control',
  'response-expires': 'expires',
};

type Bucket = Map<string, S3FakeObject>;

/** S3 lists keys in the order of their UTF-8 bytes. */
const byUtf8 = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

export async function startS3Fake(options: S3FakeOptions = {}): Promise<S3Fake> {
  const host = options.host ?? '127.0.0.1';
  const region = options.region ?? 'us-east-1';
  const accessKeyId = options.accessKeyId ?? `FAKE${randomBytes(8).toString('hex').toUpperCase()}`;
  const secretAccessKey = options.secretAccessKey ?? randomBytes(30).toString('base64');
  const maxObjectBytes = options.maxObjectBytes ?? 64 * 1024 * 1024;
  const baseNow = options.now ?? Date.now;
  let offsetMs = 0;
  const now = () => baseNow() + offsetMs;

  const bucketNames = options.buckets ?? [DEFAULT_BUCKET];
  for (const name of bucketNames) {
    if (!BUCKET_NAME.test(name)) throw new Error(`S3 stand-in: invalid bucket name ${JSON.stringify(name)}`);
  }
  const buckets = new Map<string, Bucket>(bucketNames.map((name) => [name, new Map()]));
  const requests: S3FakeRequest[] = [];
  const failing = { remaining: 0, status: 500 as 500 | 503 };
  const hostId = randomBytes(24).toString('base64');

  // ------------------------------------------------------------------------------------ answers

  function send(
    res: ServerResponse,
    status: number,
    headers: Record<string, string | number>,
    body?: string | Buffer,
    headOnly = false,
  ): void {
    const payload = typeof body === 'string' ? Buffer.from(body) : body;
    res.writeHead(status, {
      'x-amz-request-id': res.getHeader('x-amz-request-id') as string,
      'x-amz-id-2': hostId,
      date: new Date(now()).toUTCString(),
      server: 'AmazonS3',
      ...(payload && !headOnly ? { 'content-length': payload.length } : {}),
      ...headers,
    });
    res.end(headOnly ? undefined : payload);
  }

  function sendXml(res: ServerResponse, xml: string): void {
    send(res, 200, { 'content-type': 'application/xml' }, xml);
  }

  function sendError(res: ServerResponse, error: S3FakeError, method: string): void {
    const requestId = res.getHeader('x-amz-request-id') as string;
    // HEAD answers carry no body, on errors too.
    if (method === 'HEAD') {
      send(res, error.status, {});
      return;
    }
    send(res, error.status, { 'content-type': 'application/xml' }, errorXml(error, requestId, hostId));
  }

  // ------------------------------------------------------------------------------------ requests

  function readBody(req: IncomingMessage): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      req.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxObjectBytes) {
          reject(
            new S3FakeError(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size', {
              MaxSizeAllowed: String(maxObjectBytes),
            }),
          );
          req.resume();
          return;
        }
        chunks.push(chunk);
      });
      req.on('end', () => resolve(Buffer.concat(chunks)));
      req.on('error', reject);
    });
  }

  /** Path-style (/bucket/key) or virtual-hosted (Host: bucket.host, /key). */
  function target(req: IncomingMessage, rawPath: string): { bucket: string; key: string } {
    const hostname = (req.headers.host ?? '').replace(/:\d+$/, '');
    const virtual = [...buckets.keys()].find((name) => hostname.startsWith(`${name}.`));
    const decode = (s: string) => {
      try {
        return decodeURIComponent(s);
      } catch {
        throw new S3FakeError(400, 'InvalidURI', "Couldn't parse the specified URI.", { URI: rawPath });
      }
    };
    if (virtual) return { bucket: virtual, key: decode(rawPath.slice(1)) };
    const [, bucket = '', ...rest] = rawPath.split('/');
    return { bucket: decode(bucket), key: decode(rest.join('/')) };
  }

  /** Content-MD5 and the x-amz-checksum-* headers S3 verifies against the body it received. */
  function checkDigests(req: IncomingMessage, body: Buffer): void {
    const header = (name: string) => {
      const value = req.headers[name];
      return typeof value === 'string' ? value.trim() : undefined;
    };
    const md5 = header('content-md5');
    if (md5 !== undefined) {
      if (Buffer.from(md5, 'base64').length !== 16) {
        throw new S3FakeError(400, 'InvalidDigest', 'The Content-MD5 you specified was invalid.', {
          'Content-MD5': md5,
        });
      }
      if (createHash('md5').update(body).digest('base64') !== md5) {
        throw badDigest('The Content-MD5 you specified did not match what we received.');
      }
    }
    const checks: [string, string, () => string][] = [
      ['x-amz-checksum-crc32', 'CRC32', () => crc32Base64(body)],
      ['x-amz-checksum-sha1', 'SHA1', () => createHash('sha1').update(body).digest('base64')],
      ['x-amz-checksum-sha256', 'SHA256', () => createHash('sha256').update(body).digest('base64')],
    ];
    for (const [name, label, compute] of checks) {
      const given = header(name);
      if (given !== undefined && given !== compute()) {
        throw badDigest(`The ${label} you specified did not match the calculated checksum.`);
      }
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse, entry: S3FakeRequest): Promise<void> {
    const method = req.method ?? 'GET';
    const rawUrl = req.url ?? '/';
    const queryAt = rawUrl.indexOf('?');
    const rawPath = queryAt < 0 ? rawUrl : rawUrl.slice(0, queryAt);
    const query = parseQuery(queryAt < 0 ? '' : rawUrl.slice(queryAt + 1));
    entry.path = rawPath;

    if (failing.remaining > 0) {
      failing.remaining--;
      throw serviceFailure(failing.status);
    }
    const verified = verifySigV4(
      { method, rawPath, query, headers: req.headers },
      { region, now: now(), secretOf: (id) => (id === accessKeyId ? secretAccessKey : undefined) },
    );
    entry.auth = verified.kind;
    // Private buckets: nothing is served to anyone who did not sign.
    if (verified.kind === 'anonymous') throw accessDenied();

    const { bucket: bucketName, key } = target(req, rawPath);
    if (bucketName === '') throw notImplemented('ListBuckets');
    const bucket = buckets.get(bucketName);
    if (!bucket) throw noSuchBucket(bucketName);

    if (method === 'PUT' && req.headers['content-length'] === undefined) {
      throw new S3FakeError(411, 'MissingContentLength', 'You must provide the Content-Length HTTP header.');
    }
    const body = await readBody(req);
    if (verified.payloadHash !== 'UNSIGNED-PAYLOAD') {
      const computed = createHash('sha256').update(body).digest('hex');
      if (computed !== verified.payloadHash) {
        throw new S3FakeError(
          400,
          'XAmzContentSHA256Mismatch',
          "The provided 'x-amz-content-sha256' header does not match what was computed.",
          { ClientComputedContentSHA256: verified.payloadHash, S3ComputedContentSHA256: computed },
        );
      }
    }
    checkDigests(req, body);

    if (key === '') {
      routeBucket(res, method, bucketName, bucket, query, req, body);
      return;
    }
    routeObject(res, method, bucket, key, query, req, body);
  }

  function routeObject(
    res: ServerResponse,
    method: string,
    bucket: Bucket,
    key: string,
    query: QueryPair[],
    req: IncomingMessage,
    body: Buffer,
  ): void {
    if (query.some(([name]) => !name.startsWith('X-Amz-') && !name.startsWith('response-') && name !== 'x-id')) {
      throw notImplemented(`?${query.map(([n]) => n).join('&')}`);
    }
    switch (method) {
      case 'PUT': {
        if (req.headers['x-amz-copy-source']) throw notImplemented('x-amz-copy-source');
        const contentType = req.headers['content-type'] || 'binary/octet-stream';
        const etag = `"${createHash('md5').update(body).digest('hex')}"`;
        bucket.set(key, { body, contentType, etag, lastModified: new Date(Math.floor(now() / 1000) * 1000) });
        send(res, 200, { etag });
        return;
      }
      case 'GET':
      case 'HEAD': {
        const object = bucket.get(key);
        if (!object) throw noSuchKey(key);
        const headers: Record<string, string | number> = {
          'content-type': object.contentType,
          'content-length': object.body.length,
          etag: object.etag,
          'last-modified': object.lastModified.toUTCString(),
        };
        for (const [name, value] of query) {
          const header = RESPONSE_OVERRIDES[name];
          if (header) headers[header] = value;
        }
        send(res, 200, headers, object.body, method === 'HEAD');
        return;
      }
      case 'DELETE':
        bucket.delete(key);
        send(res, 204, {});
        return;
      default:
        throw methodNotAllowed(method, 'OBJECT');
    }
  }

  function routeBucket(
    res: ServerResponse,
    method: string,
    name: string,
    bucket: Bucket,
    query: QueryPair[],
    req: IncomingMessage,
    body: Buffer,
  ): void {
    const param = (n: string) => query.find(([q]) => q === n)?.[1];
    if (method === 'HEAD' && query.every(([n]) => n.startsWith('X-Amz-'))) {
      send(res, 200, { 'x-amz-bucket-region': region });
      return;
    }
    if (method === 'GET' && param('list-type') === '2') {
      sendXml(res, listObjectsV2(name, bucket, param));
      return;
    }
    if (method === 'POST' && param('delete') !== undefined) {
      const hasDigest =
        req.headers['content-md5'] !== undefined ||
        Object.keys(req.headers).some((h) => h.startsWith('x-amz-checksum-'));
      if (!hasDigest) {
        throw new S3FakeError(400, 'InvalidRequest', 'Missing required header for this request: Content-MD5');
      }
      const parsed = parseDeleteRequest(body.toString('utf8'));
      if (!parsed || parsed.keys.length > MAX_DELETE_KEYS) throw malformedXml();
      for (const key of parsed.keys) bucket.delete(key);
      const deleted = parsed.quiet
        ? ''
        : parsed.keys.map((key) => `<Deleted>${xmlElement('Key', key)}</Deleted>`).join('');
      sendXml(res, xmlDocument('DeleteResult', deleted));
      return;
    }
    throw notImplemented(`${method} ?${query.map(([n]) => n).join('&')}`);
  }

  function listObjectsV2(name: string, bucket: Bucket, param: (n: string) => string | undefined): string {
    const prefix = param('prefix') ?? '';
    const delimiter = param('delimiter') || undefined;
    const encoding = param('encoding-type');
    if (encoding !== undefined && encoding !== 'url') {
      throw invalidArgument('Invalid Encoding Method specified in Request', 'encoding-type', encoding);
    }
    const maxKeysText = param('max-keys');
    const maxKeys = maxKeysText === undefined ? MAX_LIST_KEYS : Number(maxKeysText);
    if (!Number.isInteger(maxKeys) || maxKeys < 0) {
      throw invalidArgument(
        'Provided max-keys not an integer or within integer range',
        'max-keys',
        String(maxKeysText),
      );
    }
    const token = param('continuation-token');
    let after = param('start-after') ?? '';
    if (token !== undefined) {
      const decoded = Buffer.from(token, 'base64url').toString('utf8');
      if (token === '' || Buffer.from(decoded).toString('base64url') !== token) {
        throw invalidArgument('The continuation token provided is incorrect', 'continuation-token', token);
      }
      after = decoded;
    }

    // Keys after the marker, under the prefix; with a delimiter, keys sharing the part up to it roll up
    // into one CommonPrefix, which counts as one entry. A page ending on one resumes after every key
    // under it: its marker is the prefix followed by the highest code point.
    const limit = Math.min(maxKeys, MAX_LIST_KEYS);
    const contents: [string, S3FakeObject][] = [];
    const commonPrefixes: string[] = [];
    let last: string | undefined;
    let truncated = false;
    for (const key of [...bucket.keys()].sort(byUtf8)) {
      if (!key.startsWith(prefix) || byUtf8(key, after) <= 0) continue;
      const rollUp = delimiter ? key.indexOf(delimiter, prefix.length) : -1;
      const common = rollUp >= 0 && delimiter ? key.slice(0, rollUp + delimiter.length) : undefined;
      if (common && commonPrefixes.at(-1) === common) continue;
      if (contents.length + commonPrefixes.length >= limit) {
        truncated = true;
        break;
      }
      if (common) {
        commonPrefixes.push(common);
        last = `${common}\u{10FFFF}`;
      } else {
        contents.push([key, bucket.get(key) as S3FakeObject]);
        last = key;
      }
    }
    const encode = (value: string) => (encoding === 'url' ? encodeURIComponent(value).replace(/%2F/g, '/') : value);
    return xmlDocument(
      'ListBucketResult',
      xmlElement('Name', name) +
        xmlElement('Prefix', encode(prefix)) +
        xmlElement('Delimiter', delimiter && encode(delimiter)) +
        xmlElement('MaxKeys', maxKeys) +
        xmlElement('KeyCount', contents.length + commonPrefixes.length) +
        xmlElement('IsTruncated', truncated) +
        xmlElement('EncodingType', encoding) +
        xmlElement('ContinuationToken', token) +
        xmlElement('NextContinuationToken', truncated && last ? Buffer.from(last).toString('base64url') : undefined) +
        xmlElement('StartAfter', param('start-after') && encode(param('start-after') ?? '')) +
        contents
          .map(
            ([key, object]) =>
              `<Contents>${xmlElement('Key', encode(key))}${xmlElement('LastModified', object.lastModified.toISOString())}` +
              `${xmlElement('ETag', object.etag)}${xmlElement('Size', object.body.length)}` +
              `${xmlElement('StorageClass', 'STANDARD')}</Contents>`,
          )
          .join('') +
        commonPrefixes.map((p) => `<CommonPrefixes>${xmlElement('Prefix', encode(p))}</CommonPrefixes>`).join(''),
    );
  }

  // ------------------------------------------------------------------------------------ server

  const server = createServer((req, res) => {
    res.setHeader('x-amz-request-id', randomBytes(8).toString('hex').toUpperCase());
    const entry: S3FakeRequest = { method: req.method ?? 'GET', path: '', auth: 'anonymous', status: 0 };
    requests.push(entry);
    res.on('finish', () => {
      entry.status = res.statusCode;
    });
    handle(req, res, entry).catch((err: unknown) => {
      if (res.headersSent || res.destroyed) {
        res.destroy();
        return;
      }
      const error =
        err instanceof S3FakeError
          ? err
          : new S3FakeError(
              500,
              'InternalError',
              `S3 stand-in error: ${err instanceof Error ? err.message : String(err)}`,
            );
      entry.code = error.code;
      // Whatever of the body was not read is dropped, so the connection stays usable.
      req.resume();
      sendError(res, error, req.method ?? 'GET');
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: options.port ?? 0, host }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host}:${port}`;
  const firstBucket = bucketNames[0] ?? DEFAULT_BUCKET;
  const bucketOf = (name = firstBucket) => {
    const bucket = buckets.get(name);
    if (!bucket) throw new Error(`S3 stand-in: no bucket ${name}`);
    return bucket;
  };

  return {
    url,
    host,
    port,
    region,
    accessKeyId,
    secretAccessKey,
    buckets: bucketNames,
    env: (bucket = firstBucket) => ({
      S3_BUCKET: bucket,
      S3_REGION: region,
      S3_ENDPOINT: url,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    }),
    keys: (prefix = '', bucket) => [...bucketOf(bucket).keys()].filter((key) => key.startsWith(prefix)).sort(byUtf8),
    object: (key, bucket) => {
      const stored = bucketOf(bucket).get(key);
      return stored ? { ...stored, body: Buffer.from(stored.body) } : undefined;
    },
    requests,
    now,
    advanceTime: (ms) => {
      if (!Number.isFinite(ms) || ms < 0) throw new Error('advanceTime: ms must be a finite number ≥ 0');
      offsetMs += ms;
    },
    failNextRequests: (n, status = 500) => {
      if (!Number.isInteger(n) || n < 0) throw new Error('failNextRequests: n must be a whole number ≥ 0');
      failing.remaining = n;
      failing.status = status;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function crc32Base64(body: Buffer): string {
  const digest = Buffer.alloc(4);
  digest.writeUInt32BE(crc32(body));
  return digest.toString('base64');
}
