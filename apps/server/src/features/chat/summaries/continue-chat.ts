import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { threadSummaries, threads } from '../../../db/schema/index.ts';
import { AppError } from '../../../lib/app-error.ts';
import { measureText } from '../token-count.ts';
import { type FoldDeps, summariseWholeThread } from './summary-fold.ts';

/**
 * "Continue in a new chat" (decision 028), offered when a chat has grown too long for its model
 * (CONTEXT_TOO_LONG): a new chat of the same tool and model whose model reads a summary of the whole
 * old one (its summary and every message after it, by the small model of the same provider, or an
 * extract when there is none or it fails). The old chat stays as it is. Returns the new chat's id.
 */
export async function continueInNewChat(
  deps: FoldDeps,
  args: { userId: string; threadId: string; now: Date },
): Promise<{ threadId: string }> {
  const { db } = deps;
  const [old] = await db
    .select({
      title: threads.title,
      toolId: threads.toolId,
      modelId: threads.modelId,
      toolInput: threads.toolInput,
      activeAnswerId: threads.activeAnswerId,
    })
    .from(threads)
    .where(and(eq(threads.id, args.threadId), eq(threads.userId, args.userId), isNull(threads.deletedAt)));
  if (!old) throw new AppError('NOT_FOUND', 'Chat not found.');
  if (old.toolId === 'whatsapp') throw new AppError('BAD_REQUEST', 'WhatsApp chats continue in WhatsApp.');
  if (old.activeAnswerId) throw new AppError('GENERATION_IN_PROGRESS');
  const whole = await summariseWholeThread(deps, args.threadId);
  if (!whole) throw new AppError('NOT_FOUND', 'Chat not found.');
  const threadId = randomBytes(12).toString('base64url');
  await db.transaction(async (tx) => {
    await tx.insert(threads).values({
      id: threadId,
      userId: args.userId,
      toolId: old.toolId,
      title: old.title,
      modelId: old.modelId,
      toolInput: old.toolInput,
      createdAt: args.now,
      updatedAt: args.now,
    });
    await tx.insert(threadSummaries).values({
      threadId,
      userId: args.userId,
      throughSeq: 0,
      throughMessageId: '',
      text: whole.text,
      kind: whole.kind,
      modelId: whole.modelId,
      ...(() => {
        const size = measureText(whole.text);
        return { contextTokens: size.tokens, contextEstimate: size.estimate };
      })(),
      fromThreadId: args.threadId,
      folds: 1,
      updatedAt: args.now,
    });
  });
  return { threadId };
}
