import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { migratedPglite } from './databases.ts';
import { CHILD_NODE_ENV, freePort } from './ports.ts';

/**
 * The real server (`node apps/server/src/index.ts`) with a stdout nobody reads, or whose reader has
 * gone: logging must never hold up requests or the exit (lib/log-destination.ts, decision 025).
 * pino's own writer retried a write that failed with EAGAIN forever and flushed synchronously at
 * exit, so such a server answered until its pipe filled and then ignored SIGTERM.
 */
const ROOT = resolve(import.meta.dirname, '../../..');
const ENTRY = join(ROOT, 'apps/server/src/index.ts');
const GRACE_MS = 2000;
/** The grace, the 5 s index.ts gives closing, and slack for a loaded machine: generous on purpose. */
const MUST_EXIT_WITHIN_MS = GRACE_MS + 5000 + 30_000;
/** Each request logs its path: long paths fill a pipe (64 KB) and the log's bound (1 MB) quickly. */
const LONG_PATH = `/api/${'x'.repeat(8000)}`;
const REQUESTS = 300;

const children = new Set<ChildProcess>();

type Running = { child: ChildProcess; port: number; exited: Promise<number | null>; stderr: () => string };

async function startServer(dataDir: string): Promise<Running> {
  // A copy of the run's migrated database: what is tested here is the server's logging, not its
  // first start (shutdown.test.ts starts one from nothing).
  const seed = await openDatabase({ dataDir, pgliteData: migratedPglite() });
  await seed.migrate();
  await seed.close();
  const port = await freePort();
  const child = spawn('node', [ENTRY], {
    cwd: ROOT,
    env: {
      PATH: `${join(ROOT, 'node_modules/.bin')}${delimiter}${process.env.PATH ?? ''}`,
      HOME: process.env.HOME ?? tmpdir(),
      ...CHILD_NODE_ENV,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: dataDir,
      LOG_LEVEL: 'info',
      SHUTDOWN_GRACE_MS: String(GRACE_MS),
    },
    // stdout is a pipe this test never reads from.
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let err = '';
  child.stderr?.setEncoding('utf8').on('data', (d: string) => {
    err += d;
  });
  // 'exit', not 'close': 'close' also waits for the unread stdout to end.
  const exited = new Promise<number | null>((done) => {
    child.once('exit', (code) => {
      children.delete(child);
      done(code);
    });
  });
  const running = { child, port, exited, stderr: () => err };
  // A bound for a server that never starts: CI's loaded machine has taken more than 45 s to start one.
  await waitUntil(async () => (await get(running, '/healthz'))?.status === 200, 120_000, running);
  return running;
}

async function get(running: Running, path: string): Promise<Response | undefined> {
  try {
    return await fetch(`http://127.0.0.1:${running.port}${path}`, { signal: AbortSignal.timeout(10_000) });
  } catch {
    return undefined;
  }
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, running: Running): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server not ready after ${timeoutMs} ms:\n${running.stderr()}`);
}

/** Many requests, ten at a time, each logging a long line: every one must be answered. */
async function manyRequests(running: Running): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < REQUESTS; i += 10) {
    const batch = await Promise.all(
      Array.from({ length: 10 }, async () => (await get(running, LONG_PATH))?.status ?? 0),
    );
    statuses.push(...batch);
  }
  return statuses;
}

/** SIGTERM, and how the process ended, or 'still running' after the generous deadline. */
async function terminate(running: Running): Promise<number | null | 'still running'> {
  running.child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'still running'>((done) => {
    timer = setTimeout(() => done('still running'), MUST_EXIT_WITHIN_MS);
  });
  const result = await Promise.race([running.exited, late]);
  clearTimeout(timer);
  return result;
}

describe('a server whose stdout is not read', { timeout: 300_000 }, () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'polymath-stdout-'));
  });
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps answering while nobody drains its stdout, and exits on SIGTERM', async () => {
    const running = await startServer(join(dataDir, 'stalled'));
    const statuses = await manyRequests(running);
    expect(statuses.filter((s) => s !== 404)).toEqual([]);
    expect((await get(running, '/readyz'))?.status).toBe(200);

    expect(await terminate(running)).toBe(0);
    expect(running.stderr()).toBe('');
  });

  it('keeps answering once the reader of its stdout has gone (EPIPE), and exits on SIGTERM', async () => {
    const running = await startServer(join(dataDir, 'gone'));
    running.child.stdout?.destroy();
    const statuses = await manyRequests(running);
    expect(statuses.filter((s) => s !== 404)).toEqual([]);
    expect((await get(running, '/readyz'))?.status).toBe(200);

    expect(await terminate(running)).toBe(0);
    expect(running.stderr()).toBe('');
  });
});
