import type { Plan } from '@polymath/shared';
import type { UIMessage } from 'ai';
import type { Db } from '../../db/client.ts';
import type { ResolvedModel } from '../models/index.ts';
import { costOf, functionCalls, recordUsage } from '../usage/index.ts';
import type { AnswerOutcome } from './generation.ts';
import { measureMessage } from './message-content.ts';
import { storeMessageSizes } from './message-sizes.ts';
import type { ModelUsage } from './metered-model.ts';
import type { TextSize } from './token-count.ts';

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
  const { usage, model } = args;
  const answer = measureMessage('assistant', args.parts);
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
      functions: functionCalls(args.parts),
      costUsd: costOf(model.prices, usage),
      firstTokenMs: args.outcome.firstTokenMs ?? null,
      at: args.at,
    }),
    storeMessageSizes(db, sizes),
  ]);
  return answer;
}
