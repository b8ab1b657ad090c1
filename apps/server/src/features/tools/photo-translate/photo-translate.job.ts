import type { PhotoTranslateStage } from '@polymath/shared';
import { generateText, Output } from 'ai';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { defineJob, jobRef } from '../../../lib/queue/job.ts';
import type { FileStore } from '../../../lib/storage/file-store.ts';
import { makeThumbnail } from '../../../lib/thumbnail.ts';
import {
  getImage,
  imageFolder,
  markImageFailed,
  markImageGenerating,
  markImageReady,
  refundIfNothingMade,
  saveImageDesign,
} from '../../images/index.ts';
import type { ModelRegistry } from '../../models/index.ts';
import { demoTranslate } from './demo-translate.ts';
import { buildPhotoTranslationPrompt, photoTranslationSchema, translationsById } from './photo-translate.prompt.ts';
import { type PhotoTranslator, translatePhoto } from './photo-translate.service.ts';
import { type PhotoTranslationDesign, photoTranslationDesign } from './photo-translation-kind.ts';

/** The job that translates one photo (one images row, made by translate_photo). */
export const photoTranslateJob = jobRef('photo-translate', z.object({ imageId: z.string().min(1).max(64) }));

/** Each job runs OCR in the shared worker pool; more at once would only queue there. */
const PHOTO_TRANSLATE_CONCURRENCY = 2;

/**
 * The chat model's translator: every region of the photo in one structured-output call (so a term is
 * translated the same way everywhere), or the offline demo's stand-in when the model is the demo.
 */
export function modelTranslator(
  models: ModelRegistry | undefined,
  modelId: string,
  signal: AbortSignal,
): PhotoTranslator {
  const model = models?.get(modelId);
  if (!model || model.demo) return demoTranslate;
  if (!model.available) throw new AppError('MODEL_UNAVAILABLE');
  return async (segments, ctx) => {
    const { system, prompt } = buildPhotoTranslationPrompt({ segments, ...ctx });
    const { output } = await generateText({
      model: model.languageModel(),
      system,
      prompt,
      output: Output.object({ schema: photoTranslationSchema }),
      abortSignal: signal,
    });
    return translationsById(output, segments);
  };
}

/**
 * Translates one queued photo: reads its text, has it translated, draws it back in place, and stores
 * the result in the photo's own format with a thumbnail; the stage is saved as it goes so the page
 * shows reading → translating → drawing. A photo that cannot be read (damaged, gone) or a model that
 * is gone fails the image at once (its free message is given back); a provider's error is retried.
 * Safe to run twice: a settled image is left alone and files are written under the image's names.
 */
export function createPhotoTranslateJob(deps: {
  db: Db;
  files: FileStore;
  chatModels: ModelRegistry | undefined;
  retryDelaySeconds?: number;
}) {
  const { db, files } = deps;
  return defineJob({
    ...photoTranslateJob,
    retries: 2,
    retryDelaySeconds: deps.retryDelaySeconds ?? 5,
    timeoutSeconds: 300,
    concurrency: PHOTO_TRANSLATE_CONCURRENCY,
    async handler({ imageId }, run) {
      const row = await getImage(db, imageId);
      if (!row || row.status === 'ready' || row.status === 'failed') return;
      const design = photoTranslationDesign(row);
      const fail = async (why: string) => {
        run.logger.warn({ imageId, why }, 'photo translation failed');
        await markImageFailed(db, imageId, 'IMAGE_FAILED');
        await refundIfNothingMade(db, row.answerId);
      };
      const bytes = row.sourceKey ? await files.get(row.sourceKey) : null;
      if (!design || !bytes) return fail('the photo or its request is gone');
      await markImageGenerating(db, imageId);

      const saveDesign = (next: PhotoTranslationDesign) => saveImageDesign(db, imageId, next);
      // Stages are saved in order, one after the other; the pipeline does not wait for them.
      let saving: Promise<unknown> = Promise.resolve();
      const onProgress = (stage: PhotoTranslateStage) => {
        saving = saving.then(() => saveDesign({ ...design, stage })).catch(() => {});
      };

      let translated: Awaited<ReturnType<typeof translatePhoto>>;
      try {
        translated = await translatePhoto({
          bytes,
          source: design.source,
          target: design.target,
          translate: modelTranslator(deps.chatModels, design.chatModelId, run.signal),
          demo: design.demo,
          onProgress,
          signal: run.signal,
        });
      } catch (err) {
        // A photo that cannot be read, a language that cannot be, a model no longer configured: final.
        if (err instanceof AppError) return fail(err.message);
        throw err;
      } finally {
        await saving;
      }

      const { image, result } = translated;
      const folder = imageFolder(row.userId);
      const mediaType = result.output.mimeType;
      const fileKey = `${folder}/${imageId}.${result.output.format === 'jpeg' ? 'jpg' : 'png'}`;
      const thumbKey = `${folder}/${imageId}-thumb.webp`;
      const thumb = await makeThumbnail(image);
      await files.put(fileKey, image, { contentType: mediaType });
      await files.put(thumbKey, thumb.bytes, { contentType: thumb.mediaType });
      await saveDesign({ ...design, stage: null, result });
      await markImageReady(db, imageId, {
        fileKey,
        thumbKey,
        mediaType,
        width: result.output.width,
        height: result.output.height,
        bytes: image.length,
      });
    },
    async onDead({ imageId }) {
      await markImageFailed(db, imageId, 'IMAGE_FAILED');
      const row = await getImage(db, imageId);
      await refundIfNothingMade(db, row?.answerId ?? null);
    },
  });
}
