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

/** A person's id in a URL: better-auth's random ids (and the tests' own). */
export const personIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/** GET /api/admin/people?q=&cursor=&limit= : newest accounts first; q matches email or name. */
export const peopleQuerySchema = z.strictObject({
  q: z.string().trim().max(200).optional(),
  cursor: adminCursorSchema.optional(),
  limit: adminLimitSchema,
});

/** One row of the people list. */
export const personSummarySchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  displayName: z.string().nullable(),
  createdAt: z.string(),
  plan: z.enum(['free', 'pro']),
  operator: z.boolean(),
  banned: z.boolean(),
});
export type PersonSummary = z.infer<typeof personSummarySchema>;

export const peoplePageSchema = z.object({
  people: z.array(personSummarySchema),
  nextCursor: z.string().nullable(),
});
export type PeoplePage = z.infer<typeof peoplePageSchema>;

/** A person's page: what an operator needs to answer "who is this and why can't they chat". */
export const personDetailSchema = personSummarySchema.extend({
  emailVerified: z.boolean(),
  locale: z.string(),
  banReason: z.string().nullable(),
  banExpires: z.string().nullable(),
  /** Pro granted by an operator without payment, until then (null: none, or it ended). */
  proGrantedUntil: z.string().nullable(),
  subscription: z
    .object({
      provider: z.string(),
      period: z.string(),
      status: z.string(),
      currentPeriodEnd: z.string(),
      cancelAtPeriodEnd: z.boolean(),
    })
    .nullable(),
  /** Today's free messages (null limit for Pro) and when they reset. */
  credits: z.object({
    used: z.number().int(),
    dailyLimit: z.number().int().nullable(),
    remaining: z.number().int().nullable(),
    resetsAt: z.string(),
  }),
  counts: z.object({
    threads: z.number().int(),
    messages: z.number().int(),
    images: z.number().int(),
    documents: z.number().int(),
  }),
  /** The newest PDFs (name, pages, status); the count above has them all. */
  documents: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      pageCount: z.number().int(),
      status: z.string(),
      createdAt: z.string(),
    }),
  ),
  /** Login connections: credential (password), google, apple. */
  signIns: z.array(z.object({ provider: z.string(), createdAt: z.string() })),
  whatsapp: z.object({ phone: z.string(), linkedAt: z.string() }).nullable(),
  /** Live sessions (no tokens). */
  sessions: z.array(
    z.object({
      id: z.string(),
      createdAt: z.string(),
      expiresAt: z.string(),
      ipAddress: z.string().nullable(),
      userAgent: z.string().nullable(),
    }),
  ),
});
export type PersonDetail = z.infer<typeof personDetailSchema>;

/** POST /api/admin/people/:id/grant-pro */
export const grantProSchema = z.strictObject({
  days: z.number().int().min(1, 'At least 1 day').max(366, 'At most 366 days'),
});
export type GrantProInput = z.infer<typeof grantProSchema>;

/** POST /api/admin/people/:id/ban */
export const banSchema = z.strictObject({
  reason: z.string().trim().max(200).optional(),
});
export type BanInput = z.infer<typeof banSchema>;

/** POST /api/admin/people/:id/operator */
export const operatorRoleSchema = z.strictObject({ operator: z.boolean() });

/** Actions without input send an empty object. */
export const noInputSchema = z.strictObject({});

/** GET /api/admin/jobs: each queue's counts and its newest failed jobs. */
export const queueCountsSchema = z.object({
  name: z.string(),
  waiting: z.number().int(),
  running: z.number().int(),
  failed: z.number().int(),
  completed: z.number().int(),
});
export type QueueCountsView = z.infer<typeof queueCountsSchema>;

/** A failed job: its error and a summary of its payload (ids and numbers; text only as its length). */
export const failedJobSchema = z.object({
  id: z.string(),
  queue: z.string(),
  error: z.string(),
  payload: z.record(z.string(), z.unknown()),
  retryCount: z.number().int(),
  createdAt: z.string(),
  failedAt: z.string().nullable(),
});
export type FailedJob = z.infer<typeof failedJobSchema>;

export const jobsOverviewSchema = z.object({
  queues: z.array(queueCountsSchema),
  failed: z.array(failedJobSchema),
});
export type JobsOverview = z.infer<typeof jobsOverviewSchema>;

export const jobsQuerySchema = z.strictObject({
  queue: z.string().max(100).optional(),
});

/** pg-boss job ids are UUIDs. */
export const jobIdSchema = z.uuid();
