import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe } from 'vitest';
import { createApp } from '../src/app.ts';
import type { AppDeps } from '../src/app-env.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { loadEnv } from '../src/env.ts';
import { createLimitStore } from '../src/lib/limits.ts';
import { createLogger } from '../src/lib/logger.ts';
import { createMailer } from '../src/lib/mail/mailer.ts';
import type { StaticFile } from '../src/lib/static-files.ts';
import { createDiskFileStore } from '../src/lib/storage/file-store.ts';
import { adminQuery, databaseUrl, TEST_DATABASE_URL } from './database-admin.ts';
import { provided } from './provided.ts';
import { runTempDir } from './temp-dirs.ts';
import { TEST_PASSWORD_HASHING } from './test-password-hashing.ts';

export { TEST_DATABASE_URL };

/**
 * Database harness for server tests.
 *
 * Every suite declared with describeEachDatabase runs on an in-memory PGlite and, when
 * TEST_DATABASE_URL is set and the rule below says so, once more on a brand-new PostgreSQL database
 * next to that URL's (t_<random>, dropped WITH (FORCE) afterwards). A copy the rule or a missing
 * TEST_DATABASE_URL leaves out is declared skipped, with the reason in its name, so the report
 * shows it did not run.
 *
 * Each suite gets its own database, already migrated: global-setup.ts migrates one of each kind
 * once per run, and a suite starts from a copy (PGlite loads the migrated data directory;
 * PostgreSQL runs CREATE DATABASE … TEMPLATE). Migrating from nothing is still tested, by the
 * template itself, by the servers the process tests start on createScratchPostgres() databases,
 * and by the job queue's and migrations' own tests.
 */

export type DatabaseKind = Database['kind'];

/**
 * What PGlite and PostgreSQL do differently, as far as this app's code can tell. Both run the same
 * PostgreSQL engine (the same SQL, types, constraints, triggers, plpgsql, full-text search), so a
 * suite whose assertions rely on none of these learns nothing more from PostgreSQL.
 */
export const DATABASE_BEHAVIOURS = {
  'concurrent-writes':
    'requests that write at the same time: PostgreSQL runs them at once over a pool, PGlite one after another on its one connection (credit races, racing sign-ups, duplicate deliveries, codes tried at once)',
  locks:
    "row and advisory locks (billing's subscription lock, profile changes, WhatsApp link codes): held per pooled connection and waited on in PostgreSQL; subscription-lock.ts takes them on PostgreSQL only",
  'commit-durability':
    "a new chat's first turn commits with synchronous_commit off on PostgreSQL only, then confirms it (features/chat/first-turn.ts)",
  notifications:
    'LISTEN/NOTIFY: a connection of its own on PostgreSQL that can drop, in-process on PGlite (the session cache, sessions revoked)',
  'job-queue':
    "pg-boss: its own pool and LISTEN on PostgreSQL, the app's one PGlite client otherwise (lib/queue/job-queue.ts branches on the kind)",
  migrations: 'applied under an advisory lock on PostgreSQL, where several instances may start together',
  'full-text-search': 'tsvector search and ranking with the language dictionaries each build carries',
  'driver-values':
    'what the driver hands back or refuses: node-postgres and PGlite parse result types and reject text no database can hold (NUL, lone surrogates) each their own way',
  'connection-loss':
    'a database that fails or goes away under a request: a pool that reconnects, or an in-process instance',
  'several-instances': 'two app instances sharing one database',
} as const;

export type DatabaseBehaviour = keyof typeof DATABASE_BEHAVIOURS;

export type DatabaseSuiteOptions = {
  /**
   * The behaviours of DATABASE_BEHAVIOURS the suite's assertions rely on: its tests do that thing, or
   * are there to check the code that does. `[]` says none. Left out, the suite runs on both.
   */
  exercises?: readonly DatabaseBehaviour[];
};

/**
 * The rule for the PostgreSQL pass: a suite runs on PostgreSQL when it exercises at least one
 * behaviour the two databases differ in, or when it does not say (new suites run on both until
 * someone decides). A suite that declares `exercises: []` runs on PGlite only, since the same engine
 * answers the same SQL the same way there. TEST_POSTGRES=all runs every suite on PostgreSQL anyway
 * (before a release, or after changing the database layer).
 */
export function runsOnPostgres(options: DatabaseSuiteOptions = {}): boolean {
  if (process.env.TEST_POSTGRES === 'all') return true;
  return options.exercises === undefined || options.exercises.length > 0;
}

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

let pgliteTemplate: Blob | undefined;

/**
 * The migrated PGlite data directory of this run (read once per test file), or undefined without
 * globalSetup. Also for a data folder a server process then opens (`openDatabase({ dataDir, pgliteData })`).
 */
export function migratedPglite(): Blob | undefined {
  const file = provided('pgliteTemplate');
  if (!file) return undefined;
  pgliteTemplate ??= new Blob([readFileSync(file)]);
  return pgliteTemplate;
}

/** The file holding the migrated PGlite dump (for a process this one starts), or undefined without globalSetup. */
export function migratedPgliteFile(): string | undefined {
  return provided('pgliteTemplate');
}

/** The migrated PostgreSQL template of this run (for createScratchPostgres), or undefined without globalSetup. */
export function migratedPostgres(): string | undefined {
  return provided('postgresTemplate');
}

/** Opens a fresh, migrated database of the given kind. PostgreSQL needs TEST_DATABASE_URL. */
export async function openTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const template = migratedPglite();
    const database = await openDatabase({ pgliteData: template });
    // A copy of the template is migrated already; without one (no globalSetup), migrate here.
    if (!template) await database.migrate();
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
  const template = provided('postgresTemplate');
  const scratch = await createScratchPostgres(template);
  let database: Database | undefined;
  try {
    database = await openDatabase({ url: scratch.url });
    if (!template) await database.migrate();
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
 * Creates a PostgreSQL database (t_<random>) next to TEST_DATABASE_URL's and returns its URL: empty,
 * or a copy of `template`. drop() removes it even if connections are still open. Empty ones are for
 * tests that run the server as a process (it migrates them itself).
 */
export async function createScratchPostgres(
  template?: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const name = `t_${Date.now().toString(36)}_${randomBytes(6).toString('hex')}`;
  await adminQuery(template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`);
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
 * whole suite (opened in beforeAll, closed and dropped in afterAll). `options.exercises`, given
 * between the name and the tests as in Vitest's own describe, decides whether the PostgreSQL copy
 * runs (runsOnPostgres).
 */
export function describeEachDatabase(name: string, fn: (ctx: DatabaseContext) => void): void;
export function describeEachDatabase(
  name: string,
  options: DatabaseSuiteOptions,
  fn: (ctx: DatabaseContext) => void,
): void;
export function describeEachDatabase(
  name: string,
  optionsOrFn: DatabaseSuiteOptions | ((ctx: DatabaseContext) => void),
  maybeFn?: (ctx: DatabaseContext) => void,
): void {
  const [options, fn] = typeof optionsOrFn === 'function' ? [{}, optionsOrFn] : [optionsOrFn, maybeFn];
  if (!fn) throw new Error(`describeEachDatabase('${name}'): the tests are missing`);
  for (const kind of ['pglite', 'postgres'] as const) {
    if (kind === 'postgres' && !TEST_DATABASE_URL) {
      // Declared (so the tests are listed) but skipped: visible in the report, never a silent pass.
      describe.skip(`${name} [postgres: skipped, TEST_DATABASE_URL is not set]`, () => {
        fn(unavailableContext(kind, 'TEST_DATABASE_URL is not set'));
      });
      continue;
    }
    if (kind === 'postgres' && !runsOnPostgres(options)) {
      describe.skip(`${name} [postgres: skipped, exercises nothing PGlite does differently]`, () => {
        fn(unavailableContext(kind, 'this suite runs on PGlite only (see runsOnPostgres)'));
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

function unavailableContext(kind: DatabaseKind, reason: string): DatabaseContext {
  return {
    kind,
    get database(): Database {
      throw new Error(reason);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// App factory

let tmpDataDir: string | undefined;

/** One empty temp directory per test worker, removed with the run's temp folder (temp-dirs.ts). */
function testDataDir(): string {
  tmpDataDir ??= runTempDir('polymath-test-');
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
  /** Default: a store of its own in this process (no Redis). */
  limits?: AppDeps['limits'];
};

/** A fixed test secret (at least 32 characters, like SESSION_SECRET). */
export const TEST_SECRETS: AppDeps['secrets'] = { sessionSecret: 'test-session-secret-0123456789abcdefghijklmnop' };

/**
 * The AppDeps createApp needs, for tests: silent logs, no web build, not draining, and a cheaper
 * password hash (test-password-hashing.ts).
 */
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
    limits: overrides.limits ?? createLimitStore({ logger }),
    passwordHashing: TEST_PASSWORD_HASHING,
  };
}

export function createTestApp(database: Database, overrides: TestAppOverrides = {}) {
  return createApp(createTestDeps(database, overrides));
}
