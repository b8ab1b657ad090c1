import { pageViewSchema } from '@polymath/shared';
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import type { AppEnv } from '../../app-env.ts';
import { AppError } from '../../lib/app-error.ts';
import { clientIp } from '../../lib/client-ip.ts';
import { createRateLimiter } from '../../lib/rate-limit.ts';
import { validate } from '../../lib/validate.ts';
import { recordPageView } from './analytics.service.ts';

export function analyticsRoutes() {
  // A visitor changes page a few times a minute; this stops a script from filling the table.
  const limiter = createRateLimiter({ limit: 120, windowMs: 60_000 });
  return new Hono<AppEnv>().post(
    '/page-views',
    describeRoute({
      tags: ['analytics'],
      summary: 'Record a page view',
      responses: { 204: { description: 'Stored' } },
    }),
    validate('json', pageViewSchema),
    async (c) => {
      if (!limiter.hit(clientIp(c, c.var.deps.env.TRUST_PROXY))) throw new AppError('RATE_LIMITED');
      await recordPageView(c.var.deps.db, c.req.valid('json'));
      return c.body(null, 204);
    },
  );
}
