import {
  findPhotoLanguage,
  type GenerateImageOutput,
  type Locale,
  type PhotoTranslateInput,
  photoTranslateInputSchema,
  TRANSLATE_PHOTO_FUNCTION,
} from '@polymath/shared';
import { defineTool } from '../../chat/index.ts';
import { basePrompt } from '../base-prompt.ts';
import { createPhotoTranslateJob } from './photo-translate.job.ts';
import { translatePhotoFunction } from './photo-translate-functions.ts';
import { photoTranslatePhotoRoutes } from './photo-translate-photos.routes.ts';
import { deleteUserPhotosToTranslate } from './photo-translate-photos.service.ts';
import { photoTranslationKind } from './photo-translation-kind.ts';

const DEMO_ANSWER: Record<Locale, (output: GenerateImageOutput | undefined, target: string) => string> = {
  en: (output, target) =>
    output?.ok
      ? `**Demo mode.** The text in your photo is being read for real; the offline demo stands in for the translator (into ${target}), so the regions are marked “[DEMO]” and only a few common words are translated. The result appears with this answer and in your Gallery. Add a model key to the server for real translations.`
      : `**Demo mode.** ${output?.error.message ?? 'The photo could not be translated.'}`,
  tr: (output, target) =>
    output?.ok
      ? `**Demo modu.** Fotoğrafınızdaki metin gerçekten okunuyor; çevirmenin yerine çevrimdışı demo çalışıyor (${target}), bu yüzden bölgeler “[DEMO]” ile işaretlenir ve yalnızca birkaç yaygın sözcük çevrilir. Sonuç bu yanıtta ve Galeri'nizde görünür. Gerçek çeviriler için sunucuya bir model anahtarı ekleyin.`
      : `**Demo modu.** ${output?.error.message ?? 'Fotoğraf çevrilemedi.'}`,
};

const NO_PHOTO: Record<Locale, string> = {
  en: '**Demo mode.** Add a photo above (drop, paste or pick a JPEG or PNG), choose the language, and press Translate.',
  tr: "**Demo modu.** Yukarıya bir fotoğraf ekleyin (sürükleyin, yapıştırın ya da bir JPEG veya PNG seçin), dili seçin ve Çevir'e basın.",
};

function instructions(input: PhotoTranslateInput | undefined): string {
  const target = findPhotoLanguage(input?.target ?? 'en');
  const source = input?.source && input.source !== 'auto' ? findPhotoLanguage(input.source) : undefined;
  return [
    'You are Photo translate: the person adds a photo on the page (a menu, a sign, a label, a screenshot) and the app reads its text, translates it and draws the translation back in place.',
    input?.photoId
      ? `A photo is on the page. When the person asks for a translation (or just sends the photo), call ${TRANSLATE_PHOTO_FUNCTION} once; the page's choice is ${target?.name ?? 'English'}${source ? ` from ${source.name}` : ', source detected automatically'}. Pass target only when the message names another language. Then say in one or two sentences that the translation is being made and appears below; do not repeat the photo's text or make up a translation yourself.`
      : 'No photo is on the page yet: ask the person to drop, paste or pick a JPEG or PNG photo above. If they paste text instead, translate it directly, keeping its line breaks, numbers and tone.',
  ].join(' ');
}

/**
 * Photo translate (/photo-translate, free within the daily messages): the page holds the photo and
 * the languages; the model calls translate_photo, whose job reads, translates and redraws the text.
 * The result (same format and size) appears with the answer and in the gallery.
 */
export const photoTranslateTool = defineTool<PhotoTranslateInput>({
  id: 'photo-translate',
  deleteUserFiles: deleteUserPhotosToTranslate,
  imageKinds: [photoTranslationKind],
  routes: [
    { path: '/api/photo-translate/photos', create: ({ auth }) => photoTranslatePhotoRoutes(auth), ownBodyLimit: true },
  ],
  jobs: (deps) => [createPhotoTranslateJob(deps)],
  input: photoTranslateInputSchema,
  systemPrompt: ({ locale, input }) => [basePrompt(locale), instructions(input)].join(' '),
  functions: (turn) => ({ [TRANSLATE_PHOTO_FUNCTION]: translatePhotoFunction(turn) }),
  maxSteps: 3,
  demo: {
    call: ({ input }) => (input?.photoId ? { name: TRANSLATE_PHOTO_FUNCTION, input: {} } : null),
    answer: ({ locale, input, results }) => {
      if (!input?.photoId) return NO_PHOTO[locale];
      const target = findPhotoLanguage(input.target ?? 'en');
      return DEMO_ANSWER[locale](
        results.find((r) => r.name === TRANSLATE_PHOTO_FUNCTION)?.output as GenerateImageOutput,
        (locale === 'tr' ? target?.nativeName : target?.name) ?? '',
      );
    },
  },
});
