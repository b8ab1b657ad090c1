import { z } from 'zod';
import { defineJob, jobRef } from '../../../lib/queue/job.ts';
import { type FoldDeps, foldThread } from './summary-fold.ts';

/** Sent by a turn whose thread's messages after its summary outgrew the history cap (decision 028). */
export const threadSummaryJob = jobRef('thread-summary', z.object({ threadId: z.string().min(1).max(64) }));

const RETRIES = 2;

/**
 * Folds the oldest block of a long thread into its summary. One thread's folds run one at a time
 * (grouped by thread); a fold that finds nothing due does nothing, so a turn may send it freely.
 * When the summary model keeps failing, the last try stores an extract instead, so the chat goes on.
 */
export function createThreadSummaryJob(deps: FoldDeps, options: { retryDelaySeconds?: number } = {}) {
  return defineJob({
    ...threadSummaryJob,
    retries: RETRIES,
    retryDelaySeconds: options.retryDelaySeconds ?? 30,
    timeoutSeconds: 180,
    concurrency: 2,
    group: (payload) => payload.threadId,
    async handler(payload, run) {
      const folded = await foldThread(deps, payload.threadId, {
        fallback: run.retryCount >= RETRIES,
        signal: run.signal,
      });
      if (folded) run.logger.debug({ threadId: payload.threadId }, 'earlier messages summarised');
    },
  });
}
