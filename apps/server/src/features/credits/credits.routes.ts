import { creditsSchema } from '@polymath/shared';
import { Hono } from 'hono';
import { describeRoute, resolver } from 'hono-openapi';
import { AppError } from '../../lib/app-error.ts';
import type { Auth } from '../auth/index.ts';
import { requireUser, type UserEnv } from '../auth/index.ts';
import { getCredits } from './credits.service.ts';

/** GET /api/credits: today's allowance of the signed-in user and when it resets. */
export function creditsRoutes(auth: Auth, now: () => Date = () => new Date()) {
  return new Hono<UserEnv>().use(requireUser(auth)).get(
    '/',
    describeRoute({
      tags: ['chat'],
      summary: "Today's free messages: used, remaining and the next reset (midnight UTC)",
      responses: {
        200: { description: 'Credits', content: { 'application/json': { schema: resolver(creditsSchema) } } },
        401: { description: 'Not signed in' },
        503: { description: 'CREDITS_UNAVAILABLE' },
      },
    }),
    async (c) => {
      const { db, env, logger } = c.var.deps;
      c.header('cache-control', 'no-store');
      try {
        return c.json(
          await getCredits(db, {
            userId: c.var.user.id,
            plan: c.var.user.plan,
            dailyLimit: env.FREE_DAILY_MESSAGES,
            now: now(),
          }),
        );
      } catch (err) {
        logger.error({ err }, 'credits lookup failed');
        throw new AppError('CREDITS_UNAVAILABLE');
      }
    },
  );
}
