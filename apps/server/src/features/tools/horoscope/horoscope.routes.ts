import {
  type CityItem,
  citySchema,
  citySearchQuerySchema,
  citySearchResponseSchema,
  skyQuerySchema,
  skyResponseSchema,
} from '@polymath/shared';
import { Hono } from 'hono';
import { describeRoute, resolver } from 'hono-openapi';
import type { z } from 'zod';
import type { AppEnv } from '../../../app-env.ts';
import { AppError } from '../../../lib/app-error.ts';
import { clientIp } from '../../../lib/client-ip.ts';
import { enforceLimit } from '../../../lib/limits.ts';
import { validate } from '../../../lib/validate.ts';
import { findCity, searchCities, toCityItem } from './cities.ts';
import { createSkyNow } from './sky-now.ts';

const jsonResponse = (description: string, schema: z.ZodType) => ({
  description,
  content: { 'application/json': { schema: resolver(schema) } },
});
const errors = (...codes: number[]) =>
  Object.fromEntries(codes.map((code) => [code, { description: `Error (${code}): { error: { code, message } }` }]));

/** Requests per address per minute: a page asks a few times; anything more is a script. */
const REQUESTS_PER_MINUTE = 120;

/**
 * /api/horoscope: what the horoscope page shows besides readings — the sky now and the birth
 * places of the bundled list. Public (a visitor can look at the sky before signing in): nothing
 * here is anyone's, and every answer is computed from the query alone.
 */
export function horoscopeRoutes(options: { now?: () => Date } = {}) {
  const skyNow = createSkyNow(options.now);
  return new Hono<AppEnv>()
    .use(async (c, next) => {
      await enforceLimit(
        c.var.deps.limits.limit('horoscope', REQUESTS_PER_MINUTE, 60),
        clientIp(c, c.var.deps.env.TRUST_PROXY),
      );
      await next();
    })
    .get(
      '/sky',
      describeRoute({
        tags: ['horoscope'],
        summary:
          "The sky now: the Sun, Moon and Mercury to Saturn (sign, degree, retrograde), the Moon's phase, and the ingresses and lunar phases of the person's today",
        parameters: [{ name: 'timeZone', in: 'query', schema: { type: 'string', example: 'Europe/Istanbul' } }],
        responses: { 200: jsonResponse('The computed sky', skyResponseSchema), ...errors(400, 429) },
      }),
      validate('query', skyQuerySchema),
      (c) => {
        c.header('cache-control', 'public, max-age=60');
        return c.json({ sky: skyNow(c.req.valid('query').timeZone) });
      },
    )
    .get(
      '/cities',
      describeRoute({
        tags: ['horoscope'],
        summary: 'Birth places of the bundled list whose names match, best first (no outside geocoder)',
        responses: { 200: jsonResponse('Matching cities', citySearchResponseSchema), ...errors(400, 429) },
      }),
      validate('query', citySearchQuerySchema),
      (c) => {
        const { q, limit } = c.req.valid('query');
        c.header('cache-control', 'public, max-age=3600');
        return c.json({ cities: searchCities(q, limit).map(toCityItem) } satisfies { cities: CityItem[] });
      },
    )
    .get(
      '/cities/:id',
      describeRoute({
        tags: ['horoscope'],
        summary: 'One city of the bundled list (a reading stores its id)',
        responses: { 200: jsonResponse('The city', citySchema), ...errors(404, 429) },
      }),
      (c) => {
        const city = findCity(c.req.param('id'));
        if (!city) throw new AppError('NOT_FOUND', 'No such city.');
        c.header('cache-control', 'public, max-age=3600');
        return c.json(toCityItem(city));
      },
    );
}
