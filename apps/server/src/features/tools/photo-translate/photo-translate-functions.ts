import {
  findPhotoLanguage,
  type GenerateImageOutput,
  IMAGE_ASPECT_RATIOS,
  type Locale,
  PHOTO_TRANSLATE_MODEL_ID,
  type PhotoTranslateInput,
  translatePhotoArgsSchema,
} from '@polymath/shared';
import { tool } from 'ai';
import { AppError } from '../../../lib/app-error.ts';
import type { ToolTurn } from '../../chat/index.ts';
import { closestRatio, nothingMade, requestImages } from '../../images/index.ts';
import { checkPhoto } from './photo-input.ts';
import { photoTranslateJob } from './photo-translate.job.ts';
import { readPhotoToTranslate } from './photo-translate-photos.service.ts';
import type { PhotoTranslationDesign } from './photo-translation-kind.ts';

const NOTE: Record<Locale, (target: string) => string> = {
  en: (target) =>
    `The photo is being translated into ${target} now (reading the text, translating, drawing it back in place). The result appears as a card with this answer, with the text found and its translation, and is saved in the Gallery under Photo translate.`,
  tr: (target) =>
    `Fotoğraf şimdi ${target} diline çevriliyor (metin okunuyor, çevriliyor, yerine çiziliyor). Sonuç bu yanıtta bulunan metin ve çevirisiyle bir kart olarak görünür ve Galeri'de Fotoğraf Çeviri altında saklanır.`,
};

/**
 * translate_photo: the page's photo, translated in a job (read → translate → draw) into the page's
 * target language or one the person named. Answers at once with the queued image, which the page
 * follows until the translation is ready; the translation is kept with the thread and in the
 * gallery. With no photo on the page it says so, and the free message is given back.
 */
export function translatePhotoFunction(turn: ToolTurn<PhotoTranslateInput>) {
  return tool({
    description:
      'Translate the text in the photo the person added on the page and draw the translation back in place. Call once per request; pass target only when the person named a language in the message.',
    inputSchema: translatePhotoArgsSchema,
    async execute(args): Promise<GenerateImageOutput> {
      const { db, files, jobs } = turn.services;
      const photoId = turn.input?.photoId;
      if (!photoId) {
        return nothingMade(turn, 'VALIDATION_FAILED', 'Add a photo first: drop, paste or pick a JPEG or PNG image.');
      }
      const photo = await readPhotoToTranslate(files, turn.userId, photoId);
      if (!photo) return nothingMade(turn, 'NOT_FOUND', 'The photo is no longer there: add it again.');
      let size: { width: number; height: number };
      try {
        size = await checkPhoto(photo.bytes);
      } catch (err) {
        if (err instanceof AppError) return nothingMade(turn, err.code, err.message);
        throw err;
      }
      const target = findPhotoLanguage(args.target ?? turn.input?.target ?? 'en');
      if (!target) return nothingMade(turn, 'VALIDATION_FAILED', 'Choose a target language.');
      const source = turn.input?.source ?? 'auto';
      const chat = turn.services.chatModels?.get(turn.modelId);
      const demo = chat?.demo ?? true;
      const modelName = demo
        ? 'Photo translate (offline demo)'
        : `Photo translate (${chat?.displayName ?? turn.modelId})`;
      const design: PhotoTranslationDesign = {
        kind: 'photo-translate',
        photoId,
        source,
        target: target.code as PhotoTranslationDesign['target'],
        chatModelId: turn.modelId,
        modelName,
        demo,
        stage: null,
        result: null,
      };
      // The card's shape until the translation is ready: the image shape closest to the photo's.
      const aspectRatio = closestRatio(size.width, size.height, IMAGE_ASPECT_RATIOS);
      const [row] = await requestImages(db, jobs, {
        userId: turn.userId,
        toolId: turn.toolId,
        threadId: turn.threadId,
        answerId: turn.answerId,
        prompt: `${target.name} (${target.nativeName})`,
        style: null,
        aspectRatio,
        modelId: PHOTO_TRANSLATE_MODEL_ID,
        count: 1,
        now: new Date(),
        sourceKey: photo.key,
        design,
        job: photoTranslateJob,
      });
      return {
        ok: true,
        images: row ? [{ id: row.id }] : [],
        prompt: target.nativeName,
        aspectRatio,
        style: null,
        modelName,
        demo,
        note: NOTE[turn.locale](turn.locale === 'tr' ? target.nativeName : target.name),
      };
    },
  });
}
