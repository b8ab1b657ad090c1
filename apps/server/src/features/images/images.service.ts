import { randomBytes } from 'node:crypto';
import {
  type ChatToolId,
  ERROR_MESSAGES,
  type ErrorCode,
  type ImageAspectRatio,
  type ImageItem,
  type ImageListQuery,
  type ImageListResponse,
  type ImageStyle,
  type ImageUsage,
  type Plan,
} from '@polymath/shared';
import { and, desc, eq, gte, isNotNull, isNull, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { afterCursor, decodeCursor, encodeCursor, keysetTime } from '../../db/keyset.ts';
import { images } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { type JobRef, type JobSender, jobRef } from '../../lib/queue/job.ts';
import type { FileStore } from '../../lib/storage/file-store.ts';
import { ownerFolder } from '../../lib/storage/owner-folder.ts';
import { creditDay, nextResetAt, settleCredit } from '../credits/index.ts';
import type { ImageKindRegistry } from './image-kinds.ts';
import { DEMO_IMAGE_MODEL_ID, type ImageModelRegistry } from './image-models.ts';

export type ImageRow = typeof images.$inferSelect;

/** Where a person's images live in the file store: images/<their folder>/<image id>[-thumb].<ext>. */
export const IMAGE_FOLDER = 'images';

export function imageFolder(userId: string): string {
  return ownerFolder(IMAGE_FOLDER, userId);
}

/** A new image id: random, URL-safe, and a valid file name. */
export function newImageId(): string {
  return randomBytes(12).toString('base64url');
}

/** The job that makes one image (image.job.ts works it). */
export const imageJob = jobRef(
  'image-generate',
  z.object({
    imageId: z.string().min(1).max(64),
    /** Whose image: jobs are grouped by person (decision 034); absent in jobs queued before. */
    userId: z.string().min(1).max(64).optional(),
  }),
);

/** What each style adds to the prompt the image model reads. */
const STYLE_WORDS: Record<ImageStyle, string> = {
  photo: 'a realistic photograph, natural light, high detail',
  illustration: 'a clean illustration with bold shapes',
  'digital-art': 'vivid digital art',
  anime: 'in anime style',
  watercolor: 'a soft watercolour painting',
  'oil-painting': 'an oil painting with visible brush strokes',
  '3d-render': 'a polished 3D render',
  'pixel-art': 'pixel art',
  sketch: 'a pencil sketch',
};

export function promptWithStyle(prompt: string, style: string | null): string {
  const words = style ? STYLE_WORDS[style as ImageStyle] : undefined;
  return words ? `${prompt}\n\nStyle: ${words}.` : prompt;
}

// ---------------------------------------------------------------------------------------------
// Reading

const DOWNLOAD_EXT: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

export function fileExtension(mediaType: string | null): string {
  return DOWNLOAD_EXT[mediaType ?? ''] ?? 'png';
}

/** Where an edit may change its source, in fractions of the source's width and height. */
export type EditArea = { x: number; y: number; width: number; height: number };

/**
 * The files an image may keep beside its original (file keys): a vector version and previews on a
 * light and a dark background. A kind that makes them stores them; the routes serve them and the
 * data export adds them.
 */
export type ExtraFiles = { svg?: string; light?: string; dark?: string };

export function extraFilesOf(row: ImageRow): ExtraFiles {
  return (row.extraFiles ?? {}) as ExtraFiles;
}

/** What shows an image: the image models, and the kinds of image the app makes itself. */
export type ImageMakers = { models: ImageModelRegistry; kinds: ImageKindRegistry };

function modelNameOf(row: ImageRow, { models, kinds }: ImageMakers): string {
  const kind = kinds.get(row.modelId);
  if (kind) return kind.modelName(row);
  return models.get(row.modelId)?.displayName ?? row.modelId;
}

/** The one place a row becomes what the browser sees. */
export function toImageItem(row: ImageRow, makers: ImageMakers): ImageItem {
  const base = `/api/images/${row.id}/file`;
  const errorCode = (row.errorCode ?? 'IMAGE_FAILED') as ErrorCode;
  const extra = extraFilesOf(row);
  const kind = makers.kinds.get(row.modelId);
  return {
    id: row.id,
    status: row.status as ImageItem['status'],
    prompt: row.prompt,
    style: (row.style as ImageStyle | null) ?? null,
    aspectRatio: row.aspectRatio as ImageAspectRatio,
    modelId: row.modelId,
    modelName: modelNameOf(row, makers),
    demo: row.modelId === DEMO_IMAGE_MODEL_ID || kind?.demo?.(row) === true,
    toolId: row.toolId as ChatToolId,
    threadId: row.threadId,
    answerId: row.answerId,
    parentId: row.parentId,
    width: row.width,
    height: row.height,
    mediaType: row.mediaType,
    createdAt: row.createdAt.toISOString(),
    urls:
      row.status === 'ready'
        ? {
            original: base,
            thumb: `${base}?variant=thumb`,
            download: `${base}?download=1`,
            ...(extra.svg ? { svg: `${base}?format=svg` } : {}),
            ...(extra.light ? { onLight: `${base}?variant=light` } : {}),
            ...(extra.dark ? { onDark: `${base}?variant=dark` } : {}),
            ...(row.sourceKey ? { source: `${base}?variant=source` } : {}),
          }
        : null,
    error: row.status === 'failed' ? { code: errorCode, message: ERROR_MESSAGES[errorCode] } : null,
    ...kind?.item?.(row),
  };
}

const cursorTime = keysetTime(images.createdAt);

/** One page of the person's images, newest first; by tool, or all of one answer's. */
export async function listImages(
  db: Db,
  makers: ImageMakers,
  userId: string,
  query: ImageListQuery,
): Promise<ImageListResponse> {
  const conditions: (SQL | undefined)[] = [eq(images.userId, userId), isNull(images.deletedAt)];
  if (query.toolId) conditions.push(eq(images.toolId, query.toolId));
  if (query.answerId) conditions.push(eq(images.answerId, query.answerId));
  if (query.cursor !== undefined) {
    const cursor = decodeCursor(query.cursor);
    if (!cursor) {
      throw new AppError('VALIDATION_FAILED', undefined, { fields: [{ path: 'cursor', message: 'Invalid cursor' }] });
    }
    conditions.push(afterCursor(images.createdAt, images.id, cursor));
  }
  const rows = await db
    .select({ row: images, cursorTime })
    .from(images)
    .where(and(...conditions))
    .orderBy(desc(images.createdAt), desc(images.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    images: page.map(({ row }) => toImageItem(row, makers)),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ time: last.cursorTime, id: last.row.id }) : null,
  };
}

/** The person's image (not deleted), or NOT_FOUND: another person's id looks exactly like a missing one. */
export async function getOwnedImage(db: Db, userId: string, imageId: string): Promise<ImageRow> {
  const [row] = await db
    .select()
    .from(images)
    .where(and(eq(images.id, imageId), eq(images.userId, userId), isNull(images.deletedAt)));
  if (!row) throw new AppError('NOT_FOUND', 'Image not found.');
  return row;
}

// ---------------------------------------------------------------------------------------------
// Fair use

/**
 * Images the person made today (UTC): everything asked for of an image model except what failed
 * (failures are free). The kinds of image the app makes itself cost no image model: not counted.
 */
export async function imagesMadeToday(db: Db, kinds: ImageKindRegistry, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(images)
    .where(
      and(
        eq(images.userId, userId),
        ne(images.status, 'failed'),
        kinds.ids.length > 0 ? notInArray(images.modelId, [...kinds.ids]) : undefined,
        gte(images.createdAt, new Date(`${creditDay(now)}T00:00:00Z`)),
      ),
    );
  return Number(row?.count ?? 0);
}

export async function imageUsage(
  db: Db,
  kinds: ImageKindRegistry,
  userId: string,
  limit: number,
  now: Date,
): Promise<ImageUsage> {
  const used = await imagesMadeToday(db, kinds, userId, now);
  return { used, limit, remaining: Math.max(limit - used, 0), resetsAt: nextResetAt(now).toISOString() };
}

/**
 * Pro's daily fair-use limit on images (free users pay for image turns with their daily messages
 * instead). Two requests at the same moment may pass together: this is fair use, not billing.
 */
export async function checkImageAllowance(
  db: Db,
  args: { kinds: ImageKindRegistry; userId: string; plan: Plan; count: number; limit: number; now: Date },
): Promise<void> {
  if (args.plan !== 'pro') return;
  const used = await imagesMadeToday(db, args.kinds, args.userId, args.now);
  if (used + args.count > args.limit) throw new AppError('IMAGE_LIMIT_REACHED');
}

// ---------------------------------------------------------------------------------------------
// Asking for images

/** Whose an image is, where it was asked for and what made it: the same for queued and ready images. */
type ImageOrigin = {
  userId: string;
  toolId: ChatToolId;
  threadId: string | null;
  answerId: string | null;
  parentId?: string | null;
  prompt: string;
  modelId: string;
  aspectRatio: ImageAspectRatio;
  /** What the image's kind keeps beside it (its own settings, progress and result). */
  design?: unknown;
};

export type NewImages = ImageOrigin & {
  style: ImageStyle | null;
  count: number;
  now: Date;
  /** An edit: the file it starts from (one the person owns) and where it may change. */
  sourceKey?: string | null;
  editArea?: EditArea | null;
  /** The job that makes each image: an image model's by default; a kind the app makes brings its own. */
  job?: JobRef<{ imageId: string; userId?: string }>;
};

/**
 * Stores `count` queued images and a job for each, in one transaction: an image row never exists
 * without the job that makes it, nor a job without its row.
 */
export async function requestImages(db: Db, jobs: JobSender, args: NewImages): Promise<ImageRow[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .insert(images)
      .values(
        Array.from({ length: args.count }, (_, i) => ({
          id: newImageId(),
          userId: args.userId,
          toolId: args.toolId,
          threadId: args.threadId,
          answerId: args.answerId,
          parentId: args.parentId ?? null,
          prompt: args.prompt,
          style: args.style,
          aspectRatio: args.aspectRatio,
          modelId: args.modelId,
          sourceKey: args.sourceKey ?? null,
          editArea: args.editArea ?? null,
          design: args.design ?? null,
          status: 'queued',
          // Distinct instants keep the order they were asked in.
          createdAt: new Date(args.now.getTime() + i),
          updatedAt: args.now,
        })),
      )
      .returning();
    for (const row of rows) await jobs.send(args.job ?? imageJob, { imageId: row.id, userId: args.userId }, { tx });
    return rows;
  });
}

/**
 * An image the app made at once, without a job (a kind rendered while the function runs): its files
 * are already in the file store under imageFolder, and it is stored ready.
 */
export type ReadyImage = ImageOrigin & {
  id: string;
  mediaType: string;
  width: number;
  height: number;
  bytes: number;
  fileKey: string;
  thumbKey: string;
  extraFiles?: ExtraFiles;
  createdAt: Date;
  updatedAt: Date;
};

export async function storeReadyImage(db: Db, image: ReadyImage): Promise<ImageRow | undefined> {
  const [row] = await db
    .insert(images)
    .values({
      ...image,
      parentId: image.parentId ?? null,
      style: null,
      status: 'ready',
      extraFiles: image.extraFiles ?? null,
      design: image.design ?? null,
    })
    .returning();
  return row;
}

// ---------------------------------------------------------------------------------------------
// Settling what a job made

/** The image a job works on, whoever owns it (deleted or not): undefined when it is gone. */
export async function getImage(db: Db, imageId: string): Promise<ImageRow | undefined> {
  const [row] = await db.select().from(images).where(eq(images.id, imageId));
  return row;
}

/** Saves what the image's kind keeps beside it (a job's stage as it goes, its result). */
export async function saveImageDesign(db: Db, imageId: string, design: unknown): Promise<void> {
  await db.update(images).set({ design, updatedAt: new Date() }).where(eq(images.id, imageId));
}

export async function markImageGenerating(db: Db, imageId: string): Promise<void> {
  await db
    .update(images)
    .set({ status: 'generating', updatedAt: new Date() })
    .where(and(eq(images.id, imageId), eq(images.status, 'queued')));
}

export async function markImageFailed(db: Db, imageId: string, code: ErrorCode): Promise<void> {
  await db
    .update(images)
    .set({ status: 'failed', errorCode: code, updatedAt: new Date() })
    .where(and(eq(images.id, imageId), ne(images.status, 'ready')));
}

export async function markImageReady(
  db: Db,
  imageId: string,
  file: { fileKey: string; thumbKey: string; mediaType: string; width: number; height: number; bytes: number },
): Promise<void> {
  await db
    .update(images)
    .set({ ...file, status: 'ready', errorCode: null, updatedAt: new Date() })
    .where(eq(images.id, imageId));
}

/**
 * A request that made nothing is free: once every image of an answer has failed, the free message
 * the answer took is given back. settleCredit gives it back at most once (a flag on the answer),
 * so an answer that also failed to stream, or a job settling twice, never refunds twice; a Pro
 * answer took no message and nothing happens.
 */
export async function refundIfNothingMade(db: Db, answerId: string | null): Promise<boolean> {
  if (!answerId) return false;
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      failed: sql<number>`count(*) filter (where ${images.status} = 'failed')::int`,
    })
    .from(images)
    .where(eq(images.answerId, answerId));
  if (!row || Number(row.total) === 0 || Number(row.failed) < Number(row.total)) return false;
  return settleCredit(db, { answerId }, false);
}

// ---------------------------------------------------------------------------------------------
// Deleting

/** Hides the image everywhere until restored (undo); its files stay until the account goes. */
export async function deleteImage(db: Db, userId: string, imageId: string): Promise<void> {
  const rows = await db
    .update(images)
    .set({ deletedAt: new Date() })
    .where(and(eq(images.id, imageId), eq(images.userId, userId), isNull(images.deletedAt)))
    .returning({ id: images.id });
  if (rows.length === 0) throw new AppError('NOT_FOUND', 'Image not found.');
}

export async function restoreImage(db: Db, userId: string, imageId: string): Promise<ImageRow> {
  const [row] = await db
    .update(images)
    .set({ deletedAt: null })
    .where(and(eq(images.id, imageId), eq(images.userId, userId), isNotNull(images.deletedAt)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', 'Image not found.');
  return row;
}

/** Every image file of the person (the rows go with the account through ON DELETE CASCADE). */
export async function deleteUserImages(files: FileStore, userId: string): Promise<void> {
  await files.deleteFolder(imageFolder(userId));
}
