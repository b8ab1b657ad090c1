import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import type { AppEnv } from '../../app-env.ts';
import { AppError } from '../../lib/app-error.ts';

/** /healthz: the process answers. /readyz: it can serve traffic (database reachable, not draining). */
export function healthRoutes() {
  return new Hono<AppEnv>()
    .get(
      '/healthz',
      describeRoute({ tags: ['health'], summary: 'Liveness', responses: { 200: { description: 'Alive' } } }),
      (c) => c.json({ status: 'ok' }),
    )
    .get(
      '/readyz',
      describeRoute({
        tags: ['health'],
        summary: 'Readiness',
        responses: { 200: { description: 'Ready' }, 503: { description: 'Not ready' } },
      }),
      async (c) => {
        const { database, lifecycle } = c.var.deps;
        if (lifecycle.draining) throw new AppError('SERVICE_UNAVAILABLE', 'Shutting down.');
        try {
          await database.ping();
        } catch (err) {
          c.var.log.warn({ err }, 'readiness: database unreachable');
          throw new AppError('SERVICE_UNAVAILABLE', 'Database unreachable.');
        }
        // What database runs behind it is nobody's business but the operator's logs.
        return c.json({ status: 'ok' });
      },
    );
}
