import { sql } from 'drizzle-orm';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.ts';

/**
 * The process's Prometheus metrics (decision 036), served by `GET /metrics` to a scraper that
 * presents `METRICS_TOKEN`. One registry per process: every instance is scraped on its own and
 * Prometheus adds them up. Labels are closed sets (route patterns, model and queue names, status
 * codes, provider names): never a user id, an address, a path or free text.
 */
export const metricsRegistry = new Registry();
metricsRegistry.setDefaultLabels({ app: 'polymath' });
// Event-loop delay, heap, GC, handles, CPU: prom-client's defaults.
collectDefaultMetrics({ register: metricsRegistry, prefix: 'polymath_' });

const registers = [metricsRegistry];

export const httpRequests = new Counter({
  name: 'polymath_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status.',
  labelNames: ['method', 'route', 'status'] as const,
  registers,
});

export const httpDuration = new Histogram({
  name: 'polymath_http_request_duration_seconds',
  help: 'Time until the response headers, by method, route pattern and status (a stream is timed to its start).',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

export const timeToFirstToken = new Histogram({
  name: 'polymath_chat_time_to_first_token_seconds',
  help: 'From the start of an answer to its first token or function call, by model.',
  labelNames: ['model'] as const,
  buckets: [0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30, 60],
  registers,
});

export const turnContextDuration = new Histogram({
  name: 'polymath_chat_turn_context_seconds',
  help: "Building a turn's context within its budget (summary, newest messages, counts), before the model is asked, by model.",
  labelNames: ['model'] as const,
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25],
  registers,
});

export const answersStreaming = new Gauge({
  name: 'polymath_chat_answers_streaming',
  help: 'Answers this instance is generating now.',
  registers,
});

export const answersSettled = new Counter({
  name: 'polymath_chat_answers_total',
  help: 'Answers ended, by model and status (complete, stopped, failed, interrupted).',
  labelNames: ['model', 'status'] as const,
  registers,
});

export const tokensStreamed = new Counter({
  name: 'polymath_chat_output_tokens_total',
  help: 'Output tokens the providers reported for the answers streamed, by model.',
  labelNames: ['model'] as const,
  registers,
});

export const providerErrors = new Counter({
  name: 'polymath_provider_errors_total',
  help: "A model provider's failures, by provider and code (its HTTP status, or network, context_too_long, other).",
  labelNames: ['provider', 'code'] as const,
  registers,
});

export const creditRefusals = new Counter({
  name: 'polymath_credit_refusals_total',
  help: 'Messages refused because the free daily credits were used up.',
  registers,
});

export const signIns = new Counter({
  name: 'polymath_sign_ins_total',
  help: 'Sign-in attempts, by method (email, social) and outcome (success, failure).',
  labelNames: ['method', 'outcome'] as const,
  registers,
});

export const signUps = new Counter({
  name: 'polymath_sign_ups_total',
  help: 'Sign-up requests answered, by outcome (accepted, refused).',
  labelNames: ['outcome'] as const,
  registers,
});

export const payments = new Counter({
  name: 'polymath_payments_total',
  help: "Payment events from the provider's webhook, by outcome (succeeded, failed).",
  labelNames: ['outcome'] as const,
  registers,
});

export const refunds = new Counter({
  name: 'polymath_refunds_total',
  help: 'Refunds issued (a duplicate subscription ended), by outcome (refunded, not_refunded).',
  labelNames: ['outcome'] as const,
  registers,
});

export const jobRuns = new Counter({
  name: 'polymath_job_runs_total',
  help: 'Job tries this instance ran, by queue and outcome (completed, failed: retried or dead).',
  labelNames: ['queue', 'outcome'] as const,
  registers,
});

export const jobDuration = new Histogram({
  name: 'polymath_job_run_duration_seconds',
  help: 'How long one try of a job ran on this instance, by queue and outcome.',
  labelNames: ['queue', 'outcome'] as const,
  buckets: [0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
  registers,
});

const jobsWaiting = new Gauge({
  name: 'polymath_jobs_waiting',
  help: 'Jobs due and not yet started, by queue (the whole cluster: read from the queue tables).',
  labelNames: ['queue'] as const,
  registers,
});
const jobsRunning = new Gauge({
  name: 'polymath_jobs_running',
  help: 'Jobs running now on any instance, by queue.',
  labelNames: ['queue'] as const,
  registers,
});
const jobsFailed = new Gauge({
  name: 'polymath_jobs_failed',
  help: 'Jobs whose every try failed and that are still kept, by queue.',
  labelNames: ['queue'] as const,
  registers,
});
const jobsOldestWaiting = new Gauge({
  name: 'polymath_jobs_oldest_waiting_seconds',
  help: 'How long the oldest due job has waited, by queue (0 when none waits).',
  labelNames: ['queue'] as const,
  registers,
});

const dbPool = new Gauge({
  name: 'polymath_db_pool_connections',
  help: "This instance's PostgreSQL pool, by state (total, idle, waiting: requests queued for a connection).",
  labelNames: ['state'] as const,
  registers,
});

/** The provider part of an AI SDK provider id ("openai.chat" → "openai"), kept to a closed shape. */
export function providerLabel(provider: string | undefined): string {
  const name = (provider ?? 'unknown').split('.')[0] ?? 'unknown';
  return /^[a-z0-9_-]{1,32}$/i.test(name) ? name.toLowerCase() : 'other';
}

type QueueRow = { name: string; waiting: number; running: number; failed: number; oldest: number | null };

/** Reads what only the database knows (the queues, the pool) into the gauges, then renders them all. */
export async function renderMetrics(database: Database): Promise<string> {
  await readQueues(database).catch(() => {
    // No queue tables yet (an app without jobs), or the database is down: the gauges keep their last values.
  });
  const pool = database.poolStats?.();
  if (pool) {
    dbPool.set({ state: 'total' }, pool.total);
    dbPool.set({ state: 'idle' }, pool.idle);
    dbPool.set({ state: 'waiting' }, pool.waiting);
  }
  return metricsRegistry.metrics();
}

async function readQueues(database: Database) {
  const result = await database.db.execute(sql`
    select name,
      count(*) filter (where state in ('created', 'retry') and start_after <= now())::int as waiting,
      count(*) filter (where state = 'active')::int as running,
      count(*) filter (where state = 'failed')::int as failed,
      extract(epoch from now() - min(start_after) filter (where state in ('created', 'retry') and start_after <= now()))::float8 as oldest
    from pgboss.job group by name`);
  const rows = (result as unknown as { rows: QueueRow[] }).rows;
  jobsWaiting.reset();
  jobsRunning.reset();
  jobsFailed.reset();
  jobsOldestWaiting.reset();
  for (const row of rows) {
    const queue = { queue: row.name };
    jobsWaiting.set(queue, Number(row.waiting));
    jobsRunning.set(queue, Number(row.running));
    jobsFailed.set(queue, Number(row.failed));
    jobsOldestWaiting.set(queue, Math.max(0, Number(row.oldest ?? 0)));
  }
}

export const METRICS_CONTENT_TYPE = metricsRegistry.contentType;
