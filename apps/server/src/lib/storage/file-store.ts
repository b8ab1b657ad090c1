import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where uploaded and generated files live: on disk under DATA_DIR/files (the default), or in an
 * S3-compatible bucket (s3-file-store.ts; createFileStore picks). Keys are `<folder>/<name>` or
 * `<folder>/<sub>/<name>` with names the server chose (see newFileName); nothing a client sends ever
 * becomes part of a key. Every method refuses a key or folder of another shape (it throws).
 */
export type FileStore = {
  readonly kind: 'disk' | 's3';
  /**
   * The origin signedUrl's URLs point at, which the Content-Security-Policy must allow (img-src);
   * null when the app serves its files itself.
   */
  readonly urlOrigin: string | null;
  /** Stores the bytes under `key`, replacing any file there. The content type is kept with the file on S3. */
  put(key: string, data: Uint8Array, options?: { contentType?: string }): Promise<void>;
  /**
   * Stores what `source` yields under `key` without holding it all in memory (a data export's zip):
   * on disk straight into place, in S3 through a temporary file (s3-file-store.ts says why). Nothing
   * is stored when the source fails. Resolves with the bytes stored.
   */
  putStream(key: string, source: AsyncIterable<Uint8Array>, options?: { contentType?: string }): Promise<number>;
  /** The file's bytes, or null when there is no such file. */
  get(key: string): Promise<Uint8Array | null>;
  /** The file as a stream with its size (for files too large to hold), or null when there is no such file. */
  getStream(key: string): Promise<StoredStream | null>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Removes a sub-folder (`<folder>/<sub>`) and everything in it; a missing one is not an error. */
  deleteFolder(folder: string): Promise<void>;
  /**
   * A short-lived URL the browser can fetch the file from directly (S3: a presigned GET with the
   * given content type and, when downloadName is set, Content-Disposition attachment), or null when
   * the app serves its files itself (disk: the caller streams get() through an owner-checked route).
   * Check ownership before asking: whoever holds the URL can read the file until it expires. It is
   * made without asking the store whether the file exists.
   */
  signedUrl(key: string, options: SignedUrlOptions): Promise<string | null>;
};

export type StoredStream = { body: ReadableStream<Uint8Array>; size: number };

export type SignedUrlOptions = {
  /** 1 second to 7 days (S3's limit). */
  expiresInSeconds: number;
  /** The Content-Type the file is served with, whatever it was stored with. */
  contentType: string;
  /** Served as an attachment under this name (a download) instead of inline. */
  downloadName?: string;
};

/**
 * `<folder>/<name>.<ext>` or `<folder>/<sub>/<name>.<ext>`: lowercase folder and sub-folder (one per
 * owner, say), base64url name, lowercase extension.
 */
const KEY = /^[a-z0-9-]{1,32}(?:\/[a-z0-9-]{1,64})?\/[A-Za-z0-9_-]{1,64}\.[a-z0-9]{1,8}$/;
/** Only sub-folders can be removed whole, never a top-level folder. */
const SUB_FOLDER = /^[a-z0-9-]{1,32}\/[a-z0-9-]{1,64}$/;
/** S3's limit on a presigned URL's lifetime; the disk store holds callers to the same rule. */
export const MAX_SIGNED_URL_SECONDS = 7 * 24 * 3600;

export function isValidFileKey(key: string): boolean {
  return KEY.test(key);
}

export function isValidFileFolder(folder: string): boolean {
  return SUB_FOLDER.test(folder);
}

/** Throws on a key that is not ours; every store checks before touching anything. */
export function checkFileKey(key: string): void {
  if (!isValidFileKey(key)) throw new Error('invalid file key');
}

export function checkFileFolder(folder: string): void {
  if (!isValidFileFolder(folder)) throw new Error('invalid folder');
}

export function checkSignedUrlOptions(options: SignedUrlOptions): void {
  const { expiresInSeconds } = options;
  if (!Number.isInteger(expiresInSeconds) || expiresInSeconds < 1 || expiresInSeconds > MAX_SIGNED_URL_SECONDS) {
    throw new RangeError(`expiresInSeconds must be a whole number from 1 to ${MAX_SIGNED_URL_SECONDS}`);
  }
  checkContentType(options.contentType);
}

/** `type/subtype`, optionally with `; name=value` parameters: what may go into a Content-Type header. */
export function checkContentType(contentType: string): void {
  if (!/^[a-z]+\/[a-z0-9.+-]+(?:; ?[a-z0-9-]+=[a-z0-9.-]+)*$/i.test(contentType)) {
    throw new RangeError('contentType must be a media type');
  }
}

/** A random, unguessable file name (128 bits) with the given extension. */
export function newFileName(ext: string): string {
  return `${randomBytes(16).toString('base64url')}.${ext}`;
}

/**
 * Files under `root` (DATA_DIR/files), written atomically (temp file + rename). The browser gets them
 * through the app's owner-checked routes, so signedUrl is null; content types are the routes' to set.
 */
export function createDiskFileStore(root: string): FileStore {
  const pathOf = (key: string) => {
    checkFileKey(key);
    return join(root, key);
  };
  return {
    kind: 'disk',
    urlOrigin: null,
    async put(key, data, options) {
      const path = pathOf(key);
      // Not kept on disk, but checked the same, so a caller's mistake shows before it runs on S3.
      if (options?.contentType !== undefined) checkContentType(options.contentType);
      await mkdir(join(path, '..'), { recursive: true });
      const tmp = `${path}.${randomBytes(4).toString('hex')}.tmp`;
      await writeFile(tmp, data, { mode: 0o600 });
      await rename(tmp, path);
    },
    async putStream(key, source, options) {
      const path = pathOf(key);
      if (options?.contentType !== undefined) checkContentType(options.contentType);
      await mkdir(join(path, '..'), { recursive: true });
      const tmp = `${path}.${randomBytes(4).toString('hex')}.tmp`;
      const counter = byteCounter();
      try {
        await pipeline(Readable.from(source), counter.stream, createWriteStream(tmp, { mode: 0o600 }));
        await rename(tmp, path);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
      return counter.bytes();
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async getStream(key) {
      const path = pathOf(key);
      try {
        const { size } = await stat(path);
        return { body: Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>, size };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async deleteFolder(folder) {
      checkFileFolder(folder);
      await rm(join(root, folder), { recursive: true, force: true });
    },
    async signedUrl(key, options) {
      checkFileKey(key);
      checkSignedUrlOptions(options);
      return null;
    },
  };
}

/** A pass-through that counts the bytes going by. */
export function byteCounter(): { stream: Transform; bytes(): number } {
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, bytes: () => bytes };
}
