import {
  type ChatToolId,
  clientIdSchema,
  type ImageAspectRatio,
  type ImageStyle,
  imageItemSchema,
  imageListQuerySchema,
  imageListResponseSchema,
  imageUsageSchema,
  imageVariationsSchema,
} from '@polymath/shared';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { describeRoute, resolver } from 'hono-openapi';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { sniffImageType } from '../../lib/images.ts';
import type { FileStore } from '../../lib/storage/file-store.ts';
import { validate } from '../../lib/validate.ts';
import type { Auth } from '../auth/index.ts';
import { requireUser, type UserEnv } from '../auth/index.ts';
import type { ImageKindRegistry } from './image-kinds.ts';
import type { ImageModelRegistry } from './image-models.ts';
import {
  checkImageAllowance,
  deleteImage,
  type EditArea,
  extraFilesOf,
  fileExtension,
  getOwnedImage,
  type ImageRow,
  imageUsage,
  listImages,
  requestImages,
  restoreImage,
  toImageItem,
} from './images.service.ts';

const jsonResponse = (description: string, schema: z.ZodType) => ({
  description,
  content: { 'application/json': { schema: resolver(schema) } },
});
const errors = (...codes: number[]) =>
  Object.fromEntries(codes.map((code) => [code, { description: `Error (${code}): { error: { code, message } }` }]));

/** How long a signed storage URL for an image stays valid (the page asks again after that). */
const SIGNED_URL_SECONDS = 300;

/** The :id of the URL; an id that cannot be an image's is as missing as another person's (404). */
function imageIdOf(c: Context<UserEnv>): string {
  const id = c.req.param('id') ?? '';
  if (!clientIdSchema.safeParse(id).success) throw new AppError('NOT_FOUND', 'Image not found.');
  return id;
}

type ServedFile = {
  kind: 'original' | 'thumb' | 'light' | 'dark' | 'source' | 'svg';
  key: string;
  contentType: string;
  extension: string;
  /** Always a download, never shown inline (the SVG). */
  attachment: boolean;
};

/**
 * Which file of a ready image a request asks for: the original, `variant=thumb`, its previews on a
 * light and a dark background (`variant=light|dark`) or its SVG (`format=svg`, always an attachment)
 * when its kind keeps them, an edit's picture before (`variant=source`). A file the image does not
 * have is 404.
 */
async function fileOf(
  files: FileStore,
  row: ImageRow,
  variant: string | undefined,
  format: string | undefined,
): Promise<ServedFile> {
  const missing = () => new AppError('NOT_FOUND', 'This image has no such file.');
  const extra = extraFilesOf(row);
  if (format !== undefined) {
    if (format !== 'svg' || !extra.svg || variant !== undefined) throw missing();
    return { kind: 'svg', key: extra.svg, contentType: 'image/svg+xml', extension: 'svg', attachment: true };
  }
  const png = { contentType: 'image/png', extension: 'png', attachment: false } as const;
  switch (variant) {
    case undefined:
      return {
        kind: 'original',
        key: row.fileKey as string,
        contentType: row.mediaType as string,
        extension: fileExtension(row.mediaType),
        attachment: false,
      };
    case 'thumb':
      return {
        kind: 'thumb',
        key: row.thumbKey as string,
        contentType: 'image/webp',
        extension: 'webp',
        attachment: false,
      };
    case 'light':
    case 'dark': {
      const key = extra[variant];
      if (!key) throw missing();
      return { kind: variant, key, ...png };
    }
    case 'source': {
      if (!row.sourceKey) throw missing();
      // The person's own photo (or their earlier image): its type is read from its bytes.
      const bytes = await files.get(row.sourceKey);
      const type = bytes ? sniffImageType(bytes, ['jpeg', 'png', 'webp']) : null;
      if (!type) throw missing();
      return {
        kind: 'source',
        key: row.sourceKey,
        contentType: `image/${type}`,
        extension: type === 'jpeg' ? 'jpg' : type,
        attachment: false,
      };
    }
    default:
      throw missing();
  }
}

/**
 * /api/images: the signed-in person's images (the gallery and the cards of an answer). Only the
 * session user's images are ever listed, served, changed or varied; another person's id answers
 * 404 exactly like a missing one.
 */
export function imagesRoutes(
  auth: Auth,
  imageModels: ImageModelRegistry,
  imageKinds: ImageKindRegistry,
  now: () => Date = () => new Date(),
) {
  const makers = { models: imageModels, kinds: imageKinds };
  return new Hono<UserEnv>()
    .use(requireUser(auth))
    .get(
      '/',
      describeRoute({
        tags: ['images'],
        summary: "The person's images, newest first (keyset pages; by tool, or one answer's)",
        responses: { 200: jsonResponse('A page of images', imageListResponseSchema), ...errors(400, 401) },
      }),
      validate('query', imageListQuerySchema),
      async (c) => {
        c.header('cache-control', 'no-store');
        return c.json(await listImages(c.var.deps.db, makers, c.var.user.id, c.req.valid('query')));
      },
    )
    .get(
      '/usage',
      describeRoute({
        tags: ['images'],
        summary: "Pro's fair-use allowance of images today",
        responses: { 200: jsonResponse('Images made today and the limit', imageUsageSchema), ...errors(401) },
      }),
      async (c) => {
        c.header('cache-control', 'no-store');
        const { db, env } = c.var.deps;
        return c.json(await imageUsage(db, imageKinds, c.var.user.id, env.PRO_DAILY_IMAGES, now()));
      },
    )
    .get(
      '/:id',
      describeRoute({
        tags: ['images'],
        summary: 'One image and its status',
        responses: { 200: jsonResponse('The image', imageItemSchema), ...errors(401, 404) },
      }),
      async (c) => {
        c.header('cache-control', 'no-store');
        return c.json(toImageItem(await getOwnedImage(c.var.deps.db, c.var.user.id, imageIdOf(c)), makers));
      },
    )
    .get(
      '/:id/file',
      describeRoute({
        tags: ['images'],
        summary:
          "The picture: the original (download=1 as an attachment), its thumbnail (variant=thumb), its previews on light and dark (variant=light|dark) or SVG (format=svg, an attachment) when it has them, an edit's picture before (variant=source)",
        description: 'Served by the app from disk, or a redirect to a short-lived signed URL when files are in S3.',
        responses: {
          200: { description: 'The image bytes' },
          302: { description: 'A signed storage URL' },
          ...errors(401, 404),
        },
      }),
      async (c) => {
        const { db, files } = c.var.deps;
        const row = await getOwnedImage(db, c.var.user.id, imageIdOf(c));
        if (row.status !== 'ready' || !row.fileKey || !row.thumbKey || !row.mediaType) {
          throw new AppError('NOT_FOUND', 'This image is not ready.');
        }
        const file = await fileOf(files, row, c.req.query('variant'), c.req.query('format'));
        const { key, contentType } = file;
        const download = file.attachment || (file.kind === 'original' && c.req.query('download') === '1');
        const downloadName = download ? `polymath-${row.id}.${file.extension}` : undefined;
        const signed = await files.signedUrl(key, {
          expiresInSeconds: SIGNED_URL_SECONDS,
          contentType,
          ...(downloadName ? { downloadName } : {}),
        });
        if (signed) {
          // The redirect is per person and short-lived: a browser may reuse it only briefly.
          c.header('cache-control', 'private, max-age=60');
          return c.redirect(signed, 302);
        }
        const bytes = await files.get(key);
        if (!bytes) throw new AppError('NOT_FOUND', 'Image not found.');
        return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
          'content-type': contentType,
          'x-content-type-options': 'nosniff',
          // An image's files never change once it is ready.
          'cache-control': 'private, max-age=31536000, immutable',
          'content-disposition': downloadName ? `attachment; filename="${downloadName}"` : 'inline',
          // An SVG opened as a page could run script; ours has none, and may not run any anyway.
          ...(file.kind === 'svg'
            ? { 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox" }
            : {}),
        });
      },
    )
    .delete(
      '/:id',
      describeRoute({
        tags: ['images'],
        summary: 'Delete an image (undo with POST /api/images/{id}/restore)',
        responses: { 204: { description: 'Deleted' }, ...errors(401, 404) },
      }),
      async (c) => {
        await deleteImage(c.var.deps.db, c.var.user.id, imageIdOf(c));
        return c.body(null, 204);
      },
    )
    .post(
      '/:id/restore',
      describeRoute({
        tags: ['images'],
        summary: 'Undo the deletion of an image',
        responses: { 200: jsonResponse('The restored image', imageItemSchema), ...errors(401, 404) },
      }),
      async (c) => c.json(toImageItem(await restoreImage(c.var.deps.db, c.var.user.id, imageIdOf(c)), makers)),
    )
    .post(
      '/:id/variations',
      describeRoute({
        tags: ['images'],
        summary: 'More images from the same prompt and settings (Pro); the original stays',
        responses: {
          201: jsonResponse('The new, queued images', imageListResponseSchema),
          ...errors(400, 401, 403, 404, 429),
        },
      }),
      validate('json', imageVariationsSchema),
      async (c) => {
        const { db, env } = c.var.deps;
        const jobs = c.var.deps.jobs;
        const user = c.var.user;
        if (user.plan !== 'pro') throw new AppError('TOOL_REQUIRES_PRO');
        if (!jobs) throw new AppError('SERVICE_UNAVAILABLE');
        const source = await getOwnedImage(db, user.id, imageIdOf(c));
        const model = imageModels.get(source.modelId);
        if (!model?.available) throw new AppError('MODEL_UNAVAILABLE');
        const { count } = c.req.valid('json');
        const at = now();
        await checkImageAllowance(db, {
          kinds: imageKinds,
          userId: user.id,
          plan: user.plan,
          count,
          limit: env.PRO_DAILY_IMAGES,
          now: at,
        });
        const rows = await requestImages(db, jobs, {
          userId: user.id,
          toolId: source.toolId as ChatToolId,
          threadId: source.threadId,
          answerId: source.answerId,
          parentId: source.id,
          prompt: source.prompt,
          style: source.style as ImageStyle | null,
          aspectRatio: source.aspectRatio as ImageAspectRatio,
          modelId: source.modelId,
          count,
          now: at,
          // A variation of an edit is another edit of the same picture, in the same place.
          sourceKey: source.sourceKey,
          editArea: source.editArea as EditArea | null,
        });
        return c.json({ images: rows.map((row) => toImageItem(row, makers)), nextCursor: null }, 201);
      },
    );
}
