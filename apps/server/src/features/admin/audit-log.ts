import type { AdminAction, AuditEntry, AuditPage } from '@polymath/shared/admin/admin.schema';
import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { adminAuditLog } from '../../db/schema/index.ts';

/** Who did it: an operator, or one of the two ways in without one (the command, ADMIN_EMAILS). */
export type AdminActor = { id: string | null; email: string };

export const COMMAND_ACTOR: AdminActor = { id: null, email: 'command' };
export const ADMIN_EMAILS_ACTOR: AdminActor = { id: null, email: 'ADMIN_EMAILS' };

export type AdminActionRecord = {
  actor: AdminActor;
  action: AdminAction;
  /** The person acted on. */
  targetUser?: { id: string; email: string } | undefined;
  /** What else names the thing acted on (a job: `<queue>/<id>`). */
  target?: string | undefined;
  before?: unknown;
  after?: unknown;
};

/** A database or a transaction: call it inside the action's transaction so both land or neither. */
type Writer = Pick<Db, 'insert'>;

/**
 * The one way anything is written to the audit log (decision 037). Every operator action calls it,
 * inside the transaction of its change where it has one. The table refuses UPDATE and DELETE
 * (migration 0013), so what is written here stays.
 */
export async function recordAdminAction(db: Writer, record: AdminActionRecord): Promise<void> {
  await db.insert(adminAuditLog).values({
    actorId: record.actor.id,
    actorEmail: record.actor.email,
    action: record.action,
    targetUserId: record.targetUser?.id ?? null,
    targetEmail: record.targetUser?.email ?? null,
    target: record.target ?? null,
    before: record.before ?? null,
    after: record.after ?? null,
  });
}

/** An audit page's cursor: the last row's id, base64url (opaque to the browser). */
function encodeAuditCursor(id: number): string {
  return Buffer.from(String(id)).toString('base64url');
}

/** The id, or null when it is not a cursor this server made. */
export function decodeAuditCursor(value: string): number | null {
  const text = Buffer.from(value, 'base64url').toString('utf8');
  if (!/^[1-9]\d{0,15}$/.test(text)) return null;
  return Number(text);
}

/** Newest first, `limit` at a time, after the cursor's row; optionally only about one person. */
export async function listAuditEntries(
  db: Db,
  options: { limit: number; before?: number | undefined; userId?: string | undefined },
): Promise<AuditPage> {
  const where: SQL[] = [];
  if (options.before !== undefined) where.push(lt(adminAuditLog.id, options.before));
  if (options.userId) where.push(eq(adminAuditLog.targetUserId, options.userId));
  const rows = await db
    .select()
    .from(adminAuditLog)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(adminAuditLog.id))
    .limit(options.limit + 1);
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    entries: page.map(
      (r): AuditEntry => ({
        id: String(r.id),
        at: r.at.toISOString(),
        actorId: r.actorId,
        actorEmail: r.actorEmail,
        action: r.action,
        targetUserId: r.targetUserId,
        targetEmail: r.targetEmail,
        target: r.target,
        before: r.before ?? null,
        after: r.after ?? null,
      }),
    ),
    nextCursor: rows.length > options.limit && last ? encodeAuditCursor(last.id) : null,
  };
}
