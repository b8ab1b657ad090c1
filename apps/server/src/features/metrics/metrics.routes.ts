import { timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { routePath } from 'hono/route';
import type { AppEnv } from '../../app-env.ts';
import { AppError } from '../../lib/app-error.ts';
import { httpDuration, httpRequests, METRICS_CONTENT_TYPE, renderMetrics } from '../../lib/metrics.ts';

/**
 * GET /metrics: Prometheus text format for the operator's scraper, only with
 * `Authorization: Bearer <METRICS_TOKEN>`. Without METRICS_TOKEN it does not exist (404), so the
 * metrics are never public by accident; the load balancer's configuration also keeps it inside.
 */
export function metricsRoutes() {
  return new Hono<AppEnv>().get('/metrics', async (c) => {
    const { env, database } = c.var.deps;
    if (!env.METRICS_TOKEN) throw new AppError('NOT_FOUND');
    if (!bearerMatches(c.req.header('authorization'), env.METRICS_TOKEN)) {
      c.header('www-authenticate', 'Bearer realm="metrics"');
      throw new AppError('UNAUTHORIZED', 'A valid metrics token is required.');
    }
    const body = await renderMetrics(database);
    return c.body(body, 200, { 'content-type': METRICS_CONTENT_TYPE, 'cache-control': 'no-store' });
  });
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match?.[1]) return false;
  const given = Buffer.from(match[1]);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The route pattern that answered (`/api/threads/:id`), never the path: the route of the last
 * handler Hono dispatched to. A request no route took is labelled with the middleware's pattern.
 */
export function routeLabel(c: Context): string {
  try {
    return routePath(c) || 'unmatched';
  } catch {
    return 'unmatched';
  }
}

/** Counts and times one answered request. */
export function observeRequest(c: Context, seconds: number) {
  const labels = { method: methodLabel(c.req.method), route: routeLabel(c), status: String(c.res.status) };
  httpRequests.inc(labels);
  httpDuration.observe(labels, seconds);
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
function methodLabel(method: string): string {
  return METHODS.has(method) ? method : 'OTHER';
}
