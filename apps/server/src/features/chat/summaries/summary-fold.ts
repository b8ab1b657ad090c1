import type { Plan } from '@polymath/shared';
import { generateText, type UIMessage } from 'ai';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';
import type { Logger } from '../../../lib/logger.ts';
import type { ModelRegistry, ResolvedModel } from '../../models/index.ts';
import { costOf, recordUsage } from '../../usage/index.ts';
import { turnBudget } from '../context-budget.ts';
import { attachmentsOf, measureMessage, modelVisibleText } from '../message-content.ts';
import { storeMessageSizes } from '../message-sizes.ts';
import { MESSAGE_OVERHEAD_TOKENS, measureText, type TextSize, type TokenizerKind, tokensFor } from '../token-count.ts';
import { readSummary, type StoredSummary, type SummaryKind, saveSummary } from './summary-store.ts';

/** What folding needs, for the life of the process. */
export type FoldDeps = { db: Db; models: ModelRegistry; historyTokens: number; logger: Logger };

/** A summary's longest answer: about 400 words in any language. */
const SUMMARY_MAX_OUTPUT_TOKENS = 1_024;
/** One message's text as the summariser reads it, at most (a long answer's code is cut). */
const TRANSCRIPT_MESSAGE_CHARS = 6_000;
/** An extract keeps this many lines, the newest. */
const EXTRACT_LINES = 40;
const EXTRACT_LINE_CHARS = 160;

const SUMMARY_INSTRUCTIONS = [
  'You keep a running summary of a conversation between a person and an AI assistant, so that the',
  'assistant can go on with it without the earlier messages. Merge the previous summary (if any) and',
  'the new messages into one updated summary. Keep what the conversation needs later: facts about the',
  'person and their goals, names, numbers, dates, decisions, preferences and instructions they gave,',
  'questions still open, and briefly what the assistant already produced. Leave out greetings and',
  'small talk. Write compact notes in the language the conversation is in, at most 400 words.',
  'Reply with the summary only.',
].join(' ');

type TailRow = { id: string; seq: number; role: string; parts: UIMessage['parts']; size: TextSize };

type Thread = { userId: string; modelId: string; toolId: string; plan: Plan };

async function threadOf(db: Db, threadId: string): Promise<Thread | null> {
  const [row] = await queryRows<{ user_id: string; model_id: string; tool_id: string; access_level: string }>(
    db,
    sql`select t.user_id, t.model_id, t.tool_id, u.access_level from threads t join users u on u.id = t.user_id
      where t.id = ${threadId} and t.deleted_at is null`,
  );
  if (!row) return null;
  return {
    userId: row.user_id,
    modelId: row.model_id,
    toolId: row.tool_id,
    plan: row.access_level === 'pro' ? 'pro' : 'free',
  };
}

/**
 * The thread's finished messages after `afterSeq`, oldest first, with their sizes (measured now and
 * stored for rows that had none, so this happens once).
 */
async function messagesAfter(db: Db, threadId: string, afterSeq: number): Promise<TailRow[]> {
  const rows = await queryRows<{
    id: string;
    seq: string | number;
    role: string;
    parts: UIMessage['parts'];
    context_tokens: number | null;
    context_estimate: number | null;
  }>(
    db,
    sql`select id, seq, role, parts, context_tokens, context_estimate from messages
      where thread_id = ${threadId} and seq > ${afterSeq} and status <> 'streaming'
      order by seq`,
  );
  const measured: { id: string; size: TextSize }[] = [];
  const out = rows.map((row) => {
    let size: TextSize;
    if (row.context_tokens === null || row.context_estimate === null) {
      size = measureMessage(row.role, row.parts);
      measured.push({ id: row.id, size });
    } else size = { tokens: row.context_tokens, estimate: row.context_estimate };
    return { id: row.id, seq: Number(row.seq), role: row.role, parts: row.parts, size };
  });
  if (measured.length) await storeMessageSizes(db, measured);
  return out;
}

/**
 * Which of the messages after the summary to fold (decision 028): when they outgrow the history
 * cap, the oldest ones, down to `foldTo`, ending before a person's message (so the messages kept
 * start with a question) and never the newest exchange. Empty when nothing is due.
 */
export function blockToFold(
  rows: { role: string; size: TextSize }[],
  kind: TokenizerKind,
  limits: { history: number; foldTo: number },
): number {
  const costs = rows.map((r) => tokensFor(kind, r.size) + MESSAGE_OVERHEAD_TOKENS);
  let remaining = costs.reduce((a, b) => a + b, 0);
  if (remaining <= limits.history) return 0;
  const newestQuestion = rows.findLastIndex((r) => r.role === 'user');
  let end = 0;
  for (let i = 0; i < newestQuestion; i++) {
    remaining -= costs[i] ?? 0;
    if (rows[i + 1]?.role !== 'user') continue;
    end = i + 1;
    if (remaining <= limits.foldTo) break;
  }
  return end;
}

/** The messages as the summariser reads them. */
function transcript(rows: TailRow[]): string {
  return rows
    .map((row) => {
      const who = row.role === 'user' ? 'Person' : 'Assistant';
      const files = attachmentsOf(row.parts).map((a) => `[${a.image ? 'image' : 'PDF'}: ${a.name}]`);
      let text = [modelVisibleText(row.role, row.parts), ...files].filter(Boolean).join(' ');
      if (text.length > TRANSCRIPT_MESSAGE_CHARS) text = `${text.slice(0, TRANSCRIPT_MESSAGE_CHARS)} …(cut)`;
      return `${who}: ${text}`;
    })
    .join('\n\n');
}

/**
 * A summary without a model (the offline demo, or when the model failed for good): the opening of
 * each message, labelled as an extract, the newest lines kept. It says what it is, to the model and
 * to the person who opens it.
 */
export function extractSummary(previous: string | null, rows: TailRow[]): string {
  const header = 'Earlier messages in short (an extract of their opening lines, not written by an AI model):';
  const old = (previous ?? '').split('\n').filter((line) => line.trim() !== '' && line !== header);
  const lines = rows.flatMap((row) => {
    const text = modelVisibleText(row.role, row.parts).replace(/\s+/g, ' ').trim();
    const files = attachmentsOf(row.parts).map((a) => `[${a.image ? 'image' : 'PDF'}: ${a.name}]`);
    const said = [text.length > EXTRACT_LINE_CHARS ? `${text.slice(0, EXTRACT_LINE_CHARS - 1)}…` : text, ...files]
      .filter(Boolean)
      .join(' ');
    return said ? [`- ${row.role === 'user' ? 'Person' : 'Assistant'}: ${said}`] : [];
  });
  return [header, ...[...old, ...lines].slice(-EXTRACT_LINES)].join('\n');
}

/** The model that writes a thread's summaries: its model's small sibling, else itself; null for an extract. */
export function summariserFor(models: ModelRegistry, model: ResolvedModel | undefined): ResolvedModel | null {
  if (!model || model.demo) return null;
  const small = models.get(model.summaryModelId);
  if (small?.available && !small.demo) return small;
  return model.available ? model : null;
}

/**
 * Folds `rows` into `previous` with the summariser (in pieces that fit its window), or as an
 * extract without one. Each model call's usage is recorded as a `summary` row. Throws when the
 * model fails and `fallback` is false (the job tries again later).
 */
export async function summarise(
  deps: FoldDeps,
  args: {
    threadId: string;
    thread: Thread;
    summariser: ResolvedModel | null;
    previous: string | null;
    rows: TailRow[];
    fallback: boolean;
    signal?: AbortSignal | undefined;
  },
): Promise<{ text: string; kind: SummaryKind; modelId: string | null }> {
  const { summariser } = args;
  if (!summariser) return { text: extractSummary(args.previous, args.rows), kind: 'extract', modelId: null };
  try {
    // What one call may read of messages: its input budget less the instructions and the summary so far.
    const room = Math.max(2_000, turnBudget(summariser, Number.MAX_SAFE_INTEGER).input - 2_500);
    let text = args.previous;
    let piece: TailRow[] = [];
    let pieceTokens = 0;
    const pieces: TailRow[][] = [];
    for (const row of args.rows) {
      const tokens = Math.min(tokensFor(summariser.tokenizer, row.size), TRANSCRIPT_MESSAGE_CHARS);
      if (piece.length > 0 && pieceTokens + tokens > room) {
        pieces.push(piece);
        piece = [];
        pieceTokens = 0;
      }
      piece.push(row);
      pieceTokens += tokens;
    }
    if (piece.length) pieces.push(piece);
    for (const rows of pieces) {
      const at = new Date();
      const result = await generateText({
        model: summariser.languageModel(),
        system: SUMMARY_INSTRUCTIONS,
        prompt: `${text ? `Previous summary:\n${text}\n\n` : ''}New messages:\n\n${transcript(rows)}`,
        maxOutputTokens: SUMMARY_MAX_OUTPUT_TOKENS,
        maxRetries: 1,
        abortSignal: args.signal,
      });
      const usage = result.totalUsage;
      const counts = {
        inputTokens: usage.inputTokens ?? 0,
        cachedInputTokens: usage.inputTokenDetails?.cacheReadTokens ?? 0,
        cacheWriteTokens: usage.inputTokenDetails?.cacheWriteTokens ?? 0,
        outputTokens: usage.outputTokens ?? 0,
        reasoningTokens: usage.outputTokenDetails?.reasoningTokens ?? 0,
      };
      await recordUsage(deps.db, {
        kind: 'summary',
        messageId: null,
        threadId: args.threadId,
        userId: args.thread.userId,
        plan: args.thread.plan,
        toolId: args.thread.toolId,
        modelId: summariser.id,
        provider: summariser.provider,
        status: 'complete',
        ...counts,
        estimatedInputTokens: null,
        calls: 1,
        functions: {},
        costUsd: costOf(summariser.prices, counts),
        at,
      });
      const written = result.text.trim();
      if (!written) throw new Error('the summary came back empty');
      text = written;
    }
    return { text: text ?? '', kind: 'model', modelId: summariser.id };
  } catch (err) {
    if (!args.fallback) throw err;
    deps.logger.warn({ err, threadId: args.threadId }, 'the summary model failed; an extract stands in');
    return { text: extractSummary(args.previous, args.rows), kind: 'extract', modelId: null };
  }
}

/**
 * Folds the oldest block of a long thread's messages into its summary, when it is due (the thread-
 * summary job, after a turn found the messages after the summary over the history cap). Safe to run
 * twice: the second finds nothing due, and a fold is stored only over the summary it was made from.
 */
export async function foldThread(
  deps: FoldDeps,
  threadId: string,
  options: { fallback: boolean; signal?: AbortSignal | undefined },
): Promise<boolean> {
  const thread = await threadOf(deps.db, threadId);
  if (!thread) return false;
  const model = deps.models.get(thread.modelId);
  const kind: TokenizerKind = model?.tokenizer ?? 'estimate';
  const budget = turnBudget(model ?? { contextTokens: 16_000, maxOutputTokens: 2_000 }, deps.historyTokens);
  const summary = await readSummary(deps.db, threadId);
  const rows = await messagesAfter(deps.db, threadId, summary?.throughSeq ?? 0);
  const end = blockToFold(rows, kind, budget);
  if (end === 0) return false;
  const block = rows.slice(0, end);
  const last = block[block.length - 1];
  if (!last) return false;
  const made = await summarise(deps, {
    threadId,
    thread,
    summariser: summariserFor(deps.models, model),
    previous: summary?.text ?? null,
    rows: block,
    fallback: options.fallback,
    signal: options.signal,
  });
  return saveSummary(deps.db, {
    threadId,
    userId: thread.userId,
    previousSeq: summary?.throughSeq ?? null,
    throughSeq: last.seq,
    throughMessageId: last.id,
    text: made.text,
    kind: made.kind,
    modelId: made.modelId,
    size: measureText(made.text),
    folds: (summary?.folds ?? 0) + 1,
  });
}

/**
 * The whole of a thread as one summary (its summary and every message after it), for a new chat
 * that continues it. Falls back to an extract at once: the person is waiting.
 */
export async function summariseWholeThread(
  deps: FoldDeps,
  threadId: string,
): Promise<{
  thread: Thread;
  text: string;
  kind: SummaryKind;
  modelId: string | null;
  summary: StoredSummary | null;
} | null> {
  const thread = await threadOf(deps.db, threadId);
  if (!thread) return null;
  const summary = await readSummary(deps.db, threadId);
  const rows = await messagesAfter(deps.db, threadId, summary?.throughSeq ?? 0);
  const made =
    rows.length === 0
      ? { text: summary?.text ?? '', kind: summary?.kind ?? ('extract' as const), modelId: summary?.modelId ?? null }
      : await summarise(deps, {
          threadId,
          thread,
          summariser: summariserFor(deps.models, deps.models.get(thread.modelId)),
          previous: summary?.text ?? null,
          rows,
          fallback: true,
        });
  return { thread, ...made, summary };
}
