import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type Notifications, pgliteNotifications, postgresNotifications } from './notifications.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** PGlite and node-postgres share drizzle's pg core, so services see one type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** How the job queue (pg-boss) reaches the same database: the embedded instance, or its own pool. */
export type QueueConnection = { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; url: string };

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  queueConnection: QueueConnection;
  /** Applies pending migrations; safe when several instances start at once. */
  migrate(): Promise<void>;
  /** Throws when the database cannot answer. */
  ping(): Promise<void>;
  /** NOTIFYs from every instance (features/auth/session-cache.ts hears session changes). */
  notifications: Notifications;
  /** The PostgreSQL pool's connections now (the metrics read them); none for PGlite. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
};

const migrationsFolder = join(import.meta.dirname, 'migrations');
/** Arbitrary constant: instances starting together take turns applying migrations. */
const MIGRATION_LOCK_ID = 727_001;

export type DatabaseOptions = {
  url?: string | undefined;
  dataDir?: string | undefined;
  /**
   * Start from this PGlite data directory (a dumpDataDir tarball) instead of an empty database: in
   * memory, or in a dataDir that holds no database yet. The tests start every suite, and the data
   * folders of the servers they start as processes, from one migrated copy (apps/server/test/databases.ts).
   */
  pgliteData?: Blob | undefined;
};

/** PostgreSQL when a URL is given; otherwise PGlite in dataDir (or in memory when none). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url);
  return openPglite(options.dataDir, options.pgliteData);
}

async function openPglite(dataDir: string | undefined, data: Blob | undefined): Promise<Database> {
  let client: PGlite;
  if (dataDir) {
    const dir = join(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir, data ? { loadDataDir: data } : {});
  } else {
    client = await PGlite.create(data ? { loadDataDir: data } : {});
  }
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    queueConnection: { kind: 'pglite', client },
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    notifications: pgliteNotifications(client),
    close: () => client.close(),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => {});
  const db = drizzleNodePg({ client: pool, schema });
  const notifications = postgresNotifications(url);
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    queueConnection: { kind: 'postgres', url },
    migrate: async () => {
      const lock = await pool.connect();
      try {
        await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migrateNodePg(db, { migrationsFolder });
      } finally {
        await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        lock.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    notifications,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: async () => {
      await notifications.close();
      await pool.end();
    },
  };
}
