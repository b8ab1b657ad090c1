import { randomBytes } from 'node:crypto';
import {
  type ChatToolId,
  type ContinuedChat,
  SHARE_ID,
  type Share,
  type SharedChat,
  type ShareSettings,
  sharePagePath,
  type ThreadShare,
  threadPagePath,
} from '@polymath/shared';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { images, messages, sharedChats, threads, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { ownerFolder } from '../../lib/storage/owner-folder.ts';
import { ATTACHMENT_FOLDER, ATTACHMENT_NAME } from '../attachments/index.ts';
import { getOwnedThread } from '../threads/index.ts';
import { type Snapshot, takeSnapshot, toSharedMessages } from './share-snapshot.ts';

/**
 * Shared chats (decision 032). The owner's side (share, update, list, revoke) reads and changes only
 * the session user's rows; the public side answers whoever holds a live link, from the database on
 * every request (no cache anywhere), so revoking, deleting the thread or the account ends the link on
 * every instance at once.
 */

type ShareRow = typeof sharedChats.$inferSelect;

function toShare(row: ShareRow): Share {
  return {
    id: row.id,
    path: sharePagePath(row.id),
    threadId: row.threadId,
    title: row.title,
    toolId: row.toolId as ChatToolId,
    sharedName: row.sharedName,
    includePhotos: row.includePhotos,
    messageCount: row.messageCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The name a person shows when they choose to: their display name, else their first and last names, else their name. */
async function displayNameOf(db: Db, userId: string): Promise<string> {
  const [user] = await db
    .select({ name: users.name, displayName: users.displayName, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new AppError('UNAUTHORIZED');
  const full = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return user.displayName?.trim() || full || user.name.trim();
}

/** The thread's live link, if any. */
async function liveShareOf(db: Db, userId: string, threadId: string): Promise<ShareRow | null> {
  const [row] = await db
    .select()
    .from(sharedChats)
    .where(and(eq(sharedChats.threadId, threadId), eq(sharedChats.userId, userId), isNull(sharedChats.revokedAt)));
  return row ?? null;
}

async function ownedThread(db: Db, userId: string, threadId: string) {
  const thread = await getOwnedThread(db, userId, threadId);
  if (!thread) throw new AppError('NOT_FOUND');
  return thread;
}

/** What the share dialog needs: the thread's link, its uploaded photos, the name that would show. */
export async function getThreadShare(db: Db, userId: string, threadId: string): Promise<ThreadShare> {
  const thread = await ownedThread(db, userId, threadId);
  const [share, taken, displayName] = await Promise.all([
    liveShareOf(db, userId, threadId),
    takeSnapshot(db, thread, false),
    displayNameOf(db, userId),
  ]);
  return { share: share ? toShare(share) : null, uploadedPhotos: taken.uploadedPhotos, displayName };
}

/**
 * Shares the thread as it is now: a new link, or the thread's live link with a new snapshot (the
 * link stays the same; later messages show only once it is updated).
 */
export async function shareThread(db: Db, userId: string, threadId: string, settings: ShareSettings): Promise<Share> {
  const thread = await ownedThread(db, userId, threadId);
  const taken = await takeSnapshot(db, thread, settings.includePhotos);
  const values = {
    title: thread.title,
    toolId: thread.toolId,
    sharedName: settings.showName ? await displayNameOf(db, userId) : null,
    includePhotos: settings.includePhotos,
    snapshot: taken.snapshot,
    messageCount: taken.snapshot.messages.length,
    imageIds: taken.imageIds,
    photoNames: taken.photoNames,
  };
  const [created] = await db
    .insert(sharedChats)
    .values({ id: randomBytes(16).toString('base64url'), userId, threadId, ...values })
    .onConflictDoNothing({ target: sharedChats.threadId, where: sql`revoked_at is null` })
    .returning();
  if (created) return toShare(created);
  const [updated] = await db
    .update(sharedChats)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(sharedChats.threadId, threadId), eq(sharedChats.userId, userId), isNull(sharedChats.revokedAt)))
    .returning();
  if (!updated) throw new AppError('NOT_FOUND');
  return toShare(updated);
}

/** The person's live links, newest first (those of deleted threads are off and left out). */
export async function listShares(db: Db, userId: string): Promise<Share[]> {
  const rows = await db
    .select({ share: sharedChats })
    .from(sharedChats)
    .innerJoin(threads, eq(threads.id, sharedChats.threadId))
    .where(and(eq(sharedChats.userId, userId), isNull(sharedChats.revokedAt), isNull(threads.deletedAt)))
    .orderBy(desc(sharedChats.createdAt), desc(sharedChats.id));
  return rows.map((r) => toShare(r.share));
}

/** Turns the link off for good (sharing again makes a new one). NOT_FOUND when it is not the person's or already off. */
export async function revokeShare(db: Db, userId: string, shareId: string): Promise<void> {
  const rows = await db
    .update(sharedChats)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sharedChats.id, shareId), eq(sharedChats.userId, userId), isNull(sharedChats.revokedAt)))
    .returning({ id: sharedChats.id });
  if (rows.length === 0) throw new AppError('NOT_FOUND');
}

// ---------------------------------------------------------------------------------------------
// Whoever holds the link

/** A live share with its thread's model, or SHARE_REVOKED (turned off, thread deleted) or NOT_FOUND. */
async function liveShare(db: Db, shareId: string): Promise<ShareRow & { modelId: string }> {
  if (!SHARE_ID.test(shareId)) throw new AppError('NOT_FOUND');
  const [row] = await db
    .select({ share: sharedChats, deletedAt: threads.deletedAt, modelId: threads.modelId })
    .from(sharedChats)
    .innerJoin(threads, eq(threads.id, sharedChats.threadId))
    .where(eq(sharedChats.id, shareId));
  if (!row) throw new AppError('NOT_FOUND');
  if (row.share.revokedAt || row.deletedAt) throw new AppError('SHARE_REVOKED');
  return { ...row.share, modelId: row.modelId };
}

export async function readSharedChat(db: Db, shareId: string): Promise<SharedChat> {
  const share = await liveShare(db, shareId);
  return {
    title: share.title,
    toolId: share.toolId as ChatToolId,
    sharedBy: share.sharedName,
    sharedAt: share.updatedAt.toISOString(),
    messages: toSharedMessages(share.id, share.snapshot as Snapshot),
  };
}

/** A picture of a live share's snapshot: its file key and type; NOT_FOUND for anything else. */
export async function sharedImageFile(
  db: Db,
  shareId: string,
  imageId: string,
  thumb: boolean,
): Promise<{ key: string; contentType: string }> {
  const share = await liveShare(db, shareId).catch(() => null);
  if (!share?.imageIds.includes(imageId)) throw new AppError('NOT_FOUND');
  const [image] = await db
    .select({ fileKey: images.fileKey, thumbKey: images.thumbKey, mediaType: images.mediaType })
    .from(images)
    .where(
      and(
        eq(images.id, imageId),
        eq(images.userId, share.userId),
        eq(images.status, 'ready'),
        isNull(images.deletedAt),
      ),
    );
  const key = thumb ? image?.thumbKey : image?.fileKey;
  if (!image || !key) throw new AppError('NOT_FOUND');
  return { key, contentType: thumb ? 'image/webp' : (image.mediaType ?? 'image/png') };
}

/** An attached photo of a live share's snapshot (only when the owner shared their photos); NOT_FOUND otherwise. */
export async function sharedPhotoFile(db: Db, shareId: string, name: string): Promise<{ key: string }> {
  const share = await liveShare(db, shareId).catch(() => null);
  if (!share || !ATTACHMENT_NAME.test(name) || !share.photoNames.includes(name)) throw new AppError('NOT_FOUND');
  return { key: `${ownerFolder(ATTACHMENT_FOLDER, share.userId)}/${name}` };
}

/** Rows written at a time when a chat is copied. */
const COPY_BATCH = 500;

/**
 * "Continue this chat": a copy of the shared conversation in the visitor's own history, in the same
 * tool (WhatsApp chats continue in AI Chat, WhatsApp being the owner's number). The copy holds the
 * text; pictures and photos stay the owner's and are named in it, not copied.
 */
/** A withheld photo in a copy, in the visitor's language: its file name is not theirs to see. */
const PHOTO_NOT_SHARED: Record<string, string> = { en: 'Photo not shared', tr: 'Fotoğraf paylaşılmadı' };

export async function continueSharedChat(db: Db, userId: string, shareId: string): Promise<ContinuedChat> {
  const share = await liveShare(db, shareId);
  const [visitor] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
  const withheld = PHOTO_NOT_SHARED[visitor?.locale ?? 'en'] ?? PHOTO_NOT_SHARED.en;
  const toolId: ChatToolId = share.toolId === 'whatsapp' ? 'web-main' : (share.toolId as ChatToolId);
  const threadId = randomBytes(12).toString('base64url');
  const rows = (share.snapshot as Snapshot).messages.map((m) => {
    const notes = [
      ...m.photos.map((p) => `📷 ${p.file ? (p.name ?? 'photo') : withheld}`),
      ...m.documents.map((d) => `📄 ${d.name}`),
      ...m.images.map((i) => `🖼 ${i.alt}`),
    ];
    const text = [m.text.trim(), notes.join('\n')].filter(Boolean).join('\n\n');
    return {
      id: randomBytes(12).toString('base64url'),
      threadId,
      userId,
      role: m.role,
      parts: [{ type: 'text', text }],
      text,
      status: m.status ?? 'complete',
    };
  });
  await db.transaction(async (tx) => {
    await tx.insert(threads).values({ id: threadId, userId, toolId, title: share.title, modelId: share.modelId });
    for (let i = 0; i < rows.length; i += COPY_BATCH) await tx.insert(messages).values(rows.slice(i, i + COPY_BATCH));
  });
  return { threadId, toolId, path: threadPagePath(toolId, threadId) };
}
