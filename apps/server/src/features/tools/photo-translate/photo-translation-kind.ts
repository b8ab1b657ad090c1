import { PHOTO_TRANSLATE_MODEL_ID, type PhotoTranslation } from '@polymath/shared';
import type { ImageKind, ImageRow } from '../../images/index.ts';

const PHOTO_TRANSLATE_NAME = 'Photo translate';

/** What a photo translation keeps in `design`: its languages, the chat model, the job's stage and result. */
export type PhotoTranslationDesign = {
  kind: 'photo-translate';
  photoId: string;
  source: PhotoTranslation['source'];
  target: PhotoTranslation['target'];
  chatModelId: string;
  modelName: string;
  demo: boolean;
  stage: PhotoTranslation['stage'];
  result: PhotoTranslation['result'];
};

export function photoTranslationDesign(row: Pick<ImageRow, 'modelId' | 'design'>): PhotoTranslationDesign | null {
  if (row.modelId !== PHOTO_TRANSLATE_MODEL_ID) return null;
  const design = row.design as PhotoTranslationDesign | null;
  return design?.kind === 'photo-translate' ? design : null;
}

/**
 * A translated photo, as the images feature keeps and shows it: named after the chat model that
 * translated it, marked demo when the offline demo did, and carrying its languages, the job's stage
 * while it works and the text found and translated once it is ready.
 */
export const photoTranslationKind: ImageKind = {
  id: PHOTO_TRANSLATE_MODEL_ID,
  modelName: (row) => photoTranslationDesign(row)?.modelName ?? PHOTO_TRANSLATE_NAME,
  demo: (row) => photoTranslationDesign(row)?.demo === true,
  item(row) {
    const translation = photoTranslationDesign(row);
    if (!translation) return {};
    return {
      translation: {
        photoId: translation.photoId ?? null,
        source: translation.source,
        target: translation.target,
        stage: row.status === 'generating' ? translation.stage : null,
        result: row.status === 'ready' ? translation.result : null,
      },
    };
  },
  exported(row) {
    const translation = photoTranslationDesign(row);
    if (!translation) return {};
    return { translation: { from: translation.source, to: translation.target, result: translation.result } };
  },
};
