import type { Plan } from '@polymath/shared';
import { getToolName, isToolUIPart, type UIMessage } from 'ai';
import type { Db } from '../../db/client.ts';
import { answerUsage } from '../../db/schema/index.ts';
import type { ModelPrices } from '../models/index.ts';

/** What one answer or summary used, as it is stored (answer_usage, decision 029). */
export type UsageRecord = {
  kind: 'answer' | 'summary';
  /** The answer's message id; null for a summary. */
  messageId: string | null;
  threadId: string;
  userId: string;
  plan: Plan;
  toolId: string;
  modelId: string;
  provider: string;
  status: string;
  inputTokens: number;
  cachedInputTokens: number;
  cacheWriteTokens: number;
  outputTokens: number;
  reasoningTokens: number;
  estimatedInputTokens: number | null;
  calls: number;
  functions: Record<string, number>;
  costUsd: number | null;
  /** Milliseconds to the answer's first token (answers only; null without one). */
  firstTokenMs?: number | null;
  at: Date;
};

/**
 * The cost in US dollars from the catalogue's prices per million tokens: input read from the cache
 * at its price, written to it at its price, the rest of the input at the input price, and every
 * output token (reasoning included) at the output price. Null when the model has no prices.
 */
export function costOf(
  prices: ModelPrices | null,
  usage: { inputTokens: number; cachedInputTokens: number; cacheWriteTokens: number; outputTokens: number },
): number | null {
  if (!prices) return null;
  const uncached = Math.max(0, usage.inputTokens - usage.cachedInputTokens - usage.cacheWriteTokens);
  const dollars =
    uncached * prices.input +
    usage.cachedInputTokens * prices.cachedInput +
    usage.cacheWriteTokens * prices.cacheWrite +
    usage.outputTokens * prices.output;
  // Stored with 8 decimals (a hundred-millionth of a dollar).
  return Number((dollars / 1e6).toFixed(8));
}

/** The functions an answer called, by name ({ web_search: 2 }): web searches per day come from it. */
export function functionCalls(parts: UIMessage['parts']): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const part of parts) {
    if (!isToolUIPart(part)) continue;
    const name = getToolName(part);
    counts[name] = (counts[name] ?? 0) + 1;
  }
  return counts;
}

/** The UTC day a usage counts in (as credits do). */
export function usageDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * Stores one answer's or summary's usage. An answer has one row (a settle that is tried again
 * writes nothing twice); rows keep the person's id until the account goes.
 */
export async function recordUsage(db: Db, record: UsageRecord): Promise<void> {
  await db
    .insert(answerUsage)
    .values({
      messageId: record.messageId,
      threadId: record.threadId,
      userId: record.userId,
      kind: record.kind,
      day: usageDay(record.at),
      plan: record.plan,
      toolId: record.toolId,
      modelId: record.modelId,
      provider: record.provider,
      status: record.status,
      inputTokens: record.inputTokens,
      cachedInputTokens: record.cachedInputTokens,
      cacheWriteTokens: record.cacheWriteTokens,
      outputTokens: record.outputTokens,
      reasoningTokens: record.reasoningTokens,
      estimatedInputTokens: record.estimatedInputTokens,
      calls: record.calls,
      functions: record.functions,
      costUsd: record.costUsd,
      firstTokenMs: record.firstTokenMs ?? null,
      createdAt: record.at,
    })
    .onConflictDoNothing({ target: answerUsage.messageId });
}
