import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ProviderFakes } from '@polymath/provider-fakes';
import type { GenerateImageOutput, ImageItem, ImageListResponse } from '@polymath/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';
import { createLogger } from '../src/lib/logger.ts';
import { type JobQueue, startJobQueue } from '../src/lib/queue/job-queue.ts';
import { AUTH_TEST_ENV, captureMailer, ORIGIN, signedInUser } from './auth-helpers.ts';
import { newId, parseSse, providerEnv, setPlan, startProviderFakes, until } from './chat-helpers.ts';
import {
  createScratchPostgres,
  createTestApp,
  migratedPglite,
  migratedPgliteFile,
  TEST_DATABASE_URL,
  TEST_SECRETS,
  testDatabaseKinds,
} from './databases.ts';
import { crashJobs, crashTiming, LAST_TRY_JOB, SPARE_TRIES_JOB } from './job-crash-jobs.ts';
import { spawnNode } from './node-child.ts';

/**
 * At-least-once across a crash: a process killed with SIGKILL in the middle of a job (no drain, no
 * clean-up, its database connection simply gone) leaves the job to the next process on the same
 * database. A job with tries to spare runs again and completes; one killed on its last try ends
 * dead and its onDead runs. The child (job-crash-child.ts) runs the jobs until it is killed; this
 * process is the restart.
 *
 * How the restart learns of the crash differs by database:
 * - PostgreSQL: only by the job's heartbeat going stale (heartbeatSeconds, 10 here, pg-boss's
 *   minimum, plus a supervisor pass), since another instance might still be running it.
 * - PGlite: one process owns the data, so start-up fails every run still marked active
 *   (failOrphanedRuns in job-queue.ts). The heartbeat here is 60 s, so a retry within seconds of the
 *   restart can only come from that.
 */
const childEntry = resolve(import.meta.dirname, 'job-crash-child.ts');
const logger = createLogger('silent');

type ChildRun = { child: ChildProcess; waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray> };

function startChild(env: Record<string, string>): ChildRun {
  const child = spawnNode(childEntry, env, 'pipe');
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  return {
    child,
    async waitFor(pattern, timeoutMs = 60_000) {
      const found = await until(async () => {
        const match = output.match(pattern);
        if (match) return match;
        if (child.exitCode !== null) throw new Error(`the child exited (${child.exitCode}):\n${output}`);
        return undefined;
      }, timeoutMs).catch((err: unknown) => {
        throw new Error(`the child did not print ${pattern}: ${String(err)}\n${output}`);
      });
      return found;
    },
  };
}

for (const kind of testDatabaseKinds()) {
  describe.skipIf(kind === 'postgres' && !TEST_DATABASE_URL)(`a job whose process was killed [${kind}]`, () => {
    const heartbeatSeconds = kind === 'pglite' ? 60 : 10;
    const dataDir = mkdtempSync(join(tmpdir(), 'polymath-job-crash-'));
    let scratch: Awaited<ReturnType<typeof createScratchPostgres>> | undefined;
    let child: ChildProcess | undefined;
    let database: Database | undefined;
    let queue: JobQueue | undefined;
    const ids = { spare: '', last: '' };
    /** When the child died, and when the restarted queue was up. */
    const at = { killed: 0, restarted: 0 };
    /** What the restarted process's handlers saw. */
    const runs: { job: string; id: string; retryCount: number; at: number }[] = [];
    const dead: { key: string; at: number }[] = [];
    const jobs = crashJobs({
      async run(payload, run) {
        runs.push({ job: payload.key.split(':')[0] ?? '', id: run.id, retryCount: run.retryCount, at: Date.now() });
      },
      async dead(payload) {
        dead.push({ key: payload.key, at: Date.now() });
      },
    });
    const [spareJob, lastJob] = jobs as [(typeof jobs)[0], (typeof jobs)[0]];

    beforeAll(async () => {
      scratch = kind === 'postgres' ? await createScratchPostgres() : undefined;
      // PGlite's data folder starts from the run's migrated dump (globalSetup's file), not an initdb.
      const dump = migratedPgliteFile();
      const connection: Record<string, string> = scratch
        ? { CRASH_DATABASE_URL: scratch.url }
        : { CRASH_DATA_DIR: dataDir, ...(dump ? { CRASH_PGLITE_DATA: dump } : {}) };
      const first = startChild({ ...connection, CRASH_HEARTBEAT_SECONDS: String(heartbeatSeconds) });
      child = first.child;
      ids.spare = (await first.waitFor(new RegExp(`sent ${SPARE_TRIES_JOB} (\\S+)`)))[1] ?? '';
      ids.last = (await first.waitFor(new RegExp(`sent ${LAST_TRY_JOB} (\\S+)`)))[1] ?? '';
      // Both are in the middle of a try: the spare one on its first, the other on its second and last.
      await first.waitFor(new RegExp(`started ${SPARE_TRIES_JOB} ${ids.spare} 0`));
      await first.waitFor(new RegExp(`started ${LAST_TRY_JOB} ${ids.last} 1`));
      const exited = new Promise((r) => first.child.once('exit', r));
      first.child.kill('SIGKILL');
      await exited;
      at.killed = Date.now();

      database = await openDatabase({ url: scratch?.url, dataDir });
      queue = await startJobQueue({
        connection: database.queueConnection,
        logger,
        jobs,
        timing: crashTiming(heartbeatSeconds),
      });
      at.restarted = Date.now();
    }, 120_000);

    afterAll(async () => {
      if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await queue?.stop(1000);
      await database?.close().catch(() => {});
      await scratch?.drop().catch(() => {});
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('runs a job killed on its first try again after the restart, as its second try, and completes it', {
      timeout: 60_000,
    }, async () => {
      const status = await until(async () => {
        const s = await queue?.status(spareJob, ids.spare);
        return s?.state === 'completed' ? s : undefined;
      }, 40_000);
      expect(status).toEqual({ id: ids.spare, state: 'completed', retryCount: 1 });
      const again = runs.filter((r) => r.id === ids.spare);
      expect(again.map((r) => r.retryCount)).toEqual([1]);
      const run = again[0];
      if (!run) throw new Error('no second run');
      if (kind === 'pglite') {
        // Start-up recovery, then the retry's backoff (1–2 s at retryDelay 0); the heartbeat is 60 s.
        expect(run.at - at.restarted).toBeLessThan(8_000);
      } else {
        // The heartbeat window: stale after ≤ heartbeatSeconds, a supervisor pass (1 s), the backoff
        // (≤ 2 s), and slack for a busy machine.
        expect(run.at - at.killed).toBeLessThan((heartbeatSeconds + 1 + 2 + 8) * 1000);
      }
    });

    it('a job killed on its last try is dead after the restart: failed, with onDead run once', {
      timeout: 60_000,
    }, async () => {
      const key = `${LAST_TRY_JOB}:k`;
      await until(async () => dead.some((d) => d.key === key), 40_000);
      const status = await queue?.status(lastJob, ids.last);
      expect(status).toEqual({ id: ids.last, state: 'failed', retryCount: 1 });
      // Never run again: its tries were used.
      expect(runs.filter((r) => r.id === ids.last)).toEqual([]);
      await new Promise((r) => setTimeout(r, 1500));
      expect(dead.filter((d) => d.key === key)).toHaveLength(1);
      const deadAt = dead.find((d) => d.key === key)?.at ?? 0;
      if (kind === 'pglite') expect(deadAt - at.restarted).toBeLessThan(8_000);
      else expect(deadAt - at.killed).toBeLessThan((heartbeatSeconds + 1 + 8) * 1000);
    });
  });
}

// ---------------------------------------------------------------------------------------------
// The real server: an image being made when the process is killed is made after the restart.

const serverEntry = resolve(import.meta.dirname, '../src/index.ts');

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => (typeof address === 'object' && address ? ok(address.port) : fail(new Error('no port'))));
    });
  });
}

async function startServer(env: Record<string, string>, port: number): Promise<ChildProcess> {
  const server = spawnNode(serverEntry, { ...env, PORT: String(port), HOST: '127.0.0.1' }, 'ignore');
  // As long as chat-crash's: a start after a kill also recovers the data folder, and the process
  // tests run three at a time (decision 026, point 22).
  await until(async () => {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}) while starting`);
    const res = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined);
    return res?.ok;
  }, 120_000);
  return server;
}

describe('an image being made when the server is killed', () => {
  let fakes: ProviderFakes;
  beforeAll(async () => {
    fakes = await startProviderFakes();
  });
  afterAll(async () => {
    await fakes.close();
  });

  // PGlite only: on PostgreSQL the retry waits for the job's heartbeat to go stale at the server's
  // production timing (heartbeat 20 s, a supervisor pass every 15 s, then the image job's 5–10 s
  // retry delay; 33 s from the kill to the ready image when tried once), on top of two server starts:
  // too much of a 2-core CI for what the queue-level test above already shows on PostgreSQL.
  it('is made after the restart (PGlite): ready, listed in /api/images, its file served', {
    timeout: 300_000,
  }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'polymath-image-crash-'));
    const servers: ChildProcess[] = [];
    try {
      // A Pro user, made in-process on the database the server processes then use: its data folder
      // starts as a copy of the run's migrated one, so migrate() finds nothing to do.
      const setup = await openDatabase({ dataDir, pgliteData: migratedPglite() });
      await setup.migrate();
      const mailer = captureMailer();
      const setupApp = createTestApp(setup, { mailer, env: { ...AUTH_TEST_ENV, DATA_DIR: dataDir } });
      const user = await signedInUser(setupApp, mailer);
      await setPlan(setup, user, 'pro');
      await setup.close();

      const port = await freePort();
      const env: Record<string, string> = {
        ...AUTH_TEST_ENV,
        ...providerEnv(fakes),
        NODE_ENV: 'test',
        LOG_LEVEL: 'error',
        DATA_DIR: dataDir,
        PUBLIC_URL: ORIGIN,
        SESSION_SECRET: TEST_SECRETS.sessionSecret,
      };
      const call = (path: string, init: RequestInit = {}) =>
        fetch(`http://127.0.0.1:${port}${path}`, {
          ...init,
          headers: { origin: ORIGIN, cookie: user.jar.header(), 'content-type': 'application/json', ...init.headers },
        });
      const imageOf = async (answerId: string): Promise<ImageItem | undefined> => {
        const res = await call(`/api/images?answerId=${answerId}`);
        return ((await res.json()) as ImageListResponse).images[0];
      };

      const first = await startServer(env, port);
      servers.push(first);
      // The image stand-in's first answer takes 2 minutes: the job is mid-call when the process dies.
      // The next request (the retry) gets the default, immediate answer.
      fakes.reset();
      fakes.imageScript({ delayMs: 120_000 });
      const turn = await call('/api/chat', {
        method: 'POST',
        body: JSON.stringify({
          trigger: 'submit-message',
          threadId: newId('img'),
          toolId: 'image-generator',
          modelId: 'gpt-4o-mini',
          locale: 'en',
          toolInput: {},
          message: {
            id: newId('m'),
            role: 'user',
            parts: [
              { type: 'text', text: '[[fake tool=generate_image args={"prompt":"a lighthouse at dusk","count":1}]] x' },
            ],
          },
        }),
      });
      expect(turn.status).toBe(200);
      const chunks = parseSse(await turn.text());
      const answerId = String(chunks.find((c) => c.type === 'start')?.messageId);
      const output = chunks.find((c) => c.type === 'tool-output-available')?.output as GenerateImageOutput;
      if (!output?.ok) throw new Error(`no image was queued: ${JSON.stringify(output)}`);
      const imageId = output.images[0]?.id;

      const generations = () => fakes.requests().filter((r) => r.path.endsWith('/images/generations')).length;
      await until(async () => generations() === 1 && (await imageOf(answerId))?.status === 'generating', 30_000);
      first.kill('SIGKILL');
      await new Promise((r) => first.once('exit', r));

      const second = await startServer(env, port);
      servers.push(second);
      const made = await until(async () => {
        const image = await imageOf(answerId);
        return image?.status === 'ready' || image?.status === 'failed' ? image : undefined;
      }, 60_000);
      expect(made).toMatchObject({ id: imageId, status: 'ready', prompt: 'a lighthouse at dusk', error: null });
      expect(generations()).toBe(2);
      const gallery = (await (await call('/api/images')).json()) as ImageListResponse;
      expect(gallery.images.map((i) => i.id)).toContain(imageId);
      const file = await call(made.urls?.original ?? '');
      expect(file.status).toBe(200);
      const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 1024, 1024]);
    } finally {
      for (const server of servers) if (server.exitCode === null) server.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
