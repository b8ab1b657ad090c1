import type { UserMessage } from '@polymath/shared';
import { convertToModelMessages, isToolUIPart, type ModelMessage, type SystemModelMessage, type UIMessage } from 'ai';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import type { FileStore } from '../../lib/storage/file-store.ts';
import { readOwnedAttachment } from '../attachments/index.ts';
import type { ResolvedModel } from '../models/index.ts';
import { type TurnBudget, turnBudget } from './context-budget.ts';
import { isImagePart, measureMessage, modelVisibleText } from './message-content.ts';
import { readSummary, type StoredSummary } from './summaries/summary-store.ts';
import {
  estimateTokens,
  FUNCTION_TOKENS,
  IMAGE_TOKENS,
  MESSAGE_OVERHEAD_TOKENS,
  measureRepeated,
  REQUEST_OVERHEAD_TOKENS,
  type TextSize,
  type TokenizerKind,
  tokensFor,
  utf8Bytes,
} from './token-count.ts';

/** Images in the newest messages are sent as pixels; older ones are named, not sent again. */
export const IMAGE_WINDOW = 6;
/** What naming an attachment instead of sending it costs, at most. */
const REFERENCE_TOKENS = 24;
/** Messages read per query, newest first, until the budget is full. */
const PAGE = 64;

/**
 * A cache breakpoint for Anthropic (prompt caching): the prompt up to and including the part it
 * marks is cached, and the next turn, which starts with the same prefix, reads it at a tenth of the
 * price. Other providers ignore Anthropic's options; OpenAI and DeepSeek cache stable prefixes by themselves.
 */
export const CACHE_BREAKPOINT = { anthropic: { cacheControl: { type: 'ephemeral' as const } } };

/** What a turn sends, and what it knows about the thread's size (decision 027). */
export type TurnContext = {
  /** The tool's prompt with its context, then the summary of earlier messages: the stable prefix. */
  instructions: SystemModelMessage[];
  /** The newest messages that fit, oldest first (the last one carries a cache breakpoint). */
  messages: ModelMessage[];
  budget: TurnBudget;
  /** Our count of the request's input, as the model's tokenizer (or the estimate) sees it. */
  inputTokens: number;
  /** The messages after the summary as counted (those left out included, as far as they were read). */
  tailTokens: number;
  /** Messages after the summary that did not fit were left out: a fold is due. */
  leftOut: boolean;
  /** Even the newest message does not fit (counted exactly): no request can succeed. */
  overflow: boolean;
  summary: StoredSummary | null;
  /** Sizes measured for rows that had none (written before this existed): stored when the answer settles. */
  measured: { id: string; size: TextSize }[];
};

export type Row = {
  id: string;
  seq: number;
  role: 'user' | 'assistant';
  parts: UIMessage['parts'];
  size: TextSize | null;
};

/** The summary as the model reads it: a system message after the tool's prompt. */
export function summaryInstruction(summary: { text: string }): string {
  return `Summary of the earlier part of this conversation (those messages are not repeated below):\n\n${summary.text}`;
}

/**
 * Builds what a turn sends within the model's budget (decision 027): the tool's prompt and context,
 * the summary of earlier messages, and the newest messages that fit, read newest first with the
 * sizes stored with them, so a turn reads about what it sends and counts only what was never counted.
 * A new thread's first message is sent as is, and with text that plainly fits it is not tokenized at
 * all (its bytes bound its tokens): the path to the first token stays as it was (B1).
 */
export async function buildTurnContext(
  db: Db,
  files: FileStore,
  args: {
    userId: string;
    threadId: string;
    answerId: string;
    model: Pick<ResolvedModel, 'contextTokens' | 'maxOutputTokens' | 'tokenizer' | 'capabilities'>;
    historyTokens: number;
    /** The tool's system prompt and the context it prepared for the turn (documents…). */
    system: string;
    /** How many functions the model is offered (their definitions take room too). */
    functions: number;
    /** A thread this turn created: its only message, not read back. */
    firstMessage?: UserMessage | undefined;
  },
): Promise<TurnContext> {
  const { model } = args;
  const kind: TokenizerKind = model.tokenizer;
  const budget = turnBudget(model, args.historyTokens);
  const systemTokens = tokensFor(kind, measureRepeated(args.system)) + MESSAGE_OVERHEAD_TOKENS;
  const summary = args.firstMessage ? null : await readSummary(db, args.threadId);
  const summaryText = summary ? summaryInstruction(summary) : null;
  const summaryTokens = summaryText ? tokensFor(kind, measureRepeated(summaryText)) + MESSAGE_OVERHEAD_TOKENS : 0;
  const fixed = systemTokens + summaryTokens + args.functions * FUNCTION_TOKENS + REQUEST_OVERHEAD_TOKENS;
  const room = Math.max(0, budget.input - fixed);
  // Recent messages get their limit; the newest one gets whatever room there is.
  const historyRoom = Math.min(budget.historyLimit, room);

  const measured: { id: string; size: TextSize }[] = [];
  /** A message's cost for this model: its text as counted, its attachments, its framing. */
  const costOf = (row: Row, index: number, exactNeeded: boolean): { tokens: number; exact: boolean } => {
    let text: number;
    let exact = true;
    if (row.size) text = tokensFor(kind, row.size);
    else {
      const plain = modelVisibleText(row.role, row.parts);
      const bytes = utf8Bytes(plain);
      if (kind === 'estimate') text = estimateTokens(plain);
      else if (!exactNeeded && index === 0 && bytes <= room) {
        // The message just sent (stored with its size when the answer settles): every o200k token
        // is at least a byte, so when its bytes plainly fit there is no need to count it now.
        text = bytes;
        exact = false;
      } else {
        const size = measureMessage(row.role, row.parts);
        measured.push({ id: row.id, size });
        text = size.tokens;
      }
    }
    let attachments = 0;
    for (const part of row.parts) {
      if (part.type !== 'file') continue;
      attachments += sendsPixels(part, index, model.capabilities.vision) ? IMAGE_TOKENS : REFERENCE_TOKENS;
    }
    return { tokens: text + attachments + MESSAGE_OVERHEAD_TOKENS, exact: exact && kind === 'o200k' };
  };

  const kept: Row[] = [];
  const costs: number[] = [];
  let used = 0;
  let tailTokens = 0;
  let leftOut = false;
  let overflow = false;
  const rows = args.firstMessage
    ? oneMessage(args.firstMessage)
    : newestFirst(db, { userId: args.userId, threadId: args.threadId, answerId: args.answerId, after: summary });
  for await (const row of rows) {
    const index = kept.length;
    let cost = costOf(row, index, false);
    // Near the limit, an upper bound is not enough: count exactly before leaving anything out.
    if (used + cost.tokens > (index === 0 ? room : historyRoom) && !cost.exact && kind === 'o200k') {
      cost = costOf(row, index, true);
    }
    tailTokens += cost.tokens;
    const limit = index === 0 ? room : historyRoom;
    if (used + cost.tokens > limit) {
      if (index === 0) {
        // The newest message alone does not fit: counted exactly, it cannot be sent; estimated, the
        // provider decides (our estimate is on the high side).
        if (cost.exact) overflow = true;
        kept.push(row);
        costs.push(cost.tokens);
        used += cost.tokens;
        continue;
      }
      leftOut = true;
      break;
    }
    kept.push(row);
    costs.push(cost.tokens);
    used += cost.tokens;
  }
  // What is sent starts with the person's message (a model reads a conversation from a question).
  while (kept.length > 1 && kept[kept.length - 1]?.role !== 'user') {
    kept.pop();
    used -= costs.pop() ?? 0;
    leftOut = true;
  }
  kept.reverse();

  const history: UIMessage[] = [];
  for (const [position, row] of kept.entries()) {
    const fromNewest = kept.length - 1 - position;
    const parts = await partsForModel(files, args.userId, row, fromNewest, model.capabilities.vision);
    if (parts.length > 0) history.push({ id: row.id, role: row.role, parts });
  }
  const messages = await convertToModelMessages(history);
  const last = messages[messages.length - 1];
  if (last) last.providerOptions = { ...last.providerOptions, ...CACHE_BREAKPOINT };

  const instructions: SystemModelMessage[] = [
    { role: 'system', content: args.system, providerOptions: CACHE_BREAKPOINT },
    ...(summaryText ? [{ role: 'system' as const, content: summaryText, providerOptions: CACHE_BREAKPOINT }] : []),
  ];
  return {
    instructions,
    messages,
    budget,
    inputTokens: fixed + used,
    tailTokens,
    leftOut,
    overflow,
    summary,
    measured,
  };
}

/** Whether an attachment goes to the model as pixels: a recent image, for a model that sees. */
function sendsPixels(part: { mediaType: string }, fromNewest: number, vision: boolean): boolean {
  return vision && isImagePart(part) && fromNewest < IMAGE_WINDOW;
}

/**
 * A stored message's parts as the model reads them: text; an answer's finished function calls with
 * their results and the step boundaries between them (or the model would read the text written
 * from a result before the result); recent images as their bytes; older images and PDFs named only
 * (a PDF's text reaches the model through the tool's context, features/documents).
 * `fromNewest`: the message's place counted from the newest (0). Exported for its test.
 */
export async function partsForModel(
  files: FileStore,
  userId: string,
  row: Row,
  fromNewest: number,
  vision: boolean,
): Promise<UIMessage['parts']> {
  const kept: UIMessage['parts'] = [];
  for (const part of row.parts) {
    if (part.type === 'text') kept.push({ type: 'text', text: part.text });
    else if (part.type === 'step-start' && row.role === 'assistant') kept.push(part);
    else if (isToolUIPart(part) && row.role === 'assistant') {
      if (part.state === 'output-available' || part.state === 'output-error') kept.push(part);
    } else if (part.type === 'file' && row.role === 'user') {
      const name = part.filename ?? (isImagePart(part) ? 'image' : 'document.pdf');
      if (sendsPixels(part, fromNewest, vision)) {
        const bytes = await readOwnedAttachment(files, userId, part.url);
        if (bytes) {
          kept.push({
            type: 'file',
            mediaType: part.mediaType,
            url: `data:${part.mediaType};base64,${Buffer.from(bytes).toString('base64')}`,
          });
        }
      } else if (isImagePart(part)) {
        kept.push({ type: 'text', text: `[The person attached an image here (${name}); it is not shown again.]` });
      } else {
        kept.push({ type: 'text', text: `[The person attached the PDF "${name}" here.]` });
      }
    }
  }
  return kept;
}

async function* oneMessage(message: UserMessage): AsyncGenerator<Row> {
  yield { id: message.id, seq: 0, role: 'user', parts: message.parts as UIMessage['parts'], size: null };
}

/** The thread's messages after its summary, newest first, a page at a time (the budget stops the reading). */
async function* newestFirst(
  db: Db,
  args: { userId: string; threadId: string; answerId: string; after: StoredSummary | null },
): AsyncGenerator<Row> {
  let before = Number.MAX_SAFE_INTEGER;
  const after = args.after?.throughSeq ?? 0;
  for (;;) {
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
        where thread_id = ${args.threadId} and user_id = ${args.userId}
          and seq > ${after} and seq < ${before} and id <> ${args.answerId}
        order by seq desc limit ${PAGE}`,
    );
    for (const row of rows) {
      yield {
        id: row.id,
        seq: Number(row.seq),
        role: row.role === 'assistant' ? 'assistant' : 'user',
        parts: row.parts,
        size:
          row.context_tokens === null || row.context_estimate === null
            ? null
            : { tokens: row.context_tokens, estimate: row.context_estimate },
      };
    }
    const oldest = rows[rows.length - 1];
    if (rows.length < PAGE || !oldest) return;
    before = Number(oldest.seq);
  }
}
