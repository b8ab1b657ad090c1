import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { adminQuery, databaseUrl, TEST_DATABASE_URL } from './database-admin.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated PGlite data directory (dumpDataDir's tarball), for every suite to load. */
    pgliteTemplate: string;
    /** A migrated PostgreSQL database next to TEST_DATABASE_URL's, copied for every suite (CREATE DATABASE … TEMPLATE). */
    postgresTemplate: string | undefined;
    /** This run's temp folder (temp-dirs.ts), removed with everything in it when the run ends. */
    tempRoot: string;
  }
}

type Templates = { pgliteFile: string; postgresTemplate: string | undefined; tempRoot: string };

/**
 * The projects that name this globalSetup (server, server-isolated, server-processes) share one
 * pair of templates: Vitest runs each project's globalSetup in its own module graph but in the same
 * process, so the templates are kept on globalThis, counted by the projects using them, and removed
 * when the last one tears down.
 */
const shared = globalThis as { polymathTestTemplates?: { made: Promise<Templates>; users: number } };

/**
 * Migrates one database of each kind once per `vitest run`, instead of once per suite: the server
 * tests' globalSetup (vitest.config.ts). databases.ts then gives each suite its own copy, which
 * takes a fraction of migrating (PGlite: loading a data directory skips initdb and the migrations;
 * PostgreSQL: CREATE DATABASE … TEMPLATE copies files). Both are removed when the run ends.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  shared.polymathTestTemplates ??= { made: makeTemplates(), users: 0 };
  const entry = shared.polymathTestTemplates;
  entry.users += 1;
  const { pgliteFile, postgresTemplate, tempRoot } = await entry.made;
  project.provide('pgliteTemplate', pgliteFile);
  project.provide('postgresTemplate', postgresTemplate);
  project.provide('tempRoot', tempRoot);

  return async () => {
    entry.users -= 1;
    if (entry.users > 0) return;
    if (shared.polymathTestTemplates === entry) shared.polymathTestTemplates = undefined;
    rmSync(pgliteFile, { force: true });
    rmSync(tempRoot, { recursive: true, force: true });
    if (postgresTemplate) await adminQuery(`DROP DATABASE IF EXISTS "${postgresTemplate}" WITH (FORCE)`);
  };
}

async function makeTemplates(): Promise<Templates> {
  const tag = `${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const tempRoot = mkdtempSync(join(tmpdir(), 'polymath-run-'));

  const pglite = await openDatabase({});
  let pgliteFile: string;
  try {
    await pglite.migrate();
    if (pglite.queueConnection.kind !== 'pglite') throw new Error('expected PGlite');
    const client = pglite.queueConnection.client;
    // PGlite runs on the 'postgres' database only: the two template databases are 15 of the dump's
    // 40 MB, which every suite would unpack again (a fifth of the CPU of opening a copy). The
    // checkpoint lets each copy start without replaying the migrations' WAL.
    for (const template of ['template0', 'template1']) {
      await client.exec(`ALTER DATABASE ${template} IS_TEMPLATE false`);
      await client.exec(`DROP DATABASE ${template}`);
    }
    // PGlite's WebAssembly PostgreSQL zeroes its shared memory when it starts, and its default
    // 128 MB of shared buffers (and shared state for 100 connections it never has) was most of
    // what opening a copy touched: 41,000–47,000 new pages each, against 8,000–9,000 with these.
    // A test database is a few megabytes; the copies' settings live in the dump
    // (postgresql.auto.conf), and a production data folder keeps PostgreSQL's defaults.
    await client.exec(`ALTER SYSTEM SET shared_buffers = '16MB'`);
    await client.exec('ALTER SYSTEM SET max_connections = 10');
    await client.exec('CHECKPOINT');
    const dump = await client.dumpDataDir('none');
    pgliteFile = join(tmpdir(), `polymath-pglite-template-${tag}.tar`);
    writeFileSync(pgliteFile, new Uint8Array(await dump.arrayBuffer()));
  } finally {
    await pglite.close();
  }

  let postgresTemplate: string | undefined;
  if (TEST_DATABASE_URL) {
    postgresTemplate = `tpl_${tag}`;
    await adminQuery(`CREATE DATABASE "${postgresTemplate}"`);
    const postgres = await openDatabase({ url: databaseUrl(TEST_DATABASE_URL, postgresTemplate) });
    try {
      await postgres.migrate();
    } finally {
      await postgres.close();
    }
    // Nobody connects to it from now on: a copy needs the template free of other sessions.
    await adminQuery(`ALTER DATABASE "${postgresTemplate}" ALLOW_CONNECTIONS false`);
  }
  return { pgliteFile, postgresTemplate, tempRoot };
}
