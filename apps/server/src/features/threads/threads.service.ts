import {
  type ChatMessage,
  type ChatToolId,
  FREE_HISTORY_DAYS,
  MESSAGE_STATUSES,
  type MessageStatus,
  type Plan,
  RETENTION,
  THREAD_MESSAGES_PAGE_SIZE,
  type Thread,
  type ThreadDetail,
  type ThreadListQuery,
  type ThreadListResponse,
  type ThreadMessagesPage,
  type ThreadMessagesQuery,
  type UpdateThread,
} from '@polymath/shared';
import { and, desc, eq, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { afterCursor, decodeCursor, encodeCursor, keysetTime } from '../../db/keyset.ts';
import { messages, threads } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { defineJob } from '../../lib/queue/job.ts';
import { summaryMarker } from '../chat/index.ts';

export type ThreadRow = typeof threads.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

/** The columns a thread is read with (not its search vector). */
const threadColumns = {
  id: threads.id,
  userId: threads.userId,
  toolId: threads.toolId,
  title: threads.title,
  starred: threads.starred,
  modelId: threads.modelId,
  createdAt: threads.createdAt,
  updatedAt: threads.updatedAt,
  deletedAt: threads.deletedAt,
  activeAnswerId: threads.activeAnswerId,
  toolInput: threads.toolInput,
};
export type ThreadFields = Omit<ThreadRow, 'titleSearch'>;

const messageColumns = {
  id: messages.id,
  role: messages.role,
  parts: messages.parts,
  status: messages.status,
  modelId: messages.modelId,
  createdAt: messages.createdAt,
};
export type MessageFields = Pick<MessageRow, keyof typeof messageColumns>;

// ---------------------------------------------------------------------------------------------
// Mappers: the one place rows become the wire shapes.

/** A sub-page slug kept in the tool's inputs (the horoscope type), when it looks like one. */
function pathIdOf(toolInput: unknown): string | null {
  const type = isRecord(toolInput) ? toolInput.type : undefined;
  return typeof type === 'string' && /^[a-z0-9-]{1,40}$/.test(type) ? type : null;
}

export function toThread(row: ThreadFields): Thread {
  return {
    id: row.id,
    title: row.title,
    starred: row.starred,
    modelId: row.modelId,
    toolId: row.toolId as ChatToolId,
    pathId: pathIdOf(row.toolInput),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toChatMessage(row: MessageFields): ChatMessage {
  const status = (MESSAGE_STATUSES as readonly string[]).includes(row.status)
    ? (row.status as MessageStatus)
    : undefined;
  return {
    id: row.id,
    role: row.role === 'user' ? 'user' : 'assistant',
    parts: Array.isArray(row.parts) ? (row.parts as Record<string, unknown>[]) : [],
    metadata: {
      ...(row.modelId ? { modelId: row.modelId } : {}),
      ...(status ? { status } : {}),
      createdAt: row.createdAt.toISOString(),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Conditions

/**
 * The free plan's history window, the one definition of it: threads active in the last
 * FREE_HISTORY_DAYS days. Decided by the database clock, like updated_at itself. Older threads are
 * kept (they come back on upgrade).
 */
export function withinFreeWindow(): SQL {
  return sql`${threads.updatedAt} >= now() - make_interval(days => ${FREE_HISTORY_DAYS}::int)`;
}

/**
 * Whose history: the session's user with the plan the session decided (billing/entitlement.ts), so
 * the window follows the same rule as everything else Pro gives.
 */
export type ThreadOwner = { id: string; plan: Plan };

/** What the user may see on their plan: the free window, or everything for Pro. */
function withinPlanWindow(plan: Plan): SQL | undefined {
  return plan === 'pro' ? undefined : withinFreeWindow();
}

/** A thread the user owns, has not deleted and may see on their plan. */
function visibleThread(owner: ThreadOwner, threadId: string): SQL | undefined {
  return and(
    eq(threads.id, threadId),
    eq(threads.userId, owner.id),
    isNull(threads.deletedAt),
    withinPlanWindow(owner.plan),
  );
}

const cursorTime = keysetTime(threads.updatedAt);

// ---------------------------------------------------------------------------------------------
// Search

/**
 * The user's words as a prefix tsquery for to_tsquery('simple', …): split at anything that is not a
 * letter or digit, each word `'word':*`, all required. Only letters and digits remain, so nothing
 * the user types can be tsquery syntax. Case is folded by to_tsquery itself, with the same parser
 * and configuration as the generated search columns (JavaScript would fold "İ" to "i̇", which
 * PostgreSQL never stores). Null when no word remains.
 */
export function searchQuery(q: string): string | null {
  const words = q
    .normalize('NFC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
  if (words.length === 0) return null;
  return words.map((w) => `'${w}':*`).join(' & ');
}

function matchesSearch(userId: string, query: string): SQL {
  const tsquery = sql`to_tsquery('simple', ${query})`;
  return sql`(${threads.titleSearch} @@ ${tsquery} or exists (
    select 1 from ${messages}
    where ${messages.threadId} = ${threads.id} and ${messages.userId} = ${userId} and ${messages.textSearch} @@ ${tsquery}))`;
}

// ---------------------------------------------------------------------------------------------
// Reads

/**
 * One page of the user's threads, most recently active first (updated_at desc, id desc), after the
 * cursor of the previous page. Deleted threads and those outside the plan window are left out.
 */
export async function listThreads(db: Db, owner: ThreadOwner, query: ThreadListQuery): Promise<ThreadListResponse> {
  const userId = owner.id;
  const conditions: (SQL | undefined)[] = [
    eq(threads.userId, userId),
    isNull(threads.deletedAt),
    withinPlanWindow(owner.plan),
  ];
  if (query.cursor !== undefined) {
    const cursor = decodeCursor(query.cursor);
    if (!cursor) {
      throw new AppError('VALIDATION_FAILED', undefined, {
        fields: [{ path: 'cursor', message: 'Invalid cursor' }],
      });
    }
    conditions.push(afterCursor(threads.updatedAt, threads.id, cursor));
  }
  if (query.starred) conditions.push(eq(threads.starred, true));
  if (query.toolId) conditions.push(eq(threads.toolId, query.toolId));
  if (query.q) {
    const tsquery = searchQuery(query.q);
    if (!tsquery) return { threads: [], nextCursor: null };
    conditions.push(matchesSearch(userId, tsquery));
  }
  const rows = await db
    .select({ ...threadColumns, cursorTime })
    .from(threads)
    .where(and(...conditions))
    .orderBy(desc(threads.updatedAt), desc(threads.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    threads: page.map(toThread),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ time: last.cursorTime, id: last.id }) : null,
  };
}

/**
 * The user's thread, or null when it is missing, someone else's or deleted. The plan window is not
 * applied: this is for the chat core, which decides what a free user may do with an old thread.
 */
export async function getOwnedThread(db: Db, userId: string, threadId: string): Promise<ThreadFields | null> {
  const [row] = await db
    .select(threadColumns)
    .from(threads)
    .where(and(eq(threads.id, threadId), eq(threads.userId, userId), isNull(threads.deletedAt)));
  return row ?? null;
}

/**
 * The thread with its newest messages in order (a page: `olderCursor` leads to the ones before) and
 * the stream being generated, if any.
 */
export async function getThreadDetail(db: Db, owner: ThreadOwner, threadId: string): Promise<ThreadDetail> {
  // One snapshot for the thread and its messages: an answer that settles (or is swept as
  // interrupted) between two separate reads would show as ended while the thread still names it
  // as the answer being generated, and the page would wait for a stream that is gone.
  return db.transaction(
    async (tx) => {
      const [row] = await tx.select(threadColumns).from(threads).where(visibleThread(owner, threadId));
      if (!row) throw new AppError('NOT_FOUND');
      const page = await messagesPage(tx, owner.id, row.id, THREAD_MESSAGES_PAGE_SIZE);
      const summary = await summaryMarker(tx, row.id);
      return {
        thread: toThread(row),
        ...page,
        activeAnswerId: row.activeAnswerId,
        toolInput: isRecord(row.toolInput) ? row.toolInput : null,
        summary,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** The messages before a page of the thread (its `olderCursor`), as the person scrolls up. */
export async function getThreadMessages(
  db: Db,
  owner: ThreadOwner,
  threadId: string,
  query: ThreadMessagesQuery,
): Promise<ThreadMessagesPage> {
  const [row] = await db.select({ id: threads.id }).from(threads).where(visibleThread(owner, threadId));
  if (!row) throw new AppError('NOT_FOUND');
  return messagesPage(db, owner.id, row.id, query.limit, Number(query.cursor));
}

/**
 * The `limit` newest messages before `beforeSeq` (the newest of all without it), oldest first. The
 * cursor is the page's first seq: keyset on messages_thread_seq_idx, so any page costs the same.
 */
async function messagesPage(
  db: Db,
  userId: string,
  threadId: string,
  limit: number,
  beforeSeq?: number,
): Promise<ThreadMessagesPage> {
  const rows = await db
    .select({ ...messageColumns, seq: messages.seq })
    .from(messages)
    .where(
      and(
        eq(messages.threadId, threadId),
        eq(messages.userId, userId),
        beforeSeq === undefined ? undefined : lt(messages.seq, beforeSeq),
      ),
    )
    .orderBy(desc(messages.seq))
    .limit(limit + 1);
  const page = rows.slice(0, limit).reverse();
  const first = page[0];
  return {
    messages: page.map(toChatMessage),
    olderCursor: rows.length > limit && first ? String(first.seq) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Changes. None of them touches updated_at: the history stays ordered by activity.

/** Renames and/or stars the thread. */
export async function updateThread(db: Db, owner: ThreadOwner, threadId: string, input: UpdateThread): Promise<Thread> {
  const patch: Partial<typeof threads.$inferInsert> = {};
  if (input.title !== undefined) patch.title = input.title;
  if (input.starred !== undefined) patch.starred = input.starred;
  const [row] = await db.update(threads).set(patch).where(visibleThread(owner, threadId)).returning(threadColumns);
  if (!row) throw new AppError('NOT_FOUND');
  return toThread(row);
}

/**
 * Soft delete: hidden everywhere until restored or purged. Returns the answer still being generated
 * in it, if any, so the caller can stop it.
 */
export async function deleteThread(
  db: Db,
  owner: ThreadOwner,
  threadId: string,
): Promise<{ activeAnswerId: string | null }> {
  const [row] = await db
    .update(threads)
    .set({ deletedAt: sql`now()` })
    .where(visibleThread(owner, threadId))
    .returning({ id: threads.id, activeAnswerId: threads.activeAnswerId });
  if (!row) throw new AppError('NOT_FOUND');
  return { activeAnswerId: row.activeAnswerId };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Undoes a delete; NOT_FOUND when the thread is not the user's or not deleted. */
export async function restoreThread(db: Db, userId: string, threadId: string): Promise<Thread> {
  const [row] = await db
    .update(threads)
    .set({ deletedAt: null })
    .where(and(eq(threads.id, threadId), eq(threads.userId, userId), isNotNull(threads.deletedAt)))
    .returning(threadColumns);
  if (!row) throw new AppError('NOT_FOUND');
  return toThread(row);
}

/** Removes threads (and their messages) deleted before `olderThan`; returns how many. */
export async function purgeDeletedThreads(db: Db, olderThan: Date): Promise<number> {
  const rows = await db.delete(threads).where(lt(threads.deletedAt, olderThan)).returning({ id: threads.id });
  return rows.length;
}

/**
 * The purge as a scheduled job: every six hours, by one instance at a time. A deleted chat can be
 * restored for RETENTION.deletedChatDays (the privacy policy prints the same number).
 */
export function purgeDeletedThreadsJob(db: Db) {
  return defineJob({
    name: 'purge-deleted-chats',
    payload: z.object({}),
    schedule: '17 */6 * * *',
    retries: 1,
    retryDelaySeconds: 300,
    timeoutSeconds: 600,
    concurrency: 1,
    async handler(_payload, run) {
      const purged = await purgeDeletedThreads(db, new Date(Date.now() - RETENTION.deletedChatDays * 86_400_000));
      if (purged > 0) run.logger.info({ purged }, 'deleted chats purged');
    },
  });
}
