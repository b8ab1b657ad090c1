import { z } from 'zod';
import type { Logger } from '../src/lib/logger.ts';
import { defineJob, type JobDefinition, type JobRun } from '../src/lib/queue/job.ts';
import type { QueueTiming } from '../src/lib/queue/job-queue.ts';

/**
 * The jobs of the crash-and-restart test (job-crash.test.ts), declared once for both sides: the
 * child process that runs them until it is killed (job-crash-child.ts) and the test process that
 * starts the queue again on the same database. Only the handlers differ.
 */

export const crashPayload = z.object({ key: z.string(), failTries: z.number().int().min(0).default(0) });
export type CrashPayload = z.infer<typeof crashPayload>;

export type CrashHandlers = {
  run(payload: CrashPayload, run: JobRun): Promise<void>;
  dead(payload: CrashPayload, logger: Logger): Promise<void>;
};

/** A job with tries to spare: killed on its first try, it must run again after the restart. */
export const SPARE_TRIES_JOB = 'crash-spare-tries';
/** A job on its last try when killed: after the restart it must be dead and its onDead must run. */
export const LAST_TRY_JOB = 'crash-last-try';

export function crashJobs(handlers: CrashHandlers): JobDefinition<CrashPayload>[] {
  const common = {
    payload: crashPayload,
    retryDelaySeconds: 0,
    // Far beyond the test: a retry must come from the crash being noticed, not from a timeout.
    timeoutSeconds: 300,
    concurrency: 1,
    handler: handlers.run,
    onDead: handlers.dead,
  };
  return [
    defineJob({ ...common, name: SPARE_TRIES_JOB, retries: 2 }),
    defineJob({ ...common, name: LAST_TRY_JOB, retries: 1 }),
  ];
}

/** What both processes start the queue with; heartbeatSeconds differs per database (see the test). */
export function crashTiming(heartbeatSeconds: number): Partial<QueueTiming> {
  return { pollSeconds: 0.5, heartbeatSeconds, superviseSeconds: 1 };
}
