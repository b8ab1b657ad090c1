import { type Locale, modelsResponseSchema } from '@polymath/shared';
import { Hono } from 'hono';
import { describeRoute, resolver } from 'hono-openapi';
import type { AppEnv } from '../../app-env.ts';
import type { ModelRegistry } from './model-registry.ts';

/** GET /api/models: public, so signed-out visitors can browse models and their examples. */
export function modelsRoutes(models: ModelRegistry) {
  return new Hono<AppEnv>().get(
    '/',
    describeRoute({
      tags: ['chat'],
      summary: 'The model catalogue: descriptions, examples, tiers and availability',
      parameters: [{ name: 'locale', in: 'query', schema: { type: 'string', enum: ['en', 'tr'] } }],
      responses: {
        200: { description: 'Models', content: { 'application/json': { schema: resolver(modelsResponseSchema) } } },
      },
    }),
    (c) => {
      const locale: Locale = c.req.query('locale') === 'tr' ? 'tr' : 'en';
      c.header('cache-control', 'private, max-age=60');
      c.header('vary', 'cookie');
      return c.json(models.list(locale));
    },
  );
}
