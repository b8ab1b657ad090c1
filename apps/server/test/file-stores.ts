import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { type S3Fake, startS3Fake } from '@polymath/provider-fakes';
import { afterAll, beforeAll, describe } from 'vitest';
import { createDiskFileStore, type FileStore } from '../src/lib/storage/file-store.ts';
import { createS3FileStore, type S3Settings } from '../src/lib/storage/s3-file-store.ts';
import { type DatabaseContext, type DatabaseSuiteOptions, describeEachDatabase } from './databases.ts';

/**
 * File store harness for server tests. createTestDeps keeps files on disk; a suite declared with
 * describeEachFileStore runs once with files on disk and once in a bucket of the local S3 stand-in
 * (packages/provider-fakes), through the real AWS SDK, and passes the store to the app as
 * `createTestApp(db, { files: store.files })`.
 */

export type FileStoreKind = FileStore['kind'];

export type TestFileStore = {
  kind: FileStoreKind;
  files: FileStore;
  /**
   * The keys stored under `folder` (every key when omitted), sorted, read from the storage itself
   * (the folder on disk, the stand-in's bucket) rather than through the store under test.
   */
  keys(folder?: string): string[];
  /** The content type S3 keeps with a file (null on disk, which keeps none; undefined when missing). */
  storedType(key: string): string | null | undefined;
};

export type FileStoreContext = {
  readonly kind: FileStoreKind;
  /** A fresh, empty store: DATA_DIR/files on disk, or a prefix of its own in the stand-in's bucket. */
  open(dataDir: string): Promise<TestFileStore>;
  /** The S3 stand-in the suite's stores live in (S3 only; throws on disk). */
  readonly fake: S3Fake;
};

/** Starts an S3 stand-in with one bucket; close it when done. */
export function startTestS3(): Promise<S3Fake> {
  return startS3Fake({ buckets: ['polymath-test'] });
}

/** The settings that point createS3FileStore at the stand-in (path-style), with overrides. */
export function fakeS3Settings(fake: S3Fake, overrides: Partial<S3Settings> = {}): S3Settings {
  return {
    bucket: fake.buckets[0] ?? 'polymath-test',
    region: fake.region,
    endpoint: fake.url,
    accessKeyId: fake.accessKeyId,
    secretAccessKey: fake.secretAccessKey,
    forcePathStyle: true,
    ...overrides,
  };
}

/** Every file under `root`, as `/`-separated keys; temp files of unfinished writes left out. */
function diskKeys(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.tmp'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

export async function openTestFileStore(kind: FileStoreKind, dataDir: string, fake?: S3Fake): Promise<TestFileStore> {
  if (kind === 'disk') {
    const root = join(dataDir, 'files');
    return {
      kind,
      files: createDiskFileStore(root),
      keys: (folder) => diskKeys(root).filter((key) => !folder || key.startsWith(`${folder}/`)),
      storedType: (key) => (existsSync(join(root, key)) ? null : undefined),
    };
  }
  if (!fake) throw new Error('an S3 test store needs the stand-in');
  const prefix = `t-${randomBytes(6).toString('hex')}`;
  return {
    kind,
    files: await createS3FileStore(fakeS3Settings(fake, { prefix })),
    keys: (folder) => fake.keys(`${prefix}/${folder ? `${folder}/` : ''}`).map((key) => key.slice(prefix.length + 1)),
    storedType: (key) => fake.object(`${prefix}/${key}`)?.contentType,
  };
}

/**
 * Declares `fn`'s tests once per file store: on disk, then in the S3 stand-in (started in beforeAll,
 * closed in afterAll). Each test opens its own empty store with ctx.open(dataDir).
 */
export function describeEachFileStore(name: string, fn: (ctx: FileStoreContext) => void): void {
  for (const kind of ['disk', 's3'] as const) {
    describe(`${name} [files: ${kind}]`, () => {
      let fake: S3Fake | undefined;
      if (kind === 's3') {
        beforeAll(async () => {
          fake = await startTestS3();
        });
        afterAll(async () => {
          await fake?.close();
          fake = undefined;
        });
      }
      fn({
        kind,
        open: (dataDir) => openTestFileStore(kind, dataDir, fake),
        get fake(): S3Fake {
          if (!fake) throw new Error(`no S3 stand-in for files on ${kind}`);
          return fake;
        },
      });
    });
  }
}

/** describeEachDatabase × describeEachFileStore: `fn`'s tests on every database, each with both stores. */
export function describeEachDatabaseAndFileStore(
  name: string,
  fn: (db: DatabaseContext, fileStores: FileStoreContext) => void,
): void;
export function describeEachDatabaseAndFileStore(
  name: string,
  options: DatabaseSuiteOptions,
  fn: (db: DatabaseContext, fileStores: FileStoreContext) => void,
): void;
export function describeEachDatabaseAndFileStore(
  name: string,
  optionsOrFn: DatabaseSuiteOptions | ((db: DatabaseContext, fileStores: FileStoreContext) => void),
  maybeFn?: (db: DatabaseContext, fileStores: FileStoreContext) => void,
): void {
  const [options, fn] = typeof optionsOrFn === 'function' ? [{}, optionsOrFn] : [optionsOrFn, maybeFn];
  if (!fn) throw new Error(`describeEachDatabaseAndFileStore('${name}'): the tests are missing`);
  describeEachDatabase(name, options, (db) => describeEachFileStore('stored', (fileStores) => fn(db, fileStores)));
}
