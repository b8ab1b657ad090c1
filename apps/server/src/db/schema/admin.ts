import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What operators did (features/admin/audit-log.ts, decision 037): one row per action, written by
 * `recordAdminAction` only, in the same transaction as the change. Append-only: no route edits it and
 * migration 0013's trigger refuses UPDATE, DELETE and TRUNCATE. No foreign keys, so a row outlives the
 * operator's and the person's accounts; it keeps their ids and the email each had at the time.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The operator's user id; null when the action came from the command line or ADMIN_EMAILS. */
    actorId: text('actor_id'),
    /** The operator's email, or 'command' / 'ADMIN_EMAILS' for the two ways in without one. */
    actorEmail: text('actor_email').notNull(),
    /** A name from ADMIN_ACTIONS in shared (operator.grant, person.ban, job.retry, …). */
    action: text('action').notNull(),
    /** The person acted on, when the action is about one. */
    targetUserId: text('target_user_id'),
    targetEmail: text('target_email'),
    /** What else names the thing acted on (a job's queue and id). */
    target: text('target'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('admin_audit_log_at_idx').on(t.at.desc(), t.id.desc()),
    index('admin_audit_log_target_idx').on(t.targetUserId, t.at.desc()),
  ],
);
