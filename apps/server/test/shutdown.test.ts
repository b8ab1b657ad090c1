import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchPostgres, TEST_DATABASE_URL } from './databases.ts';
import { CHILD_NODE_ENV, freePort } from './ports.ts';

/**
 * Runs the real server (`node apps/server/src/index.ts`, on the pinned Node 24) as a child process
 * and checks start-up, readiness, SIGTERM draining and invalid configuration.
 */
const ROOT = resolve(import.meta.dirname, '../../..');
const ENTRY = join(ROOT, 'apps/server/src/index.ts');
/**
 * SIGTERM with only idle connections open must end the process well within this: far less than the
 * grace period startServer gives, generous for a loaded machine (CI's has taken more than 10 s).
 */
const STOP_TIMEOUT_MS = 30_000;
/** Start-up migrates a fresh PGlite data directory: slow on a loaded machine. */
const PROCESS_TEST_TIMEOUT_MS = 180_000;

type Running = {
  child: ChildProcess;
  port: number;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

const children = new Set<ChildProcess>();

function start(env: Record<string, string>): Running {
  const child = spawn('node', [ENTRY], {
    cwd: ROOT,
    // A clean environment: nothing from the developer's shell (DATABASE_URL, SESSION_SECRET…) leaks in.
    env: {
      PATH: `${join(ROOT, 'node_modules/.bin')}${delimiter}${process.env.PATH ?? ''}`,
      HOME: process.env.HOME ?? tmpdir(),
      ...CHILD_NODE_ENV,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let out = '';
  let err = '';
  child.stdout?.setEncoding('utf8').on('data', (d: string) => {
    out += d;
  });
  child.stderr?.setEncoding('utf8').on('data', (d: string) => {
    err += d;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => {
    // 'close' (not 'exit') fires after stdout and stderr are drained, so the last log line is in.
    child.once('close', (code, signal) => {
      children.delete(child);
      done({ code, signal });
    });
  });
  return { child, port: Number(env.PORT), stdout: () => out, stderr: () => err, exited };
}

async function startServer(dataDir: string, webDist: string, extra: Record<string, string> = {}): Promise<Running> {
  const port = await freePort();
  const running = start({
    ...extra,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: webDist,
    LOG_LEVEL: 'info',
    // Twice STOP_TIMEOUT_MS: a shutdown that waits for the grace period fails the test.
    SHUTDOWN_GRACE_MS: String(2 * STOP_TIMEOUT_MS),
  });
  await waitUntilHealthy(running);
  return running;
}

async function waitUntilHealthy(running: Running, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void running.exited.then(() => {
    exited = true;
  });
  while (Date.now() < deadline) {
    if (exited) throw new Error(`server exited before it was healthy:\n${running.stdout()}\n${running.stderr()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${running.port}/healthz`, { signal: AbortSignal.timeout(1000) });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server not healthy after ${timeoutMs} ms:\n${running.stdout()}\n${running.stderr()}`);
}

async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function logMessages(stdout: string): string[] {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => (JSON.parse(line) as { msg?: string }).msg ?? '');
}

async function stop(running: Running) {
  running.child.kill('SIGTERM');
  return withTimeout(running.exited, STOP_TIMEOUT_MS, 'shutdown after SIGTERM');
}

describe('the real server process', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  let dataDir: string;
  let webDist: string;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'polymath-server-data-'));
    webDist = mkdtempSync(join(tmpdir(), 'polymath-server-dist-'));
  });
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(webDist, { recursive: true, force: true });
  });

  it('starts, is ready, and exits 0 on SIGTERM after draining', async () => {
    const running = await startServer(dataDir, webDist);
    const ready = await fetch(`http://127.0.0.1:${running.port}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok' });
    // Leave a keep-alive connection open: it must not hold the shutdown up.
    await fetch(`http://127.0.0.1:${running.port}/healthz`, { headers: { connection: 'keep-alive' } });

    const stoppedAt = Date.now();
    const { code, signal } = await stop(running);
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(Date.now() - stoppedAt).toBeLessThan(STOP_TIMEOUT_MS);
    const messages = logMessages(running.stdout());
    expect(messages).toContain('database ready');
    expect(messages).toContain('listening');
    expect(messages).toContain('draining');
    expect(messages.at(-1)).toBe('stopped');
    expect(running.stderr()).toBe('');
    // The port is free again.
    await expect(fetch(`http://127.0.0.1:${running.port}/healthz`)).rejects.toThrow();
  });

  it('reuses DATA_DIR/secrets.json on a second start', async () => {
    const file = join(dataDir, 'secrets.json');
    const first = readFileSync(file, 'utf8');
    expect(JSON.parse(first)).toEqual({ sessionSecret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // Secrets never reach the logs.
    const running = await startServer(dataDir, webDist);
    expect(running.stdout()).not.toContain(JSON.parse(first).sessionSecret);
    expect((await stop(running)).code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(first);
  });

  it('exits 1 and names the problem on stderr when the environment is invalid', async () => {
    const running = start({ PORT: 'abc', DATA_DIR: dataDir, GTM_ID: 'nope' });
    const { code } = await withTimeout(running.exited, 60_000, 'exit on invalid env');
    expect(code).toBe(1);
    expect(running.stderr()).toContain('Invalid environment');
    expect(running.stderr()).toMatch(/PORT:/);
    expect(running.stderr()).toMatch(/GTM_ID:.*GTM-XXXXXXX/);
    expect(running.stderr()).not.toMatch(/\n\s+at /);
    expect(running.stdout()).toBe('');
  });
});

describe.skipIf(!TEST_DATABASE_URL)(
  `the real server process on PostgreSQL${TEST_DATABASE_URL ? '' : ' [skipped, TEST_DATABASE_URL is not set]'}`,
  { timeout: PROCESS_TEST_TIMEOUT_MS },
  () => {
    let dataDir: string;
    let webDist: string;
    let scratch: Awaited<ReturnType<typeof createScratchPostgres>>;

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'polymath-server-data-'));
      webDist = mkdtempSync(join(tmpdir(), 'polymath-server-dist-'));
      scratch = await createScratchPostgres();
    });
    afterAll(async () => {
      for (const child of children) child.kill('SIGKILL');
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(webDist, { recursive: true, force: true });
    });

    it('migrates, is ready, writes, and exits 0 on SIGTERM', async () => {
      const running = await startServer(dataDir, webDist, { DATABASE_URL: scratch.url });
      const ready = await fetch(`http://127.0.0.1:${running.port}/readyz`);
      expect(await ready.json()).toEqual({ status: 'ok' });
      const view = await fetch(`http://127.0.0.1:${running.port}/api/analytics/page-views`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: `http://localhost:${running.port}` },
        body: JSON.stringify({ path: '/web-main' }),
      });
      expect(view.status).toBe(204);
      expect((await stop(running)).code).toBe(0);
      expect(logMessages(running.stdout()).at(-1)).toBe('stopped');
      // No PGlite directory is created when PostgreSQL is used.
      expect(() => statSync(join(dataDir, 'pglite'))).toThrow();
    });
  },
);
