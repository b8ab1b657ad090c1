import { pageViewSchema } from '@polymath/shared';
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import type { AppEnv } from '../../app-env.ts';
import { clientIp } from '../../lib/client-ip.ts';
import { enforceLimit } from '../../lib/limits.ts';
import { validate } from '../../lib/validate.ts';
import { recordPageView } from './analytics.service.ts';

export function analyticsRoutes() {
  // A visitor changes page a few times a minute; this stops a script from filling the table.
  return new Hono<AppEnv>().post(
    '/page-views',
    describeRoute({
      tags: ['analytics'],
      summary: 'Record a page view',
      responses: { 204: { description: 'Stored' } },
    }),
    validate('json', pageViewSchema),
    async (c) => {
      await enforceLimit(c.var.deps.limits.limit('page-views', 120, 60), clientIp(c, c.var.deps.env.TRUST_PROXY));
      await recordPageView(c.var.deps.db, c.req.valid('json'));
      return c.body(null, 204);
    },
  );
}
