import {
  listQuerySchema,
  modelStatusListSchema,
  moneyQuerySchema,
  moneyReportSchema,
  refundIdSchema,
  refundPageSchema,
  refundQuerySchema,
  refundSchema,
  usageQuerySchema,
  usageReportSchema,
  webhookFailurePageSchema,
} from '@polymath/shared/admin/console.schema';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { describeRoute, resolver } from 'hono-openapi';
import type { z } from 'zod';
import { users } from '../../db/schema/index.ts';
import { validate } from '../../lib/validate.ts';
import type { BillingRuntime } from '../billing/index.ts';
import { listRefunds, listWebhookFailures, moneyReport, retryRefund } from '../billing/index.ts';
import type { HidesModels, ModelRegistry } from '../models/index.ts';
import { modelStatuses, runModelCheck } from '../models/index.ts';
import { usageCsv, usageReport } from '../usage/index.ts';
import { recordAdminAction } from './audit-log.ts';
import type { OperatorEnv } from './operators.ts';

const jsonResponse = (description: string, schema: z.ZodType) => ({
  description,
  content: { 'application/json': { schema: resolver(schema) } },
});
const common = {
  400: { description: 'Bad query: VALIDATION_FAILED' },
  403: { description: 'Not an operator: FORBIDDEN' },
};

/**
 * The console's Usage, Money and Models sections (issue 28 parts 3, 4 and 6, decision 039), mounted
 * under adminRoutes, so its guard answers first for every path. Reads only, except two actions: a
 * refused refund retried and the model check run now, each written to the audit log.
 */
export function consoleRoutes(deps: { models: ModelRegistry; imageModels: HidesModels; billing: BillingRuntime }) {
  const registries = { models: deps.models, imageModels: deps.imageModels };
  const hidden = () => [...deps.models.hidden(), ...deps.imageModels.hidden()];
  return new Hono<OperatorEnv>()
    .get(
      '/usage',
      describeRoute({
        tags: ['admin'],
        summary: 'Usage per day by model, tool or plan (the daily rollup), up to 90 days',
        responses: { 200: jsonResponse('The usage report', usageReportSchema), ...common },
      }),
      validate('query', usageQuerySchema),
      async (c) => {
        c.header('cache-control', 'no-store');
        return c.json(await usageReport(c.var.deps.db, c.req.valid('query')));
      },
    )
    .get(
      '/usage.csv',
      describeRoute({
        tags: ['admin'],
        summary: 'The same report as CSV',
        responses: { 200: { description: 'text/csv' }, ...common },
      }),
      validate('query', usageQuerySchema),
      async (c) => {
        const query = c.req.valid('query');
        const report = await usageReport(c.var.deps.db, query);
        const name = `usage-by-${query.by}-${report.days[0]}-to-${report.days.at(-1)}.csv`;
        c.header('content-type', 'text/csv; charset=utf-8');
        c.header('content-disposition', `attachment; filename="${name}"`);
        c.header('cache-control', 'no-store');
        return c.body(usageCsv(report));
      },
    )
    .get(
      '/money',
      describeRoute({
        tags: ['admin'],
        summary: 'Live subscriptions by period, MRR from the plans, new and cancelled per day',
        responses: { 200: jsonResponse('The money report', moneyReportSchema), ...common },
      }),
      validate('query', moneyQuerySchema),
      async (c) => {
        c.header('cache-control', 'no-store');
        return c.json(await moneyReport(c.var.deps.db, deps.billing.plans, c.req.valid('query')));
      },
    )
    .get(
      '/money/refunds',
      describeRoute({
        tags: ['admin'],
        summary: 'Refunds made and refused (with the provider’s reason), newest first, keyset pages',
        responses: { 200: jsonResponse('A page of refunds', refundPageSchema), ...common },
      }),
      validate('query', refundQuerySchema),
      async (c) => c.json(await listRefunds(c.var.deps.db, c.req.valid('query'))),
    )
    .post(
      '/money/refunds/:id/retry',
      describeRoute({
        tags: ['admin'],
        summary: 'Asks the provider once more for a refused refund (audited)',
        responses: {
          200: jsonResponse('The refund as it is now', refundSchema),
          ...common,
          404: { description: 'NOT_FOUND' },
          409: { description: 'ALREADY_REFUNDED' },
          503: { description: 'PAYMENTS_UNAVAILABLE: this server cannot refund that provider’s payments' },
        },
      }),
      validate('param', refundIdSchema),
      async (c) => {
        const { id } = c.req.valid('param');
        const operator = c.var.operator;
        const { before, after } = await retryRefund(c.var.deps.db, deps.billing.provider, id);
        const [person] = before.userId
          ? await c.var.deps.db
              .select({ id: users.id, email: users.email })
              .from(users)
              .where(eq(users.id, before.userId))
          : [];
        await recordAdminAction(c.var.deps.db, {
          actor: { id: operator.id, email: operator.email },
          action: 'refund.retry',
          target: `refund/${id}`,
          ...(person ? { targetUser: person } : {}),
          before: { status: before.status, reason: before.reason, attempts: before.attempts },
          after: { status: after.status, reason: after.reason, refundId: after.refundId, attempts: after.attempts },
        });
        c.var.log.info({ refund: id, status: after.status }, 'operator retried a refund');
        return c.json(after);
      },
    )
    .get(
      '/money/webhook-failures',
      describeRoute({
        tags: ['admin'],
        summary: 'Payment webhook deliveries that failed, newest first, keyset pages',
        responses: { 200: jsonResponse('A page of failures', webhookFailurePageSchema), ...common },
      }),
      validate('query', listQuerySchema),
      async (c) => c.json(await listWebhookFailures(c.var.deps.db, c.req.valid('query'))),
    )
    .get(
      '/models',
      describeRoute({
        tags: ['admin'],
        summary: 'Each catalogue model: key set, served by its provider, hidden, last 24 hours',
        responses: { 200: jsonResponse('The models', modelStatusListSchema), 403: common[403] },
      }),
      async (c) => {
        c.header('cache-control', 'no-store');
        return c.json({ models: await modelStatuses(c.var.deps.db, registries) });
      },
    )
    .post(
      '/models/check',
      describeRoute({
        tags: ['admin'],
        summary: 'Checks every model against its provider’s list now (audited)',
        responses: { 200: jsonResponse('The models after the check', modelStatusListSchema), 403: common[403] },
      }),
      async (c) => {
        const { db, env } = c.var.deps;
        const before = hidden();
        await runModelCheck({ db, env, ...registries, logger: c.var.log });
        const after = hidden();
        const operator = c.var.operator;
        await recordAdminAction(db, {
          actor: { id: operator.id, email: operator.email },
          action: 'models.check',
          target: 'models',
          before: { hidden: before },
          after: { hidden: after },
        });
        return c.json({ models: await modelStatuses(db, registries) });
      },
    );
}
