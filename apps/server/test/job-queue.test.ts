import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLogger } from '../src/lib/logger.ts';
import { defineJob, type JobDefinition } from '../src/lib/queue/job.ts';
import { type JobQueue, startJobQueue } from '../src/lib/queue/job-queue.ts';
import { until } from './chat-helpers.ts';
import { describeEachDatabase } from './databases.ts';

const logger = createLogger('silent');
const FAST = { pollSeconds: 0.5, heartbeatSeconds: 10, superviseSeconds: 1 };

/** What the handlers of this suite saw, by test. */
const seen = new Map<string, { tries: number[]; dead: number; done: number }>();
const record = (key: string) => {
  const entry = seen.get(key) ?? { tries: [], dead: 0, done: 0 };
  seen.set(key, entry);
  return entry;
};

const payload = z.object({ key: z.string(), failTimes: z.number().int().default(0), hangMs: z.number().default(0) });

const flaky = defineJob({
  name: 'test-flaky',
  payload,
  retries: 2,
  retryDelaySeconds: 0,
  timeoutSeconds: 30,
  concurrency: 2,
  async handler(p, run) {
    const entry = record(p.key);
    entry.tries.push(run.retryCount);
    if (entry.tries.length <= p.failTimes) throw new Error(`fails on try ${entry.tries.length}`);
    entry.done += 1;
  },
  async onDead(p) {
    record(p.key).dead += 1;
  },
});

const slow = defineJob({
  name: 'test-slow',
  payload,
  retries: 0,
  retryDelaySeconds: 0,
  timeoutSeconds: 1,
  concurrency: 1,
  async handler(p, run) {
    const entry = record(p.key);
    entry.tries.push(run.retryCount);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, p.hangMs);
      run.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    if (!run.signal.aborted) entry.done += 1;
  },
  async onDead(p) {
    record(p.key).dead += 1;
  },
});

/** Runs of the grouped job: when each started and ended, by group. */
const runs: { group: string; n: number; start: number; end: number }[] = [];
const grouped = defineJob({
  name: 'test-grouped',
  payload: z.object({ group: z.string(), n: z.number().int() }),
  retries: 0,
  retryDelaySeconds: 0,
  timeoutSeconds: 30,
  concurrency: 4,
  group: (p) => p.group,
  async handler(p, run) {
    const start = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 150));
    runs.push({ group: p.group, n: p.n, start, end: Date.now() });
    // A follow-up job, sent through the queue the job runs on.
    if (p.n === 0) await run.jobs.send(flaky, { key: `follow-${p.group}`, failTimes: 0, hangMs: 0 });
  },
});

/** Fair jobs: one person's queued jobs take at most 2 workers; when each started, by person. */
const fairStarts: { person: string; at: number }[] = [];
let releaseFair: () => void = () => {};
let fairReleased = new Promise<void>((resolve) => {
  releaseFair = resolve;
});
const fair = defineJob({
  name: 'test-fair',
  payload: z.object({ person: z.string(), n: z.number().int() }),
  retries: 0,
  retryDelaySeconds: 0,
  timeoutSeconds: 60,
  concurrency: 4,
  group: (p) => p.person,
  groupConcurrency: 2,
  async handler(p) {
    fairStarts.push({ person: p.person, at: Date.now() });
    // Everyone's jobs hold their worker until the test lets them go (or 15 s pass).
    await Promise.race([fairReleased, new Promise((r) => setTimeout(r, 15_000))]);
  },
});

describeEachDatabase('job queue', { exercises: ['job-queue'] }, (ctx) => {
  let queue: JobQueue;
  beforeAll(async () => {
    queue = await startJobQueue({
      connection: ctx.database.queueConnection,
      logger,
      jobs: [flaky, slow, grouped, fair] as JobDefinition<unknown>[],
      timing: FAST,
    });
  }, 60_000);
  afterAll(async () => {
    await queue.stop(1000);
  });

  it('runs a job once and reports it completed', async () => {
    const key = `${ctx.kind}-once`;
    const id = await queue.send(flaky, { key, failTimes: 0, hangMs: 0 });
    await until(async () => (await queue.status(flaky, id))?.state === 'completed');
    expect(record(key)).toEqual({ tries: [0], dead: 0, done: 1 });
  });

  it('retries a failing job until it succeeds', async () => {
    const key = `${ctx.kind}-retry`;
    const id = await queue.send(flaky, { key, failTimes: 2, hangMs: 0 });
    await until(async () => (await queue.status(flaky, id))?.state === 'completed', 20_000);
    expect(record(key).tries).toEqual([0, 1, 2]);
    expect(record(key).dead).toBe(0);
  });

  it('gives up after its retries and calls onDead once', async () => {
    const key = `${ctx.kind}-dead`;
    const id = await queue.send(flaky, { key, failTimes: 99, hangMs: 0 });
    await until(async () => record(key).dead === 1, 20_000);
    expect((await queue.status(flaky, id))?.state).toBe('failed');
    expect(record(key).tries).toEqual([0, 1, 2]);
    expect(record(key).done).toBe(0);
  });

  it('abandons a run past its timeout: its signal aborts and the job is dead', async () => {
    const key = `${ctx.kind}-timeout`;
    const id = await queue.send(slow, { key, failTimes: 0, hangMs: 60_000 });
    await until(async () => record(key).dead === 1, 20_000);
    expect((await queue.status(slow, id))?.state).toBe('failed');
    expect(record(key).done).toBe(0);
  });

  it('runs the jobs of one group one at a time, in order, and different groups side by side', async () => {
    const a = `${ctx.kind}-a`;
    const b = `${ctx.kind}-b`;
    for (let n = 0; n < 3; n++) {
      await queue.send(grouped, { group: a, n });
      await queue.send(grouped, { group: b, n });
    }
    await until(async () => runs.filter((r) => r.group === a || r.group === b).length === 6, 20_000);
    for (const group of [a, b]) {
      const mine = runs.filter((r) => r.group === group);
      expect(mine.map((r) => r.n)).toEqual([0, 1, 2]);
      for (let i = 1; i < mine.length; i++) {
        expect(mine[i]?.start).toBeGreaterThanOrEqual(mine[i - 1]?.end ?? Number.POSITIVE_INFINITY);
      }
    }
    const [firstA, firstB] = [runs.find((r) => r.group === a), runs.find((r) => r.group === b)];
    // Both groups' first jobs ran at the same time (concurrency 4 across groups).
    expect((firstA?.start ?? 0) < (firstB?.end ?? 0) && (firstB?.start ?? 0) < (firstA?.end ?? 0)).toBe(true);
    await until(async () => record(`follow-${a}`).done === 1 && record(`follow-${b}`).done === 1);
  });

  it("one person's long queue does not hold back another person's single job (a bounded share of the workers)", async () => {
    fairReleased = new Promise<void>((resolve) => {
      releaseFair = resolve;
    });
    const a = `${ctx.kind}-fair-a`;
    const b = `${ctx.kind}-fair-b`;
    for (let n = 0; n < 20; n++) await queue.send(fair, { person: a, n });
    await until(async () => fairStarts.filter((s) => s.person === a).length === 2);
    await queue.send(fair, { person: b, n: 0 });
    // B's one job starts while A's 18 others still wait: A never holds more than its 2 workers. The
    // limits are generous: a loaded CI machine took over 10 s for B's job to be fetched and started.
    await until(async () => fairStarts.some((s) => s.person === b), 30_000);
    expect(fairStarts.filter((s) => s.person === a)).toHaveLength(2);
    releaseFair();
    await until(async () => fairStarts.filter((s) => s.person === a).length === 20, 45_000);
  }, 120_000);

  it('refuses a payload that does not match its schema before storing anything', async () => {
    await expect(queue.send(flaky, { key: 1 } as never)).rejects.toThrow();
  });

  it('stores a job sent in a transaction only when the transaction commits', async () => {
    const key = `${ctx.kind}-tx`;
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await queue.send(flaky, { key, failTimes: 0, hangMs: 0 }, { tx });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    let committed = '';
    await ctx.database.db.transaction(async (tx) => {
      committed = await queue.send(flaky, { key: `${key}-kept`, failTimes: 0, hangMs: 0 }, { tx });
      await tx.execute(sql`select 1`);
    });
    await until(async () => (await queue.status(flaky, committed))?.state === 'completed');
    expect(seen.has(key)).toBe(false);
    expect(record(`${key}-kept`).done).toBe(1);
  });
});

/** Runs of the raced job: when each started and ended, by group, whichever instance ran it. */
const raceRuns: { group: string; n: number; start: number; end: number }[] = [];
const raced = defineJob({
  name: 'test-raced',
  payload: z.object({ group: z.string(), n: z.number().int() }),
  retries: 0,
  retryDelaySeconds: 0,
  timeoutSeconds: 30,
  concurrency: 8,
  group: (p) => p.group,
  async handler(p) {
    // Taken before any await, so a run that starts too early is caught however briefly it overlaps.
    const start = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 100));
    raceRuns.push({ group: p.group, n: p.n, start, end: Date.now() });
  },
});

/** Two images of one person at a time, raced the same way. */
const racedPairs = defineJob({ ...raced, name: 'test-raced-pairs', groupConcurrency: 2 });

/** Runs the jobs of `groups` × `perGroup` on two instances of 8 workers that all start on them at once. */
async function raceOnTwoInstances(
  connection: Parameters<typeof startJobQueue>[0]['connection'],
  job: JobDefinition<unknown>,
  groups: string[],
  perGroup: number,
): Promise<Map<string, typeof raceRuns>> {
  // The jobs wait before any worker runs, so both instances' 8 workers each fetch at once: pg-boss's
  // group check alone lets two of those fetches take two jobs of one group (decision 041).
  const sender = await startJobQueue({ connection, logger, jobs: [job], timing: FAST, work: false });
  for (let n = 0; n < perGroup; n++) for (const group of groups) await sender.send(job, { group, n });
  await sender.stop(1000);
  const instances = await Promise.all(
    [0, 1].map(() => startJobQueue({ connection, logger, jobs: [job], timing: FAST })),
  );
  const mine = () => raceRuns.filter((r) => groups.includes(r.group));
  try {
    await until(async () => mine().length === groups.length * perGroup, 30_000);
  } finally {
    await Promise.all(instances.map((instance) => instance.stop(1000)));
  }
  return new Map(
    groups.map((g) => [
      g,
      mine()
        .filter((r) => r.group === g)
        .sort((x, y) => x.start - y.start),
    ]),
  );
}

describeEachDatabase('job groups across instances', { exercises: ['job-queue', 'several-instances'] }, (ctx) => {
  it('runs the jobs of one group one at a time and in order, even when many workers of two instances fetch at the same moment', async () => {
    const groups = ['a', 'b', 'c', 'd'].map((g) => `${ctx.kind}-race-${g}`);
    const byGroup = await raceOnTwoInstances(ctx.database.queueConnection, raced as JobDefinition<unknown>, groups, 5);
    for (const runs of byGroup.values()) {
      expect(runs.map((r) => r.n)).toEqual([0, 1, 2, 3, 4]);
      for (let i = 1; i < runs.length; i++) {
        expect(runs[i]?.start).toBeGreaterThanOrEqual(runs[i - 1]?.end ?? Number.POSITIVE_INFINITY);
      }
    }
  }, 90_000);

  it('runs at most groupConcurrency (2) jobs of one group at once, even when many workers fetch at the same moment', async () => {
    const groups = ['a', 'b'].map((g) => `${ctx.kind}-pairs-${g}`);
    const byGroup = await raceOnTwoInstances(
      ctx.database.queueConnection,
      racedPairs as JobDefinition<unknown>,
      groups,
      8,
    );
    for (const runs of byGroup.values()) {
      for (const run of runs) {
        expect(runs.filter((r) => r.start <= run.start && run.start < r.end).length).toBeLessThanOrEqual(2);
      }
    }
  }, 90_000);

  // On PGlite a fetch is one statement on the one connection: nothing runs while it is under way.
  it.skipIf(ctx.kind === 'pglite')(
    'a job waits for an earlier job of its group that another fetch is taking at that very moment',
    async () => {
      const heldStarts: { n: number; at: number }[] = [];
      const held = defineJob({
        ...raced,
        name: 'test-held',
        async handler(p) {
          heldStarts.push({ n: p.n, at: Date.now() });
        },
      }) as JobDefinition<unknown>;
      const sender = await startJobQueue({
        connection: ctx.database.queueConnection,
        logger,
        jobs: [held],
        timing: FAST,
        work: false,
      });
      const first = await sender.send(held, { group: 'held', n: 0 });
      const second = await sender.send(held, { group: 'held', n: 1 });
      await sender.stop(1000);
      let worker: JobQueue | undefined;
      try {
        // This transaction plays a fetch of another instance that has locked the first job and not
        // yet committed it as running: the worker's own fetch skips it and takes the second.
        await ctx.database.db.transaction(async (tx) => {
          await tx.execute(sql`select 1 from pgboss.job where name = 'test-held' and id = ${first}::uuid for update`);
          worker = await startJobQueue({
            connection: ctx.database.queueConnection,
            logger,
            jobs: [held],
            timing: FAST,
          });
          const running = worker;
          // (Or already completed: the second job's handler returns at once if nothing holds it.)
          await until(async () => ['active', 'completed'].includes((await running.status(held, second))?.state ?? ''));
          await new Promise((resolve) => setTimeout(resolve, 500));
          await tx.execute(
            sql`update pgboss.job set state = 'active', started_on = now() where name = 'test-held' and id = ${first}::uuid`,
          );
        });
        // The first job now runs "elsewhere"; the second waits for it to end.
        await new Promise((resolve) => setTimeout(resolve, 1000));
        expect(heldStarts).toEqual([]);
        const endedAt = Date.now();
        await ctx.database.db.execute(
          sql`update pgboss.job set state = 'completed', completed_on = now() where name = 'test-held' and id = ${first}::uuid`,
        );
        await until(async () => heldStarts.length === 1, 10_000);
        expect(heldStarts[0]?.n).toBe(1);
        expect(heldStarts[0]?.at).toBeGreaterThanOrEqual(endedAt);
      } finally {
        await worker?.stop(1000);
      }
    },
    60_000,
  );
});

describe('job names', () => {
  it('refuses names that are not lowercase words joined by dashes', () => {
    expect(() => defineJob({ ...flaky, name: 'Bad Name' })).toThrow();
  });
});

describeEachDatabase('job queue settings across versions', { exercises: ['job-queue'] }, (ctx) => {
  it('a changed definition applies to the queue an earlier version created (its retries, here)', async () => {
    const versioned = (retries: number) =>
      defineJob({ ...flaky, name: 'test-versioned', retries }) as JobDefinition<unknown>;
    const first = await startJobQueue({
      connection: ctx.database.queueConnection,
      logger,
      jobs: [versioned(3)],
      timing: FAST,
      work: false,
    });
    await first.stop(1000);
    const second = await startJobQueue({
      connection: ctx.database.queueConnection,
      logger,
      jobs: [versioned(0)],
      timing: FAST,
    });
    try {
      const key = `${ctx.kind}-versioned`;
      const id = await second.send(versioned(0), { key, failTimes: 99, hangMs: 0 });
      await until(async () => record(key).dead === 1, 20_000);
      expect(record(key).tries).toEqual([0]);
      expect((await second.status(versioned(0), id))?.state).toBe('failed');
    } finally {
      await second.stop(1000);
    }
  }, 90_000);
});

describeEachDatabase('a worker that ends a job', { exercises: ['job-queue'] }, (ctx) => {
  it("fetches the next one at once instead of at its next poll: one group's jobs run back to back", async () => {
    const ran: number[] = [];
    const chain = defineJob({
      name: 'test-chain',
      payload: z.object({ n: z.number().int() }),
      retries: 0,
      retryDelaySeconds: 0,
      timeoutSeconds: 30,
      concurrency: 1,
      group: () => 'one-person',
      async handler(p) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        ran.push(p.n);
      },
    }) as JobDefinition<unknown>;
    // A poll that never comes within the test: only the sends' notifications and the worker's own
    // fetch after each job can start a job. The notifications all arrive while job 0 runs, so they
    // account for job 1 at most; jobs 2 and 3 start only because the worker looks again at once.
    const queue = await startJobQueue({
      connection: ctx.database.queueConnection,
      logger,
      jobs: [chain],
      timing: { ...FAST, pollSeconds: 600 },
    });
    try {
      for (let n = 0; n < 4; n++) await queue.send(chain, { n });
      await until(async () => ran.length === 4, 20_000);
      expect(ran).toEqual([0, 1, 2, 3]);
    } finally {
      await queue.stop(1000);
    }
  }, 60_000);
});
