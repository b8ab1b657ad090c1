import { z } from 'zod';

/**
 * Wire contracts of the operator console's Usage, Money and Models sections (issue 28 parts 3, 4
 * and 6, decision 039). Imported by path (`@polymath/shared/admin/console.schema`), never through the
 * package index, so none of it reaches a normal visitor's first screen.
 */

/** How far back the usage view reaches (the rollup keeps 90 days, decision 029). */
export const USAGE_MAX_DAYS = 90;
export const USAGE_GROUPS = ['model', 'tool', 'plan'] as const;
export type UsageGroup = (typeof USAGE_GROUPS)[number];

/** GET /api/admin/usage?days=&by= (and /usage.csv). */
export const usageQuerySchema = z.strictObject({
  days: z.coerce.number().int().min(1).max(USAGE_MAX_DAYS).default(30),
  by: z.enum(USAGE_GROUPS).default('model'),
});
export type UsageQuery = z.infer<typeof usageQuerySchema>;

/** The figures of one day and one group (a model, a tool or a plan). */
export const usageFiguresSchema = z.object({
  messages: z.number().int(),
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
  images: z.number().int(),
  photoTranslations: z.number().int(),
  pdfPages: z.number().int(),
  webSearches: z.number().int(),
  /** US dollars from the catalogue's prices; `unpriced` answers had none. */
  costUsd: z.number(),
  unpriced: z.number().int(),
});
export type UsageFigures = z.infer<typeof usageFiguresSchema>;
export const USAGE_METRICS = [
  'messages',
  'inputTokens',
  'outputTokens',
  'images',
  'photoTranslations',
  'pdfPages',
  'webSearches',
] as const;
export type UsageMetric = (typeof USAGE_METRICS)[number];

export const usageRowSchema = usageFiguresSchema.extend({ day: z.string(), group: z.string() });
export type UsageRow = z.infer<typeof usageRowSchema>;

export const usageReportSchema = z.object({
  by: z.enum(USAGE_GROUPS),
  /** Every day of the range, oldest first (UTC, YYYY-MM-DD). */
  days: z.array(z.string()),
  /** The groups seen, busiest first. */
  groups: z.array(z.string()),
  /** Only the days and groups with something in them. */
  rows: z.array(usageRowSchema),
  totals: usageFiguresSchema,
  /** When the rollup last ran (null: never). */
  rolledUpAt: z.string().nullable(),
});
export type UsageReport = z.infer<typeof usageReportSchema>;

// ---------------------------------------------------------------------------------------------
// Money

export const moneyQuerySchema = z.strictObject({
  days: z.coerce.number().int().min(1).max(USAGE_MAX_DAYS).default(30),
});

export const moneyReportSchema = z.object({
  /** Live subscriptions (giving Pro now) by billing period. */
  live: z.array(z.object({ period: z.string(), count: z.number().int() })),
  /** Monthly recurring revenue from the plans' prices, in the currency's minor unit. */
  mrr: z.object({ amount: z.number().int(), currency: z.string() }),
  /** New (started) and cancelled (ended) subscriptions per day, oldest first; every day of the range. */
  daily: z.array(
    z.object({
      day: z.string(),
      started: z.number().int(),
      cancelRequested: z.number().int(),
      ended: z.number().int(),
    }),
  ),
  days: z.number().int(),
});
export type MoneyReport = z.infer<typeof moneyReportSchema>;

export const refundSchema = z.object({
  id: z.string(),
  provider: z.string(),
  subscriptionId: z.string(),
  userId: z.string().nullable(),
  payment: z.string(),
  refundId: z.string().nullable(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(['refunded', 'refused']),
  reason: z.string().nullable(),
  attempts: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RefundItem = z.infer<typeof refundSchema>;

/** An opaque keyset cursor the server made. */
const cursorSchema = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/);

export const listQuerySchema = z.strictObject({
  cursor: cursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const refundQuerySchema = listQuerySchema.extend({ status: z.enum(['refunded', 'refused']).optional() });

export const refundPageSchema = z.object({ items: z.array(refundSchema), nextCursor: z.string().nullable() });
export type RefundPage = z.infer<typeof refundPageSchema>;

/** POST /api/admin/money/refunds/:id/retry */
export const refundIdSchema = z.strictObject({ id: z.string().regex(/^\d{1,18}$/) });

export const webhookFailureSchema = z.object({
  id: z.string(),
  provider: z.string(),
  reason: z.enum(['handling', 'signature']),
  eventId: z.string().nullable(),
  eventType: z.string().nullable(),
  error: z.string(),
  attempts: z.number().int(),
  firstAt: z.string(),
  lastAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type WebhookFailureItem = z.infer<typeof webhookFailureSchema>;
export const webhookFailurePageSchema = z.object({
  items: z.array(webhookFailureSchema),
  nextCursor: z.string().nullable(),
});
export type WebhookFailurePage = z.infer<typeof webhookFailurePageSchema>;

// ---------------------------------------------------------------------------------------------
// Models

export const modelStatusSchema = z.object({
  id: z.string(),
  /** A chat model (the chat pickers) or an image model (the image tools); one id space. */
  kind: z.enum(['chat', 'image']),
  displayName: z.string(),
  provider: z.string(),
  /** What the provider is asked for: the catalogue id or its alias (providerModelId). */
  providerModelId: z.string(),
  tier: z.string(),
  keySet: z.boolean(),
  /** null: not known (no key, the list could not be read, or not checked yet). */
  served: z.boolean().nullable(),
  /** Hidden from the pickers because the provider no longer serves it. */
  hidden: z.boolean(),
  checkedAt: z.string().nullable(),
  error: z.string().nullable(),
  /** The last 24 hours of answers (chat models; always none for image models). */
  answers: z.number().int(),
  failed: z.number().int(),
  medianFirstTokenMs: z.number().nullable(),
});
export type ModelStatus = z.infer<typeof modelStatusSchema>;
export const modelStatusListSchema = z.object({ models: z.array(modelStatusSchema) });
export type ModelStatusList = z.infer<typeof modelStatusListSchema>;
