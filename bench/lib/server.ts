/**
 * Our server (apps/server/src/index.ts) as a child process, configured for benchmarking: a temp
 * DATA_DIR (PGlite there, or PostgreSQL at --postgres), the OpenAI stand-in as its provider, and the
 * per-user limits raised to their maximums so the bench measures the chat path, not the limiter.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Child, startChild } from './procs.ts';

export type OurServer = {
  url: string;
  pid: number;
  dataDir: string;
  database: 'pglite' | 'postgres';
  child: Child;
  stop(): Promise<void>;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** The env limits' maximums (apps/server/src/env.ts caps these at 100,000). */
const LIMIT_MAX = '100000';

/**
 * The settings every benchmarked server gets (one process here, or each instance of lib/cluster.ts):
 * the stand-in as its provider, the per-user limits at their maximum, quiet logs.
 */
export function benchServerEnv(openaiBaseUrl: string): Record<string, string | undefined> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    OPENAI_API_KEY: 'fake',
    OPENAI_BASE_URL: openaiBaseUrl,
    CHAT_RATE_LIMIT_MAX: LIMIT_MAX,
    FREE_DAILY_MESSAGES: LIMIT_MAX,
    AUTH_RATE_LIMIT_MAX: LIMIT_MAX,
    STREAM_STALE_SECONDS: '30',
    SHUTDOWN_GRACE_MS: '2000',
    // As `npm run serve` starts it (image work and password hashing use libuv's thread pool).
    UV_THREADPOOL_SIZE: '16',
    // For looking into where time goes, e.g. BENCH_SERVER_NODE_OPTIONS="--cpu-prof --cpu-prof-dir=/tmp/prof".
    NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS,
  };
}

export async function startOurServer(options: {
  openaiBaseUrl: string;
  postgresUrl?: string;
  /** More settings for this bench (e.g. PRO_DAILY_IMAGES); they win over the ones above. */
  env?: Record<string, string>;
  /** A DATA_DIR of the caller's (kept on stop), e.g. to start a second server on data seeded meanwhile. */
  dataDir?: string;
}): Promise<OurServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'polymath-bench-'));
  const child = startChild('our server', 'apps/server/src/index.ts', {
    ...benchServerEnv(options.openaiBaseUrl),
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    DATABASE_URL: options.postgresUrl,
    ...options.env,
  });
  const stop = async () => {
    await child.stop(10_000);
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitReady(url, child);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, pid: child.pid, dataDir, database: options.postgresUrl ? 'postgres' : 'pglite', child, stop };
}

async function waitReady(url: string, child: Child, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.process.exitCode !== null) {
      throw new Error(`our server exited (${child.process.exitCode}) while starting:\n${child.output()}`);
    }
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
    } catch {}
    if (Date.now() > deadline) throw new Error(`our server was not ready within ${timeoutMs} ms:\n${child.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
