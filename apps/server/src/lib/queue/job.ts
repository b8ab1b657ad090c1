import type { z } from 'zod';
import type { Logger } from '../logger.ts';

/** What a handler learns about the run it is in. */
export type JobRun = {
  id: string;
  /** 0 on the first try, then 1, 2… */
  retryCount: number;
  /** Aborted when the job runs past its timeout or the process shuts down: stop and give up. */
  signal: AbortSignal;
  logger: Logger;
  /** The queue this job runs on, to send the jobs that follow from it. */
  jobs: JobSender;
};

/** A Drizzle transaction (or the database itself): a job sent with it is stored only if it commits. */
type Executor = { execute(query: never): PromiseLike<unknown> };

export type SendOptions = {
  /** Send inside this transaction: the job exists only if the transaction commits. */
  tx?: Executor;
  /** Wait this long before the first try. */
  delaySeconds?: number;
};

/** Sending only: what a job's handler may do with the queue it runs on. */
export type JobSender = {
  send<P>(job: JobRef<P>, payload: P, options?: SendOptions): Promise<string>;
};

/**
 * A sender for wiring built before the queue has started (the chat turns, which the queue's own jobs
 * need): it sends to the queue it is given with `use`, and refuses until then.
 */
export function deferredJobSender(): JobSender & { use(queue: JobSender): void } {
  let queue: JobSender | null = null;
  return {
    use(q) {
      queue = q;
    },
    send(job, payload, options) {
      if (!queue) return Promise.reject(new Error('the job queue is not started'));
      return queue.send(job, payload, options);
    },
  };
}

/**
 * What sending a job needs to know: its queue and its payload. The side that sends (a tool's
 * function) holds only this; the side that works holds the whole definition with its handler.
 */
export type JobRef<P> = {
  /** The queue's name: lowercase words joined by dashes. */
  name: string;
  /** Checked when the job is sent and again when it runs. */
  payload: z.ZodType<P>;
};

/**
 * One kind of slow work done outside a request (an image, an OCR pass, a PDF, a WhatsApp reply).
 * Jobs are stored in the database, so they survive a restart, and run at least once: a handler must
 * be safe to run again for the same payload (check what is already done before doing it).
 */
export type JobDefinition<P> = JobRef<P> & {
  /** Throwing asks for another try; returning settles the job. */
  handler(payload: P, run: JobRun): Promise<void>;
  /** Tries after the first one fails (a job that throws every time runs 1 + retries times). */
  retries: number;
  /** Seconds before the first retry; doubled for each one after it. */
  retryDelaySeconds: number;
  /** A run still going after this long is abandoned (its signal aborts) and counts as a failed try. */
  timeoutSeconds: number;
  /** How many of these run at once in one process. */
  concurrency: number;
  /**
   * Called once when the job has failed for good (every try used, timeouts included), so what it
   * was making can be marked failed where the person sees it.
   */
  onDead?(payload: P, logger: Logger): Promise<void>;
  /** A cron expression (UTC): the job is also sent on this schedule, by one instance at a time. */
  schedule?: string;
  /**
   * Jobs of one group run `groupConcurrency` at a time (default 1), across all instances, oldest
   * first (one person's WhatsApp messages, answered in order; one person's images, a bounded share
   * of the workers). A job of a group at its bound is passed over for the next group's, so one
   * group's long queue never holds another's job back. A job fetched past its group's bound (two
   * fetches at once) waits in its worker for its turn (decision 041). An empty string: no group.
   * Without it, jobs run as they come, up to `concurrency`.
   */
  group?(payload: P): string;
  /** How many jobs of one group may run at once across all instances (with `group`; default 1). */
  groupConcurrency?: number;
};

/** Names a queue and its payload (checked: lowercase words joined by dashes). */
export function jobRef<P>(name: string, payload: z.ZodType<P>): JobRef<P> {
  if (!/^[a-z][a-z0-9-]{0,48}$/.test(name)) throw new Error(`bad job name ${name}`);
  return { name, payload };
}

/** Keeps the payload type of a definition. */
export function defineJob<P>(definition: JobDefinition<P>): JobDefinition<P> {
  jobRef(definition.name, definition.payload);
  return definition;
}
