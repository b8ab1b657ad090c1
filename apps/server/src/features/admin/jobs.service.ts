import type { FailedJob, JobsOverview } from '@polymath/shared/admin/admin.schema';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { QueueInspector, StoredJob } from '../../lib/queue/job-queue.ts';
import { type AdminActor, recordAdminAction } from './audit-log.ts';

/** Failed jobs the page lists, newest first. */
const FAILED_SHOWN = 100;
const ERROR_CHARS = 300;

/** Keys whose values may be a secret or a person's own words: shown only as their length. */
const PRIVATE_KEY =
  /secret|token|password|passw|key|text|prompt|body|content|caption|email|phone|name|message|url|link|query|address/i;
/** Values that are identifiers: letters, digits and - _ . : only (no spaces, no @). */
const ID_VALUE = /^[A-Za-z0-9_.:-]{1,80}$/;
const isIdKey = (key: string) => /(^id|Id|_id|Ids|_ids)$/.test(key);

function summariseValue(key: string, value: unknown, depth: number): unknown {
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string') {
    const shown = ID_VALUE.test(value) && (isIdKey(key) || !PRIVATE_KEY.test(key));
    return shown ? value : `[${value.length} characters]`;
  }
  if (Array.isArray(value)) return `[${value.length} items]`;
  if (typeof value === 'object' && depth < 1) return summarisePayload(value, depth + 1);
  return '[object]';
}

/**
 * What an operator sees of a job's payload: ids, numbers and flags as they are; any other text only
 * as its length, so no secret and no person's words leave the server (decision 037).
 */
export function summarisePayload(data: unknown, depth = 0): Record<string, unknown> {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return {};
  return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, summariseValue(key, value, depth)]));
}

/** The failure's message (pg-boss keeps the thrown error as the output), without its stack. */
export function errorOf(output: unknown): string {
  const o = output as { message?: unknown; value?: unknown } | null;
  const message = typeof o?.message === 'string' ? o.message : typeof o?.value === 'string' ? o.value : '';
  const text = message || (output ? JSON.stringify(output).slice(0, ERROR_CHARS) : '');
  return text.length > ERROR_CHARS ? `${text.slice(0, ERROR_CHARS)}…` : text;
}

function toFailedJob(job: StoredJob): FailedJob {
  return {
    id: job.id,
    queue: job.name,
    error: errorOf(job.output),
    payload: summarisePayload(job.data),
    retryCount: job.retryCount,
    createdAt: job.createdOn.toISOString(),
    failedAt: job.completedOn?.toISOString() ?? null,
  };
}

function inspectorOrFail(inspector: QueueInspector | undefined): QueueInspector {
  if (!inspector) throw new AppError('SERVICE_UNAVAILABLE', 'The job queue is not running on this instance.');
  return inspector;
}

export async function jobsOverview(inspector: QueueInspector | undefined, queue?: string): Promise<JobsOverview> {
  const q = inspectorOrFail(inspector);
  const [queues, failed] = await Promise.all([q.counts(), q.failed(FAILED_SHOWN, queue)]);
  return { queues, failed: failed.map(toFailedJob) };
}

async function failedJob(q: QueueInspector, id: string): Promise<StoredJob> {
  const job = await q.find(id);
  if (!job) throw new AppError('NOT_FOUND', 'No such job.');
  if (job.state !== 'failed') throw new AppError('BAD_REQUEST', 'Only a failed job can be retried or deleted.');
  return job;
}

/** What the audit log keeps of a failed job before an operator acts on it. */
function failedJobSummary(job: Awaited<ReturnType<typeof failedJob>>) {
  return {
    state: 'failed',
    retryCount: job.retryCount,
    error: errorOf(job.output),
    payload: summarisePayload(job.data),
  };
}

/** A failed job goes back to its queue for another try; audited with its summary. */
export async function retryJob(db: Db, inspector: QueueInspector | undefined, actor: AdminActor, id: string) {
  const q = inspectorOrFail(inspector);
  const job = await failedJob(q, id);
  await q.retry(job.name, job.id);
  await recordAdminAction(db, {
    actor,
    action: 'job.retry',
    target: `${job.name}/${job.id}`,
    before: failedJobSummary(job),
    after: { state: 'retry' },
  });
}

/** A failed job is removed for good; audited with its summary. */
export async function deleteJob(db: Db, inspector: QueueInspector | undefined, actor: AdminActor, id: string) {
  const q = inspectorOrFail(inspector);
  const job = await failedJob(q, id);
  await q.remove(job.name, job.id);
  await recordAdminAction(db, {
    actor,
    action: 'job.delete',
    target: `${job.name}/${job.id}`,
    before: failedJobSummary(job),
    after: null,
  });
}
