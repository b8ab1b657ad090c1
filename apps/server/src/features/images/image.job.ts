import type { ErrorCode, ImageAspectRatio } from '@polymath/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { images } from '../../db/schema/index.ts';
import { imageInfo } from '../../lib/images.ts';
import { defineJob } from '../../lib/queue/job.ts';
import type { FileStore } from '../../lib/storage/file-store.ts';
import { makeThumbnail } from '../../lib/thumbnail.ts';
import { editAreaMask } from './edit-area-mask.ts';
import { ImageGenerationError, type ImageModelRegistry, type ImageRequest } from './image-models.ts';
import {
  type EditArea,
  fileExtension,
  imageFolder,
  imageJob,
  markImageFailed,
  markImageGenerating,
  markImageReady,
  promptWithStyle,
  refundIfNothingMade,
} from './images.service.ts';

/** How many images one process makes at once (each is a provider call of several seconds). */
const IMAGE_CONCURRENCY = 4;
/** Images of one person made at once, across all instances (the rest wait their turn). */
export const IMAGES_PER_PERSON_AT_ONCE = 2;

/** A stable number per image, so several images of one prompt are different pictures (the demo model). */
function variantOf(imageId: string): number {
  let hash = 0;
  for (const char of imageId) hash = (hash * 31 + char.charCodeAt(0)) % 1_000_003;
  return hash;
}

/** Why an image failed, as the person reads it. */
function failureCode(err: ImageGenerationError): ErrorCode {
  return err.kind === 'refused' ? 'IMAGE_REFUSED' : 'IMAGE_FAILED';
}

/**
 * Makes one queued image: calls its image model, stores the picture as the provider made it (the
 * gallery downloads that original) and a WebP thumbnail, and marks the row ready. A failure that
 * may pass (the provider erred, timed out or answered garbage) is tried again; one that cannot (a
 * refusal, a model no longer configured) fails the image at once. When every try is used, onDead
 * fails it. Safe to run twice: a settled image is left alone, and files are written under the
 * image's own names.
 */
export function createImageJob(deps: {
  db: Db;
  files: FileStore;
  imageModels: ImageModelRegistry;
  /** Seconds before the first retry (doubled after); tests make it 0. */
  retryDelaySeconds?: number;
}) {
  const { db, files, imageModels } = deps;
  return defineJob({
    ...imageJob,
    retries: 2,
    retryDelaySeconds: deps.retryDelaySeconds ?? 5,
    timeoutSeconds: 240,
    concurrency: IMAGE_CONCURRENCY,
    // Fair jobs (decision 034): one person's images take at most IMAGES_PER_PERSON_AT_ONCE workers
    // across all instances, so another person's image starts while a long queue of theirs waits.
    group: (p) => p.userId ?? '',
    groupConcurrency: IMAGES_PER_PERSON_AT_ONCE,
    async handler({ imageId }, run) {
      const [row] = await db.select().from(images).where(eq(images.id, imageId));
      if (!row || row.status === 'ready' || row.status === 'failed') return;
      await markImageGenerating(db, imageId);
      const fail = async (code: ErrorCode) => {
        await markImageFailed(db, imageId, code);
        await refundIfNothingMade(db, row.answerId);
      };
      const model = imageModels.get(row.modelId);
      if (!model?.available) {
        run.logger.warn({ modelId: row.modelId }, 'the image model is not available any more');
        await fail('IMAGE_FAILED');
        return;
      }
      let edit: Pick<ImageRequest, 'image' | 'mask'> = {};
      if (row.sourceKey) {
        const source = await files.get(row.sourceKey);
        const info = source ? await imageInfo(source) : null;
        if (!source || !info || info.format === 'gif') {
          run.logger.warn({ imageId }, 'the picture to edit is gone');
          await fail('IMAGE_FAILED');
          return;
        }
        const area = row.editArea as EditArea | null;
        edit = {
          image: { bytes: source, mediaType: `image/${info.format}` },
          ...(area ? { mask: await editAreaMask(info.width, info.height, area) } : {}),
        };
      }
      let picture: Awaited<ReturnType<typeof model.generate>>[number] | undefined;
      try {
        [picture] = await model.generate({
          prompt: promptWithStyle(row.prompt, row.style),
          count: 1,
          aspectRatio: row.aspectRatio as ImageAspectRatio,
          abortSignal: run.signal,
          variant: variantOf(imageId),
          ...edit,
        });
      } catch (err) {
        if (!(err instanceof ImageGenerationError)) throw err;
        run.logger.warn({ kind: err.kind, message: err.message }, 'the image model failed');
        if (err.retryable) throw err;
        await fail(failureCode(err));
        return;
      }
      if (!picture) {
        await fail('IMAGE_FAILED');
        return;
      }
      const folder = imageFolder(row.userId);
      const fileKey = `${folder}/${imageId}.${fileExtension(picture.mediaType)}`;
      const thumbKey = `${folder}/${imageId}-thumb.webp`;
      const thumb = await makeThumbnail(picture.bytes);
      await files.put(fileKey, picture.bytes, { contentType: picture.mediaType });
      await files.put(thumbKey, thumb.bytes, { contentType: thumb.mediaType });
      await markImageReady(db, imageId, {
        fileKey,
        thumbKey,
        mediaType: picture.mediaType,
        width: picture.width,
        height: picture.height,
        bytes: picture.bytes.length,
      });
    },
    async onDead({ imageId }) {
      await markImageFailed(db, imageId, 'IMAGE_FAILED');
      const [row] = await db.select({ answerId: images.answerId }).from(images).where(eq(images.id, imageId));
      await refundIfNothingMade(db, row?.answerId ?? null);
    },
  });
}
