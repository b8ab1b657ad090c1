import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { defineJob } from '../../lib/queue/job.ts';
import { deleteExpiredData } from './retention.service.ts';

/**
 * The privacy policy's retention periods, kept: once a day, by one instance at a time. A pass deletes
 * only rows already past their period, so running it twice (a retry, two schedules) changes nothing.
 */
export function deleteExpiredDataJob(db: Db) {
  return defineJob({
    name: 'delete-expired-data',
    payload: z.object({}),
    schedule: '41 3 * * *',
    retries: 2,
    retryDelaySeconds: 600,
    timeoutSeconds: 1800,
    concurrency: 1,
    async handler(_payload, run) {
      const deleted = await deleteExpiredData(db);
      if (Object.values(deleted).some((n) => n > 0)) run.logger.info({ deleted }, 'expired data deleted');
    },
  });
}
