import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { threadSummaries } from '../../../db/schema/index.ts';
import type { TextSize } from '../token-count.ts';

/** `model`: written by a model; `extract`: lines taken from the messages (the demo, or a model that failed). */
export type SummaryKind = 'model' | 'extract';

/** A thread's summary of its earlier messages, as a turn reads it (decision 028). */
export type StoredSummary = {
  throughSeq: number;
  throughMessageId: string;
  text: string;
  kind: SummaryKind;
  modelId: string | null;
  size: TextSize;
  folds: number;
  /** The chat this one continues (its summary is of that chat), if it was started that way. */
  fromThreadId: string | null;
};

/**
 * The thread's summary, if it still stands: an edit that replaced a message it covers (the edited
 * message and everything after it are deleted, and seqs never come back) makes it void, and the
 * next fold writes it again from the messages that are there.
 */
export async function readSummary(db: Db, threadId: string): Promise<StoredSummary | null> {
  const [row] = await queryRows<{
    through_seq: string | number;
    through_message_id: string;
    text: string;
    kind: string;
    model_id: string | null;
    context_tokens: number;
    context_estimate: number;
    folds: number;
    from_thread_id: string | null;
  }>(
    db,
    sql`select s.through_seq, s.through_message_id, s.text, s.kind, s.model_id, s.context_tokens, s.context_estimate,
        s.folds, s.from_thread_id
      from thread_summaries s
      where s.thread_id = ${threadId}
        and ((s.through_seq = 0 and s.from_thread_id is not null)
          or exists (select 1 from messages m where m.thread_id = s.thread_id and m.seq = s.through_seq))`,
  );
  if (!row) return null;
  return {
    throughSeq: Number(row.through_seq),
    throughMessageId: row.through_message_id,
    text: row.text,
    kind: row.kind === 'extract' ? 'extract' : 'model',
    modelId: row.model_id,
    size: { tokens: row.context_tokens, estimate: row.context_estimate },
    folds: row.folds,
    fromThreadId: row.from_thread_id,
  };
}

/**
 * Stores a fold: only over the summary it was made from (`previousSeq`, null when there was none
 * or it was void), so two jobs folding the same thread at once cannot go back in time; returns
 * whether it was stored.
 */
export async function saveSummary(
  db: Db,
  args: {
    threadId: string;
    userId: string;
    previousSeq: number | null;
    throughSeq: number;
    throughMessageId: string;
    text: string;
    kind: SummaryKind;
    modelId: string | null;
    size: TextSize;
    folds: number;
  },
): Promise<boolean> {
  const values = {
    throughSeq: args.throughSeq,
    throughMessageId: args.throughMessageId,
    text: args.text,
    kind: args.kind,
    modelId: args.modelId,
    contextTokens: args.size.tokens,
    contextEstimate: args.size.estimate,
    folds: args.folds,
    updatedAt: new Date(),
  };
  if (args.previousSeq === null) {
    // No summary stood: a void one (after an edit) is replaced, a live one written meanwhile is not.
    const rows = await db
      .insert(threadSummaries)
      .values({ threadId: args.threadId, userId: args.userId, ...values })
      .onConflictDoUpdate({
        target: threadSummaries.threadId,
        set: values,
        setWhere: sql`${threadSummaries.throughSeq} <> 0 and not exists (select 1 from messages m where m.thread_id = ${args.threadId} and m.seq = ${threadSummaries.throughSeq})`,
      })
      .returning({ threadId: threadSummaries.threadId });
    return rows.length > 0;
  }
  const rows = await db
    .update(threadSummaries)
    .set(values)
    .where(and(eq(threadSummaries.threadId, args.threadId), eq(threadSummaries.throughSeq, args.previousSeq)))
    .returning({ threadId: threadSummaries.threadId });
  return rows.length > 0;
}

/** What a chat shows of its summary (GET /api/threads/:id): where it ends, what it says, where it came from. */
export type SummaryMarker = {
  /** The last message it covers; '' when it is the summary of the chat this one continues. */
  throughMessageId: string;
  text: string;
  kind: SummaryKind;
  fromThreadId: string | null;
};

export async function summaryMarker(db: Db, threadId: string): Promise<SummaryMarker | null> {
  const summary = await readSummary(db, threadId);
  if (!summary) return null;
  const { throughMessageId, text, kind, fromThreadId } = summary;
  return { throughMessageId, text, kind, fromThreadId };
}
