import { z } from 'zod';

/**
 * The operator console's wire contracts (issue 28, decision 037). Imported by path
 * (`@polymath/shared/admin/admin.schema`), never through the package index, so nothing of the
 * console can reach a normal visitor's first screen (B7).
 */

/** Every action the audit log can record; each operator action names one. */
export const ADMIN_ACTIONS = [
  'operator.grant',
  'operator.revoke',
  'person.grant-pro',
  'person.end-granted-pro',
  'person.reset-credits',
  'person.sign-out-everywhere',
  'person.ban',
  'person.unban',
  'person.delete',
  'job.retry',
  'job.delete',
  'refund.retry',
  'models.check',
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

/** The console's sections, in the navigation's order. */
export const ADMIN_SECTIONS = ['people', 'usage', 'money', 'jobs', 'models', 'audit'] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];

/** GET /api/admin/me: the operator asking (403 for anyone else). */
export const adminMeSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  /** How many operators there are (the last one cannot remove their own role). */
  operators: z.number().int(),
});
export type AdminMe = z.infer<typeof adminMeSchema>;

/** An opaque keyset cursor the server made; at most this long. */
export const adminCursorSchema = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/);

/** A page size the console may ask for. */
export const adminLimitSchema = z.coerce.number().int().min(1).max(100).default(50);

/** GET /api/admin/audit?cursor=&limit=&userId= */
export const auditQuerySchema = z.strictObject({
  cursor: adminCursorSchema.optional(),
  limit: adminLimitSchema,
  /** Only the actions about one person. */
  userId: z.string().min(1).max(64).optional(),
});

/** One row of the audit log. */
export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string(),
  action: z.string(),
  targetUserId: z.string().nullable(),
  targetEmail: z.string().nullable(),
  target: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** The next page's cursor; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
