import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  byteCounter,
  checkContentType,
  checkFileFolder,
  checkFileKey,
  checkSignedUrlOptions,
  type FileStore,
} from './file-store.ts';

/** Where the bucket is and how to reach it (env: S3_*; see .env.example). */
export type S3Settings = {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, R2, …); AWS's regional endpoint when unset. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** https://host/bucket/key instead of https://bucket.host/key (MinIO and most local set-ups need it). */
  forcePathStyle: boolean;
  /** A folder inside the bucket holding every file (no slashes around it). */
  prefix?: string;
  /** The endpoint browsers reach, when it is not the server's: signed URLs are made for it. */
  publicUrl?: string;
};

/**
 * A failed S3 call, as the caller logs it: the operation, the key, S3's error code, the HTTP status
 * and request id. Made fresh from the SDK's error, with no cause attached, so nothing of the request
 * (its signed headers, the access key id some S3 errors echo back) reaches a log.
 */
export class FileStoreError extends Error {
  override readonly name = 'FileStoreError';
  readonly code: string;
  readonly status: number | undefined;
  readonly requestId: string | undefined;
  constructor(operation: string, target: string, code: string, status?: number, requestId?: string) {
    super(`S3 ${operation} ${target} failed: ${code}${status ? ` (HTTP ${status})` : ''}`);
    this.code = code;
    this.status = status;
    this.requestId = requestId;
  }
}

type SdkError = { name?: unknown; code?: unknown; $metadata?: { httpStatusCode?: number; requestId?: string } };

function fromSdkError(operation: string, target: string, err: unknown): FileStoreError {
  if (err instanceof FileStoreError) return err;
  const e = (err ?? {}) as SdkError;
  // S3's error code is the SDK error's name; a network failure has a Node code (ECONNREFUSED, …).
  const code =
    typeof e.name === 'string' && e.name !== 'Error' ? e.name : typeof e.code === 'string' ? e.code : 'Error';
  return new FileStoreError(operation, target, code, e.$metadata?.httpStatusCode, e.$metadata?.requestId);
}

/** S3 takes at most this many keys in one DeleteObjects call, and lists at most this many per page. */
const PAGE_SIZE = 1000;

function client(settings: S3Settings, endpoint: string | undefined): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // The SigV4 payload hash already protects every upload; the SDK's extra CRC32 by default is
    // refused or mishandled by several S3-compatible services, so it is sent only where S3 requires
    // one (DeleteObjects).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    // An unreachable store fails a request in seconds instead of holding it open.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
}

/**
 * Files in an S3-compatible bucket, under `settings.prefix` when given. signedUrl presigns a GET
 * (no network call) for `settings.publicUrl` when set. Resolves once the URL origin is known, which
 * takes no network call either: it is read off a URL signed for a throwaway key.
 */
export async function createS3FileStore(settings: S3Settings): Promise<FileStore> {
  const s3 = client(settings, settings.endpoint);
  const signer = settings.publicUrl ? client(settings, settings.publicUrl) : s3;
  const Bucket = settings.bucket;
  const objectKey = (key: string) => (settings.prefix ? `${settings.prefix}/${key}` : key);

  async function call<T>(operation: string, target: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      throw fromSdkError(operation, target, err);
    }
  }

  const presign = (key: string, options: { expiresInSeconds: number; contentType: string; downloadName?: string }) =>
    getSignedUrl(
      signer,
      new GetObjectCommand({
        Bucket,
        Key: objectKey(key),
        ResponseContentType: options.contentType,
        ...(options.downloadName ? { ResponseContentDisposition: attachmentDisposition(options.downloadName) } : {}),
      }),
      { expiresIn: options.expiresInSeconds },
    );
  const urlOrigin = new URL(await presign('origin/probe.txt', { expiresInSeconds: 1, contentType: 'text/plain' }))
    .origin;

  return {
    kind: 's3',
    urlOrigin,
    async put(key, data, options) {
      checkFileKey(key);
      const contentType = options?.contentType ?? 'application/octet-stream';
      checkContentType(contentType);
      await call('PutObject', key, () =>
        s3.send(new PutObjectCommand({ Bucket, Key: objectKey(key), Body: data, ContentType: contentType })),
      );
    },
    async putStream(key, source, options) {
      checkFileKey(key);
      const contentType = options?.contentType ?? 'application/octet-stream';
      checkContentType(contentType);
      // S3 wants an upload's length before its first byte, which a stream being made does not know:
      // the bytes go to a temporary file first (bounded memory whatever the size), then up in one
      // PutObject of that length (S3 takes up to 5 GB so; an export is far smaller). Multipart upload
      // would skip the file at the price of 5 MB+ parts held in memory and more calls to get right.
      const dir = await mkdtemp(join(tmpdir(), 'polymath-upload-'));
      try {
        const file = join(dir, 'body');
        const counter = byteCounter();
        await pipeline(Readable.from(source), counter.stream, createWriteStream(file, { mode: 0o600 }));
        const size = counter.bytes();
        await call('PutObject', key, () =>
          s3.send(
            new PutObjectCommand({
              Bucket,
              Key: objectKey(key),
              Body: createReadStream(file),
              ContentLength: size,
              ContentType: contentType,
            }),
          ),
        );
        return size;
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    async getStream(key) {
      checkFileKey(key);
      try {
        const object = await s3.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        const body = object.Body?.transformToWebStream() ?? new ReadableStream<Uint8Array>({ start: (c) => c.close() });
        return { body: body as ReadableStream<Uint8Array>, size: object.ContentLength ?? 0 };
      } catch (err) {
        if (err instanceof NoSuchKey || (err as SdkError)?.name === 'NoSuchKey') return null;
        throw fromSdkError('GetObject', key, err);
      }
    },
    async get(key) {
      checkFileKey(key);
      try {
        const object = await s3.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        if (!object.Body) return new Uint8Array();
        return await object.Body.transformToByteArray();
      } catch (err) {
        // Only a missing key is "no such file"; a missing bucket (also a 404) is a set-up error.
        if (err instanceof NoSuchKey || (err as SdkError)?.name === 'NoSuchKey') return null;
        throw fromSdkError('GetObject', key, err);
      }
    },
    async delete(key) {
      checkFileKey(key);
      await call('DeleteObject', key, () => s3.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) })));
    },
    async deleteFolder(folder) {
      checkFileFolder(folder);
      const Prefix = `${objectKey(folder)}/`;
      // Page by page: each listed page (at most 1000 keys) is one DeleteObjects call. Deleting what was
      // listed does not disturb the continuation token, which points past the last key listed.
      await call('deleteFolder', folder, async () => {
        for await (const page of paginateListObjectsV2({ client: s3, pageSize: PAGE_SIZE }, { Bucket, Prefix })) {
          const Objects = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
          if (Objects.length === 0) continue;
          const result = await s3.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
          const failed = result.Errors ?? [];
          if (failed.length > 0) {
            const code = `${failed[0]?.Code ?? 'Error'} for ${failed.length} of ${Objects.length} keys`;
            throw new FileStoreError('DeleteObjects', folder, code, result.$metadata.httpStatusCode);
          }
        }
      });
    },
    async signedUrl(key, options) {
      checkFileKey(key);
      checkSignedUrlOptions(options);
      return presign(key, options);
    },
  };
}

/**
 * `attachment; filename="<ASCII fallback>"; filename*=UTF-8''<percent-encoded>` (RFC 6266): every
 * browser saves the file under the real name, and the header cannot be broken by quotes or CR/LF.
 */
export function attachmentDisposition(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  const cleaned = base.replace(/[\p{Cc}\p{Cf}]/gu, '').trim() || 'download';
  const fallback = cleaned.normalize('NFKD').replace(/[^\x20-\x7e]|["%]/g, (c) => (/\p{M}/u.test(c) ? '' : '_'));
  const encoded = encodeURIComponent(cleaned).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
