import { jobIdSchema, jobsOverviewSchema, jobsQuerySchema, noInputSchema } from '@polymath/shared/admin/admin.schema';
import { type Context, Hono } from 'hono';
import { describeRoute, resolver } from 'hono-openapi';
import { AppError } from '../../lib/app-error.ts';
import { validate } from '../../lib/validate.ts';
import { deleteJob, jobsOverview, retryJob } from './jobs.service.ts';
import type { OperatorEnv } from './operators.ts';

const errors = {
  400: { description: 'Not a failed job, or bad input' },
  403: { description: 'Not an operator: FORBIDDEN' },
  404: { description: 'No such job' },
  503: { description: 'No job queue runs on this instance' },
};

function jobIdOf(c: Context<OperatorEnv>): string {
  const id = c.req.param('id') ?? '';
  if (!jobIdSchema.safeParse(id).success) throw new AppError('NOT_FOUND', 'No such job.');
  return id;
}

const actorOf = (c: Context<OperatorEnv>) => ({ id: c.var.operator.id, email: c.var.operator.email });

/** /api/admin/jobs: the queues' counts, failed jobs, retry and delete (decision 037). */
export function jobsRoutes() {
  return new Hono<OperatorEnv>()
    .get(
      '/',
      describeRoute({
        tags: ['admin'],
        summary: "Each queue's waiting, running, failed and completed jobs, and the newest failed ones",
        responses: {
          200: { description: 'Jobs', content: { 'application/json': { schema: resolver(jobsOverviewSchema) } } },
          ...errors,
        },
      }),
      validate('query', jobsQuerySchema),
      async (c) => c.json(await jobsOverview(c.var.deps.jobs?.inspect, c.req.valid('query').queue)),
    )
    .post(
      '/:id/retry',
      describeRoute({
        tags: ['admin'],
        summary: 'Try a failed job again',
        responses: { 204: { description: 'Queued' }, ...errors },
      }),
      validate('json', noInputSchema),
      async (c) => {
        await retryJob(c.var.deps.db, c.var.deps.jobs?.inspect, actorOf(c), jobIdOf(c));
        return c.body(null, 204);
      },
    )
    .delete(
      '/:id',
      describeRoute({
        tags: ['admin'],
        summary: 'Delete a failed job',
        responses: { 204: { description: 'Deleted' }, ...errors },
      }),
      async (c) => {
        await deleteJob(c.var.deps.db, c.var.deps.jobs?.inspect, actorOf(c), jobIdOf(c));
        return c.body(null, 204);
      },
    );
}
