import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';
import { createLogger } from '../src/lib/logger.ts';
import { type JobQueue, startJobQueue } from '../src/lib/queue/job-queue.ts';
import { until } from './chat-helpers.ts';
import { createScratchPostgres, TEST_DATABASE_URL, testDatabaseKinds } from './databases.ts';
import { crashJobs, crashTiming, LAST_TRY_JOB, SPARE_TRIES_JOB } from './job-crash-jobs.ts';

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
  const child = spawn(process.execPath, [childEntry], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
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
      const connection = scratch ? { CRASH_DATABASE_URL: scratch.url } : { CRASH_DATA_DIR: dataDir };
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
