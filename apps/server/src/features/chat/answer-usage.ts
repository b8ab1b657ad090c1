import type { Plan } from '@polymath/shared';
import type { UIMessage } from 'ai';
import type { Db } from '../../db/client.ts';
import type { ResolvedModel } from '../models/index.ts';
import { costOf, functionCalls, recordUsage } from '../usage/index.ts';
import type { AnswerOutcome } from './generation.ts';
import { measureMessage } from './message-content.ts';
import { storeMessageSizes } from './message-sizes.ts';
import type { ModelUsage } from './metered-model.ts';
import { type TextSize, tokensFor } from './token-count.ts';

/**
 * The key an answer's usage row carries in its `functions` JSON when its tokens are our estimate,
 * not the provider's (not a function's name: those have no parentheses).
 */
export const USAGE_ESTIMATED = '(usage estimated)';

/**
 * The usage to store for an answer whose provider usage never arrived (stopped, interrupted or
 * failed mid-stream: the provider's usage comes with the stream's end): the turn's counted input
 * and, as output, what was streamed, counted as the turn counts; the provider billed at least that
 * (decision 029). Only when something was streamed: a call refused before its first token cost
 * nothing. A call whose usage did arrive (an earlier function step) keeps its figures.
 */
export function withEstimate(
  usage: ModelUsage,
  turn: { outcome: AnswerOutcome; inputTokens: number; streamedTokens: number },
): ModelUsage & { estimated: boolean } {
  const missing =
    turn.outcome.status !== 'complete' && turn.outcome.firstTokenMs != null && usage.reported < usage.calls;
  if (!missing) return { ...usage, estimated: false };
  return {
    ...usage,
    inputTokens: usage.inputTokens + turn.inputTokens,
    outputTokens: Math.max(usage.outputTokens, turn.streamedTokens),
    estimated: true,
  };
}

/**
 * What a settled answer leaves behind beyond its row (decisions 027 and 029): its usage row (the
 * provider's counts, the cost from the catalogue's prices, the functions it called) and the sizes
 * of the messages the next turns read (the answer, the person's message, rows measured this turn).
 * Returns the answer's size, which decides whether a fold is due.
 */
export async function recordAnswer(
  db: Db,
  args: {
    answerId: string;
    threadId: string;
    userId: string;
    plan: Plan;
    toolId: string;
    model: ResolvedModel;
    outcome: AnswerOutcome;
    parts: UIMessage['parts'];
    usage: ModelUsage;
    estimatedInputTokens: number;
    /** The person's message of this turn (none on a regenerate). */
    question: { id: string; parts: UIMessage['parts'] } | null;
    measured: { id: string; size: TextSize }[];
    at: Date;
  },
): Promise<TextSize> {
  const { model } = args;
  const answer = measureMessage('assistant', args.parts);
  const usage = withEstimate(args.usage, {
    outcome: args.outcome,
    inputTokens: args.estimatedInputTokens,
    streamedTokens: tokensFor(model.tokenizer, answer),
  });
  const sizes = [...args.measured, { id: args.answerId, size: answer }];
  if (args.question) sizes.push({ id: args.question.id, size: measureMessage('user', args.question.parts) });
  await Promise.all([
    recordUsage(db, {
      kind: 'answer',
      messageId: args.answerId,
      threadId: args.threadId,
      userId: args.userId,
      plan: args.plan,
      toolId: args.toolId,
      modelId: model.id,
      provider: model.provider,
      status: args.outcome.status,
      inputTokens: usage.inputTokens,
      cachedInputTokens: usage.cachedInputTokens,
      cacheWriteTokens: usage.cacheWriteTokens,
      outputTokens: usage.outputTokens,
      reasoningTokens: usage.reasoningTokens,
      estimatedInputTokens: args.estimatedInputTokens,
      calls: usage.calls,
      functions: usage.estimated ? { ...functionCalls(args.parts), [USAGE_ESTIMATED]: 1 } : functionCalls(args.parts),
      costUsd: costOf(model.prices, usage),
      firstTokenMs: args.outcome.firstTokenMs ?? null,
      at: args.at,
    }),
    storeMessageSizes(db, sizes),
  ]);
  return answer;
}
