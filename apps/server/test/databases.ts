import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { createApp } from '../src/app.ts';
import type { AppDeps } from '../src/app-env.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { loadEnv } from '../src/env.ts';
import { createLogger } from '../src/lib/logger.ts';
import { createMailer } from '../src/lib/mail/mailer.ts';
import type { StaticFile } from '../src/lib/static-files.ts';
import { createDiskFileStore } from '../src/lib/storage/file-store.ts';

/**
 * Database harness for server tests.
 *
 * Every suite declared with describeEachDatabase runs once on an in-memory PGlite and, when
 * TEST_DATABASE_URL is set, once more on a brand-new PostgreSQL database created from that URL
 * (CREATE DATABASE t_<random>, migrated, dropped WITH (FORCE) afterwards). Without the variable the
 * PostgreSQL copy of the suite is declared skipped, so the report shows it did not run.
 */

export type DatabaseKind = Database['kind'];

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;

/** A migrated database for one suite; `database` is available inside tests and hooks. */
export type DatabaseContext = {
  readonly kind: DatabaseKind;
  readonly database: Database;
};

export type TestDatabase = {
  database: Database;
  /** Closes the database and, for PostgreSQL, drops it. */
  dispose(): Promise<void>;
};

/** Opens a fresh, migrated database of the given kind. PostgreSQL needs TEST_DATABASE_URL. */
export async function openTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await openDatabase({});
    await database.migrate();
    let disposed = false;
    return {
      database,
      async dispose() {
        if (disposed) return;
        disposed = true;
        // A test may have closed it already (readiness with a closed database).
        await database.close().catch(() => {});
      },
    };
  }
  const scratch = await createScratchPostgres();
  let database: Database | undefined;
  try {
    database = await openDatabase({ url: scratch.url });
    await database.migrate();
  } catch (err) {
    await database?.close().catch(() => {});
    await scratch.drop().catch(() => {});
    throw err;
  }
  const opened = database;
  let disposed = false;
  return {
    database: opened,
    async dispose() {
      if (disposed) return;
      disposed = true;
      await opened.close().catch(() => {});
      await scratch.drop();
    },
  };
}

/**
 * Creates an empty PostgreSQL database (t_<random>) next to TEST_DATABASE_URL's and returns its URL;
 * drop() removes it even if connections are still open. For tests that run the server as a process.
 */
export async function createScratchPostgres(): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const name = `t_${Date.now().toString(36)}_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE "${name}"`);
  return {
    name,
    url: databaseUrl(TEST_DATABASE_URL, name),
    drop: () => adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

/** The kinds the current run covers: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function testDatabaseKinds(): DatabaseKind[] {
  return TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * Declares `fn`'s tests once per database. Each copy gets its own fresh, migrated database for the
 * whole suite (opened in beforeAll, closed and dropped in afterAll).
 */
export function describeEachDatabase(name: string, fn: (ctx: DatabaseContext) => void): void {
  for (const kind of ['pglite', 'postgres'] as const) {
    if (kind === 'postgres' && !TEST_DATABASE_URL) {
      // Declared (so the tests are listed) but skipped: visible in the report, never a silent pass.
      describe.skip(`${name} [postgres: skipped, TEST_DATABASE_URL is not set]`, () => {
        fn(unavailableContext(kind));
      });
      continue;
    }
    describe(`${name} [${kind}]`, () => {
      let opened: TestDatabase | undefined;
      const ctx: DatabaseContext = {
        kind,
        get database() {
          if (!opened) throw new Error(`the ${kind} test database is not open (use it inside tests or hooks)`);
          return opened.database;
        },
      };
      beforeAll(async () => {
        opened = await openTestDatabase(kind);
      });
      afterAll(async () => {
        await opened?.dispose();
        opened = undefined;
      });
      fn(ctx);
    });
  }
}

function unavailableContext(kind: DatabaseKind): DatabaseContext {
  return {
    kind,
    get database(): Database {
      throw new Error('TEST_DATABASE_URL is not set');
    },
  };
}

function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end().catch(() => {});
  }
}

// ---------------------------------------------------------------------------------------------
// App factory

let tmpDataDir: string | undefined;

/** One empty temp directory per test worker, removed when the worker exits. */
function testDataDir(): string {
  if (!tmpDataDir) {
    const dir = mkdtempSync(join(tmpdir(), 'polymath-test-'));
    tmpDataDir = dir;
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  }
  return tmpDataDir;
}

export type TestAppOverrides = {
  /** Extra environment variables, on top of NODE_ENV=test, LOG_LEVEL=silent and a temp DATA_DIR. */
  env?: Record<string, string | undefined>;
  staticFiles?: Map<string, StaticFile>;
  lifecycle?: { draining: boolean };
  logger?: AppDeps['logger'];
  secrets?: AppDeps['secrets'];
  /** Default: the outbox mailer writing to DATA_DIR/outbox. */
  mailer?: AppDeps['mailer'];
  /** Default: files on disk under DATA_DIR/files. For files in the S3 stand-in, see file-stores.ts. */
  files?: AppDeps['files'];
};

/** A fixed test secret (at least 32 characters, like SESSION_SECRET). */
export const TEST_SECRETS: AppDeps['secrets'] = { sessionSecret: 'test-session-secret-0123456789abcdefghijklmnop' };

/** The AppDeps createApp needs, for tests: silent logs, no web build, not draining. */
export function createTestDeps(database: Database, overrides: TestAppOverrides = {}): AppDeps {
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: testDataDir(), ...overrides.env });
  const logger = overrides.logger ?? createLogger('silent');
  return {
    env,
    database,
    db: database.db,
    logger,
    staticFiles: overrides.staticFiles ?? new Map(),
    lifecycle: overrides.lifecycle ?? { draining: false },
    secrets: overrides.secrets ?? TEST_SECRETS,
    mailer:
      overrides.mailer ?? createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, dataDir: env.DATA_DIR, logger }),
    files: overrides.files ?? createDiskFileStore(join(env.DATA_DIR, 'files')),
  };
}

export function createTestApp(database: Database, overrides: TestAppOverrides = {}) {
  return createApp(createTestDeps(database, overrides));
}
