import { sql } from 'drizzle-orm';
import { fromDrizzle, fromPglite, type Job, PgBoss } from 'pg-boss';
import type { QueueConnection } from '../../db/client.ts';
import type { Logger } from '../logger.ts';
import { jobDuration, jobRuns } from '../metrics.ts';
import type { JobDefinition, JobRef, JobSender, SendOptions } from './job.ts';

/** Where a job stands, as the queue keeps it. */
export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
export type JobStatus = { id: string; state: JobState; retryCount: number };

export type { SendOptions };

/** A queue's jobs by where they stand (the operator console's Jobs page). */
export type QueueCounts = { name: string; waiting: number; running: number; failed: number; completed: number };

/** A job as the console sees it; `data` and `output` are summarised before they leave the server. */
export type StoredJob = {
  id: string;
  name: string;
  state: JobState;
  data: unknown;
  output: unknown;
  retryCount: number;
  createdOn: Date;
  completedOn: Date | null;
};

/** What the operator console reads and does with the queue (features/admin/jobs.service.ts). */
export type QueueInspector = {
  counts(): Promise<QueueCounts[]>;
  /** The newest failed jobs (at most `limit`), of one queue or all. */
  failed(limit: number, name?: string): Promise<StoredJob[]>;
  find(id: string): Promise<StoredJob | null>;
  /** A failed job back to the queue, as a new try. */
  retry(name: string, id: string): Promise<void>;
  remove(name: string, id: string): Promise<void>;
};

export type JobQueue = JobSender & {
  status(job: JobRef<unknown>, id: string): Promise<JobStatus | null>;
  /** For operators; absent when no queue runs. */
  inspect?: QueueInspector;
  /** Stops taking jobs, gives running ones up to graceMs, then stops. */
  stop(graceMs: number): Promise<void>;
};

/** How often the queue looks for work and for dead workers; tests make it faster. */
export type QueueTiming = {
  /** Seconds between polls when no notification arrived (notifications wake workers at once). */
  pollSeconds: number;
  /** A running job whose process stopped checking in for this long is tried again (≥ 10). */
  heartbeatSeconds: number;
  /** Seconds between the supervisor's passes (which notice those dead workers and expired runs). */
  superviseSeconds: number;
};

export const DEFAULT_QUEUE_TIMING: QueueTiming = { pollSeconds: 2, heartbeatSeconds: 20, superviseSeconds: 15 };

/** The dead-letter queue of a job: payloads whose every try failed land there for onDead. */
function deadQueue(name: string): string {
  return `${name}-dead`;
}

/**
 * The one job queue: pg-boss on the app's own database (PGlite in-process, or PostgreSQL), so jobs
 * need no extra service and survive restarts. Every job of the app is declared up front; `work`
 * false makes a queue that only sends (tests that want to run jobs themselves, or an instance that
 * should not work). See docs/decisions for the choice.
 */
export async function startJobQueue(options: {
  connection: QueueConnection;
  logger: Logger;
  // biome-ignore lint/suspicious/noExplicitAny: each definition keeps its own payload type
  jobs: JobDefinition<any>[];
  work?: boolean;
  timing?: Partial<QueueTiming>;
}): Promise<JobQueue> {
  const { connection, logger } = options;
  const timing = { ...DEFAULT_QUEUE_TIMING, ...options.timing };
  const boss = new PgBoss({
    ...(connection.kind === 'pglite'
      ? { db: fromPglite(connection.client), backend: 'pglite' as const }
      : { connectionString: connection.url, max: 4, application_name: 'polymath-jobs' }),
    useListenNotify: true,
    superviseIntervalSeconds: timing.superviseSeconds,
    monitorIntervalSeconds: timing.superviseSeconds,
  });
  boss.on('error', (err: unknown) => logger.warn({ err }, 'job queue error'));
  await boss.start();

  const byName = new Map<string, JobDefinition<unknown>>();
  for (const job of options.jobs) {
    if (byName.has(job.name)) throw new Error(`job ${job.name} is declared twice`);
    byName.set(job.name, job);
    if (job.onDead) await boss.createQueue(deadQueue(job.name), { retryLimit: 3, retryDelay: 5, retryBackoff: true });
    const settings = {
      retryLimit: job.retries,
      retryDelay: job.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: job.timeoutSeconds,
      heartbeatSeconds: Math.max(10, timing.heartbeatSeconds),
      notify: true,
      ...(job.onDead ? { deadLetter: deadQueue(job.name) } : {}),
    };
    // createQueue leaves an existing queue as it was created: the definition's settings of this
    // version (more retries, a longer timeout…) are applied to it too.
    await boss.createQueue(job.name, settings);
    await boss.updateQueue(job.name, { ...settings, deadLetter: settings.deadLetter ?? null });
    if (job.schedule) await boss.schedule(job.name, job.schedule, {}, { tz: 'UTC' });
    else await boss.unschedule(job.name).catch(() => {});
  }

  if (connection.kind === 'pglite') {
    const names = options.jobs.flatMap((job) => (job.onDead ? [job.name, deadQueue(job.name)] : [job.name]));
    await failOrphanedRuns(boss, names, logger);
  }

  let stopping: Promise<void> | undefined;
  const queue: JobQueue = {
    async send(job, payload, sendOptions = {}) {
      const definition = byName.get(job.name);
      if (!definition) throw new Error(`job ${job.name} was not declared to the queue`);
      const data = job.payload.parse(payload) as object;
      const group = definition.group?.(data);
      const id = await boss.send(job.name, data, {
        // Drizzle's execute answers { rows } on both drivers, which is what the adapter reads.
        ...(sendOptions.tx ? { db: fromDrizzle(sendOptions.tx as Parameters<typeof fromDrizzle>[0], sql) } : {}),
        ...(sendOptions.delaySeconds ? { startAfter: sendOptions.delaySeconds } : {}),
        ...(group ? { group: { id: group } } : {}),
      });
      if (!id) throw new Error(`job ${job.name} was not stored`);
      return id;
    },
    inspect: inspectorOf(boss),
    async status(job, id) {
      const found = await boss.getJobById(job.name, id);
      if (!found) return null;
      return { id: found.id, state: found.state, retryCount: found.retryCount };
    },
    stop(graceMs) {
      stopping ??= boss
        .stop({ graceful: true, timeout: Math.max(1000, graceMs), close: true })
        .catch((err: unknown) => {
          logger.warn({ err }, 'job queue did not stop cleanly');
        });
      return stopping;
    },
  };

  if (options.work !== false) {
    const db = boss.getDb();
    for (const job of options.jobs) {
      const log = logger.child({ job: job.name });
      // One worker per slot, each knowing its own id: a worker that has just settled a job looks for
      // the next one at once (notifyWorker skips its poll delay) instead of after pollSeconds. With a
      // backlog, slots stay busy; for a group at its bound (one person's images), its next job starts
      // as the last one ends rather than up to a poll later. An empty fetch sends the worker back to
      // polling, so an idle queue costs one more fetch per job, no loop.
      for (let slot = 0; slot < job.concurrency; slot++) {
        // Unset only if a first job ended before work() returned (in-process PGlite answers within
        // microtasks): that job's worker then waits for its poll, as before.
        let workerId: string | undefined;
        workerId = await boss.work(
          job.name,
          {
            localConcurrency: 1,
            batchSize: 1,
            pollingIntervalSeconds: timing.pollSeconds,
            // A notification wakes the worker for a new job; retries coming due send none, so the
            // poll keeps its own pace instead of pg-boss's 30 s default once notifications are on.
            notifyPollingIntervalSeconds: timing.pollSeconds,
            // Counted in the database (pg-boss's group concurrency), so the bound holds across instances
            // almost always; waitForTurn below makes it exact.
            ...(job.group ? { groupConcurrency: job.groupConcurrency ?? 1 } : {}),
          },
          async ([item]: Job<unknown>[]) => {
            if (!item) return;
            const parsed = job.payload.safeParse(item.data);
            if (!parsed.success) {
              // Trying again cannot fix a payload: settle it and say so.
              log.error({ jobId: item.id, issues: parsed.error.issues }, 'job payload is not valid; dropped');
              return;
            }
            const started = performance.now();
            let outcome = 'failed';
            try {
              if (job.group && item.groupId) {
                await waitForTurn(db, item, job.groupConcurrency ?? 1, timing.pollSeconds);
              }
              await job.handler(parsed.data, {
                id: item.id,
                retryCount: item.retryCount,
                signal: item.signal,
                logger: log.child({ jobId: item.id, try: item.retryCount + 1 }),
                jobs: queue,
              });
              outcome = 'completed';
            } finally {
              jobRuns.inc({ queue: job.name, outcome });
              jobDuration.observe({ queue: job.name, outcome }, (performance.now() - started) / 1000);
              // pg-boss settles the job when this returns, then this worker fetches again at once.
              if (workerId) boss.notifyWorker(workerId);
            }
          },
        );
      }
      const onDead = job.onDead;
      if (onDead) {
        await boss.work(
          deadQueue(job.name),
          {
            batchSize: 1,
            pollingIntervalSeconds: timing.pollSeconds,
            notifyPollingIntervalSeconds: timing.pollSeconds,
          },
          async ([item]: Job<unknown>[]) => {
            if (!item) return;
            const parsed = job.payload.safeParse(item.data);
            if (parsed.success) await onDead(parsed.data, log);
          },
        );
      }
    }
  }

  return queue;
}

/**
 * Holds a grouped job until fewer than `limit` jobs of its group that come before it (created
 * earlier; the id breaks ties) are running. pg-boss's fetch checks the group's running jobs in a
 * plain read, so fetches running at the same moment (several workers, several instances) can each
 * take a job of one group before either's start commits; only the earliest `limit` of those then
 * run, in order, and the others wait here (decision 041).
 *
 * The read locks the earlier jobs it looks at (FOR KEY SHARE, the weakest lock): one that a fetch
 * is taking right now is locked by that fetch, so the read waits for it to commit and sees it
 * running, instead of seeing it still waiting. That lock does not conflict with pg-boss's updates
 * of state, heartbeat or output, so nothing else waits on it. The conditions are pg-boss's own
 * partial indexes' (running jobs by group, fetchable waiting jobs): the finished jobs pg-boss keeps
 * for a week are not read.
 *
 * It cannot deadlock: a job only waits for earlier ones, so the earliest running job of a group
 * never waits, and a running job whose process died stops counting when pg-boss fails it (its
 * heartbeat or timeout). The wait uses up the job's own timeout and ends with its signal.
 */
async function waitForTurn(
  db: ReturnType<PgBoss['getDb']>,
  job: Job<unknown>,
  limit: number,
  pollSeconds: number,
): Promise<void> {
  for (;;) {
    const { rows } = await db.executeSql(
      `select count(*) filter (where state = 'active')::int as ahead from (
         select other.state from pgboss.job other
         join pgboss.job me on me.name = $1 and me.id = $2::uuid
         where other.name = $1 and other.group_id = $3 and other.id <> me.id
           and (other.state = 'active' or (other.state < 'active' and not other.blocked))
           and (other.created_on, other.id) < (me.created_on, me.id)
         for key share of other
       ) earlier`,
      [job.name, job.id, job.groupId],
    );
    if (Number((rows[0] as { ahead: number } | undefined)?.ahead ?? 0) < limit) return;
    job.signal.throwIfAborted();
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        job.signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, pollSeconds * 1000);
      job.signal.addEventListener('abort', done);
    });
    job.signal.throwIfAborted();
  }
}

/**
 * PGlite's data belongs to one process (decision 003) and that process starts one queue, so a job
 * still `active` when the queue starts was running in a process that died (killed, out of memory,
 * power cut). pg-boss would notice only once the job's heartbeat goes stale (heartbeatSeconds plus a
 * supervisor pass); failing that try now gets it retried at once (after its retry delay), or dead
 * with onDead after its last try, exactly as a stale heartbeat would. Each fail is fenced to the
 * try it read, so it cannot touch a later one. Not on PostgreSQL: other instances may be running
 * those jobs right now, and only their heartbeats tell.
 */
async function failOrphanedRuns(boss: PgBoss, names: string[], logger: Logger): Promise<void> {
  for (const name of names) {
    const orphans = (await boss.findJobs(name)).filter((job) => job.state === 'active');
    if (orphans.length === 0) continue;
    await boss.fail(
      name,
      orphans.map((job) => ({ id: job.id, retryCount: job.retryCount })),
      { message: 'the process running this job stopped' },
    );
    logger.warn(
      { job: name, ids: orphans.map((job) => job.id) },
      'jobs left running by a stopped process count as a failed try',
    );
  }
}

type JobRow = {
  id: string;
  name: string;
  state: JobState;
  data: unknown;
  output: unknown;
  retry_count: number;
  created_on: Date | string;
  completed_on: Date | string | null;
};

const JOB_COLUMNS = 'id::text as id, name, state::text as state, data, output, retry_count, created_on, completed_on';

function toStoredJob(row: JobRow): StoredJob {
  return {
    id: row.id,
    name: row.name,
    state: row.state,
    data: row.data,
    output: row.output,
    retryCount: Number(row.retry_count),
    createdOn: new Date(row.created_on),
    completedOn: row.completed_on === null ? null : new Date(row.completed_on),
  };
}

/** Reads pg-boss's own table (schema pgboss) through its connection; changes go through its API. */
function inspectorOf(boss: PgBoss): QueueInspector {
  const db = boss.getDb();
  return {
    async counts() {
      const queues = (await boss.getQueues()).map((q) => q.name).sort();
      const { rows } = await db.executeSql(
        'select name, state::text as state, count(*)::int as n from pgboss.job group by name, state',
      );
      const counts = new Map(queues.map((name) => [name, { name, waiting: 0, running: 0, failed: 0, completed: 0 }]));
      for (const row of rows as { name: string; state: JobState; n: number }[]) {
        let entry = counts.get(row.name);
        if (!entry) {
          entry = { name: row.name, waiting: 0, running: 0, failed: 0, completed: 0 };
          counts.set(row.name, entry);
        }
        const n = Number(row.n);
        if (row.state === 'created' || row.state === 'retry') entry.waiting += n;
        else if (row.state === 'active') entry.running += n;
        else if (row.state === 'failed') entry.failed += n;
        else if (row.state === 'completed') entry.completed += n;
      }
      return [...counts.values()].sort((a, b) => a.name.localeCompare(b.name));
    },
    async failed(limit, name) {
      const { rows } = await db.executeSql(
        `select ${JOB_COLUMNS} from pgboss.job where state = 'failed' and ($1::text is null or name = $1)
         order by completed_on desc nulls last, id desc limit $2`,
        [name ?? null, limit],
      );
      return (rows as JobRow[]).map(toStoredJob);
    },
    async find(id) {
      const { rows } = await db.executeSql(`select ${JOB_COLUMNS} from pgboss.job where id = $1::uuid`, [id]);
      const row = (rows as JobRow[])[0];
      return row ? toStoredJob(row) : null;
    },
    async retry(name, id) {
      await boss.retry(name, id);
    },
    async remove(name, id) {
      await boss.deleteJob(name, id);
    },
  };
}

/** For an app built without workers (some tests): sending work is refused as unavailable. */
export const NO_JOB_QUEUE: JobQueue = {
  send() {
    return Promise.reject(new Error('the job queue is not started'));
  },
  status: async () => null,
  stop: async () => {},
};
