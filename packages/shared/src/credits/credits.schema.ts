import { z } from 'zod';
import { PLANS } from '../app/plans.ts';

/** Free users' daily allowance when the operator does not set FREE_DAILY_MESSAGES. */
export const DEFAULT_FREE_DAILY_MESSAGES = 10;

/** GET /api/credits: the signed-in user's allowance for today (UTC day). */
export const creditsSchema = z.object({
  plan: z.enum(PLANS),
  /** null for Pro: no daily limit (a fair-use rate limit still applies). */
  dailyLimit: z.number().int().nullable(),
  used: z.number().int(),
  remaining: z.number().int().nullable(),
  /** ISO time of the next reset: midnight UTC. */
  resetsAt: z.string(),
});
export type Credits = z.infer<typeof creditsSchema>;

/** Free users see this many days of history; older threads are kept and come back on upgrade. */
export const FREE_HISTORY_DAYS = 30;
