/**
 * The process job-crash.test.ts kills. It opens the database (PGlite in CRASH_DATA_DIR, started
 * from the dump in CRASH_PGLITE_DATA when given instead of an initdb, or PostgreSQL at CRASH_DATABASE_URL), starts the queue with the crash jobs, sends one job of each
 * (CRASH_KEY names them), and reports on stdout, a line each:
 *
 *   sent <job> <id>            the job is stored
 *   failed <job> <id> <try>    a try that throws on purpose (payload.failTries)
 *   started <job> <id> <try>   a try that then hangs until the process is killed
 *
 * Run with the test's Node: `node apps/server/test/job-crash-child.ts`.
 */
import { readFileSync } from 'node:fs';
import pino from 'pino';
import { openDatabase } from '../src/db/client.ts';
import { createLogger } from '../src/lib/logger.ts';
import { startJobQueue } from '../src/lib/queue/job-queue.ts';
import { crashJobs, crashTiming, LAST_TRY_JOB, SPARE_TRIES_JOB } from './job-crash-jobs.ts';

const say = (line: string) => process.stdout.write(`${line}\n`);

const database = await openDatabase({
  url: process.env.CRASH_DATABASE_URL || undefined,
  dataDir: process.env.CRASH_DATA_DIR || undefined,
  pgliteData: process.env.CRASH_PGLITE_DATA ? new Blob([readFileSync(process.env.CRASH_PGLITE_DATA)]) : undefined,
});
const jobs = crashJobs({
  async run(payload, run) {
    const name = payload.key.split(':')[0];
    if (run.retryCount < payload.failTries) {
      say(`failed ${name} ${run.id} ${run.retryCount}`);
      throw new Error('fails on purpose before the try that hangs');
    }
    say(`started ${name} ${run.id} ${run.retryCount}`);
    // Hangs like a provider call that never answers; only SIGKILL ends it.
    await new Promise(() => setInterval(() => {}, 60_000));
  },
  async dead(payload) {
    say(`dead ${payload.key}`);
  },
});
const queue = await startJobQueue({
  connection: database.queueConnection,
  // Logs (CRASH_LOG_LEVEL=debug to see them) go to stderr: stdout carries the lines the test reads.
  logger: createLogger(process.env.CRASH_LOG_LEVEL ?? 'silent', pino.destination(2)),
  jobs,
  timing: crashTiming(Number(process.env.CRASH_HEARTBEAT_SECONDS ?? 10)),
});
const key = process.env.CRASH_KEY ?? 'k';
const [spare, last] = jobs as [(typeof jobs)[0], (typeof jobs)[0]];
say(`sent ${SPARE_TRIES_JOB} ${await queue.send(spare, { key: `${SPARE_TRIES_JOB}:${key}`, failTries: 0 })}`);
// Its first try throws, so the try that hangs is its last one.
say(`sent ${LAST_TRY_JOB} ${await queue.send(last, { key: `${LAST_TRY_JOB}:${key}`, failTries: 1 })}`);
