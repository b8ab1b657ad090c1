import { APP_VERSION, type PublicConfig } from '@polymath/shared';
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import type { AppEnv } from '../../app-env.ts';
import { enabledSocialProviders } from '../auth/index.ts';

/** Runtime settings for the web app (one build serves every deployment). */
export function configRoutes(features: { webSearch: boolean }) {
  return new Hono<AppEnv>().get(
    '/',
    describeRoute({
      tags: ['config'],
      summary: 'Public runtime configuration',
      responses: { 200: { description: 'OK' } },
    }),
    (c) => {
      const { env } = c.var.deps;
      const config: PublicConfig = {
        appVersion: APP_VERSION,
        gtmId: env.GTM_ID ?? null,
        adPixelId: env.AD_PIXEL_ID ?? null,
        authProviders: enabledSocialProviders(env),
        webSearch: features.webSearch,
      };
      c.header('cache-control', 'no-cache');
      return c.json(config);
    },
  );
}
