import { type ChatRequest, type Plan, THREAD_TITLE_MAX_LENGTH, type UserMessage } from '@polymath/shared';
import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { messages, threads } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { FileStore } from '../../lib/storage/file-store.ts';
import { readOwnedAttachment } from '../attachments/index.ts';
import type { ResolvedModel } from '../models/index.ts';
import { withinFreeWindow } from '../threads/index.ts';

/** A thread's first title: the first line of the first message, cut at a word within 50 characters. */
export function titleFromMessage(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= THREAD_TITLE_MAX_LENGTH) return line || 'New chat';
  const cut = line.slice(0, THREAD_TITLE_MAX_LENGTH - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > 20 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}

/** The plain text of a message's parts (what search indexes and a copy takes): its text parts. */
export function messagePartsText(parts: readonly { type: string; text?: string }[]): string {
  return parts
    .flatMap((p) => (p.type === 'text' && p.text ? [p.text] : []))
    .join('\n\n')
    .trim();
}

export function userMessageText(message: UserMessage): string {
  return messagePartsText(message.parts);
}

/**
 * An attached image (sent to the model as pixels); the other file parts are PDFs, which the server
 * reads as text and hands over through the tool's prepared context (features/documents).
 */
function isImagePart(part: { mediaType: string }): boolean {
  return part.mediaType.startsWith('image/');
}

/** Checks the model against the plan before anything is written. */
export function checkModel(model: ResolvedModel | undefined, plan: Plan, request: ChatRequest): ResolvedModel {
  if (!model?.available) throw new AppError('MODEL_UNAVAILABLE');
  if (model.tier === 'pro' && plan !== 'pro') throw new AppError('MODEL_REQUIRES_PRO');
  if (request.trigger === 'submit-message' && !model.capabilities.vision) {
    // PDFs are read as text by the server (ask PDF); only images need a model that sees.
    if (request.message.parts.some((p) => p.type === 'file' && isImagePart(p))) throw new AppError('MODEL_NO_VISION');
  }
  return model;
}

/**
 * Finds or creates the thread and claims it for one answer: at most one answer is generated per
 * thread at a time. A thread id that belongs to someone else is "not found", never revealed.
 * `exists`: the caller just found the id taken, so there is no point trying to create it.
 */
export async function claimThread(
  db: Db,
  args: { userId: string; plan: Plan; request: ChatRequest; answerId: string; now: Date; exists?: boolean },
): Promise<{ created: boolean }> {
  const { userId, request, answerId, now } = args;
  let created = false;
  if (request.trigger === 'submit-message' && !args.exists) {
    const inserted = await db
      .insert(threads)
      .values({
        id: request.threadId,
        userId,
        toolId: request.toolId,
        title: titleFromMessage(userMessageText(request.message)),
        modelId: request.modelId,
        activeAnswerId: answerId,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: threads.id })
      .returning({ id: threads.id });
    created = inserted.length > 0;
  }
  if (created) return { created };
  const claimed = await db
    .update(threads)
    .set({ activeAnswerId: answerId, modelId: request.modelId, updatedAt: now })
    .where(
      and(
        eq(threads.id, request.threadId),
        eq(threads.userId, userId),
        isNull(threads.deletedAt),
        isNull(threads.activeAnswerId),
        args.plan === 'pro' ? undefined : withinFreeWindow(),
      ),
    )
    .returning({ id: threads.id });
  if (claimed.length > 0) return { created };
  // Tell "busy" apart from "not yours / not there" without revealing anything about other users.
  const [own] = await db
    .select({ active: threads.activeAnswerId })
    .from(threads)
    .where(and(eq(threads.id, request.threadId), eq(threads.userId, userId), isNull(threads.deletedAt)));
  if (own?.active) throw new AppError('GENERATION_IN_PROGRESS');
  throw new AppError('NOT_FOUND', 'Chat not found.');
}

/** Frees a thread claimed for a turn that failed before its answer started (or removes it, when new). */
export async function releaseThread(
  db: Db,
  args: { threadId: string; userId: string; answerId: string; discard: boolean },
): Promise<void> {
  const owned = and(
    eq(threads.id, args.threadId),
    eq(threads.userId, args.userId),
    eq(threads.activeAnswerId, args.answerId),
  );
  if (args.discard) await db.delete(threads).where(owned);
  else await db.update(threads).set({ activeAnswerId: null }).where(owned);
}

/**
 * Writes the user's side of the turn: a new message, an edit (the edited message and everything
 * after it are replaced) or a regenerate (the last answer goes). Then the answer's row, in state
 * streaming, carrying the credit it used. The tool's inputs for the turn are kept with the thread,
 * so reopening it shows them again.
 */
export async function writeTurn(
  db: Db,
  args: {
    userId: string;
    request: ChatRequest;
    answerId: string;
    creditDay: string | null;
    toolInput: unknown;
    now: Date;
    /** The lease of the instance writing the answer (decision 034); null without one. */
    instanceId?: string | null;
  },
): Promise<void> {
  const { userId, request, answerId, now } = args;
  const threadId = request.threadId;
  if (args.toolInput !== undefined) {
    await db
      .update(threads)
      .set({ toolInput: args.toolInput })
      .where(and(eq(threads.id, threadId), eq(threads.userId, userId)));
  }
  if (request.trigger === 'submit-message') {
    const message = request.message;
    const [existing] = await db
      .select({ threadId: messages.threadId, userId: messages.userId, role: messages.role, seq: messages.seq })
      .from(messages)
      .where(eq(messages.id, message.id));
    if (existing) {
      if (existing.threadId !== threadId || existing.userId !== userId || existing.role !== 'user') {
        throw new AppError('NOT_FOUND', 'Message not found.');
      }
      await db.delete(messages).where(and(eq(messages.threadId, threadId), gte(messages.seq, existing.seq)));
    }
    await db.insert(messages).values({
      id: message.id,
      threadId,
      userId,
      role: 'user',
      parts: message.parts,
      text: userMessageText(message),
      status: 'complete',
      createdAt: now,
    });
  } else {
    const [last] = await db
      .select({ id: messages.id, role: messages.role })
      .from(messages)
      .where(eq(messages.threadId, threadId))
      .orderBy(sql`${messages.seq} desc`)
      .limit(1);
    if (last?.role === 'assistant') {
      if (request.messageId && request.messageId !== last.id) throw new AppError('NOT_FOUND', 'Message not found.');
      await db.delete(messages).where(eq(messages.id, last.id));
    } else if (!last) {
      throw new AppError('BAD_REQUEST', 'There is nothing to answer in this chat yet.');
    }
  }
  await db.insert(messages).values({
    id: answerId,
    threadId,
    userId,
    role: 'assistant',
    parts: [],
    text: '',
    status: 'streaming',
    modelId: request.modelId,
    creditDay: args.creditDay,
    heartbeatAt: now,
    instanceId: args.instanceId ?? null,
    createdAt: new Date(now.getTime() + 1),
  });
}

/** Checks every attachment of the message is the sender's own upload before anything is written. */
export async function checkAttachments(files: FileStore, userId: string, request: ChatRequest): Promise<void> {
  if (request.trigger !== 'submit-message') return;
  for (const part of request.message.parts) {
    if (part.type !== 'file' || !isImagePart(part)) continue;
    const bytes = await readOwnedAttachment(files, userId, part.url);
    if (!bytes) throw new AppError('INVALID_FILE', 'An attached image was not found. Attach it again.');
  }
}
