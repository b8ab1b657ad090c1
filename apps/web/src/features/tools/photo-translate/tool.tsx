import { TRANSLATE_PHOTO_FUNCTION } from '@polymath/shared';
import { Languages } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'react-redux';
import { toolInputChanged } from '../../../lib/store/chat-slice.ts';
import { type RootState, useAppDispatch } from '../../../lib/store/store.ts';
import type { ChatActions } from '../../chat/index.ts';
import { toolPage } from '../tool-page.tsx';
import { translationCard } from './answer-translations.tsx';
import { LanguagePicker } from './language-picker.tsx';
import {
  PhotoTranslateOptions,
  selectPhotoTranslateInput,
  translateMessage,
  usePhotoIntake,
} from './photo-translate-options.tsx';
import { rememberLanguage } from './recent-languages.ts';

/**
 * /photo-translate/:threadId? — add a photo (pick, drop or paste), choose the languages and press
 * Translate: the answer shows the translation as it is made, then before/after, side by side, the
 * text found and translated, download, and the same photo into another language.
 */
export const Component = toolPage({
  id: 'photo-translate',
  usePage() {
    const { t, i18n } = useTranslation('photo-translate');
    const store = useStore<RootState>();
    const dispatch = useAppDispatch();
    const intake = usePhotoIntake();
    // The chat's send, for the result cards' "another language" (they render outside the inputs).
    const chat = useRef<ChatActions | null>(null);
    const again = (photoId: string, target: string) => {
      dispatch(toolInputChanged({ toolId: 'photo-translate', input: { photoId, target } }));
      rememberLanguage(target);
      chat.current?.send(translateMessage(t, target));
    };
    return {
      inputs: (actions) => {
        chat.current = actions;
        return <PhotoTranslateOptions chat={actions} intake={intake} />;
      },
      input: () => selectPhotoTranslateInput(store.getState(), i18n.language),
      onThreadInput: (input) => {
        if (input) dispatch(toolInputChanged({ toolId: 'photo-translate', input }));
      },
      takeFiles: (files) => intake.take(files),
      functions: {
        [TRANSLATE_PHOTO_FUNCTION]: translationCard({
          again: (image) =>
            image.translation?.photoId ? (
              <LanguagePicker
                value={image.translation.target}
                onChange={(target) => again(image.translation?.photoId ?? '', target)}
                label={t('card.again')}
                testId="translation-again"
                trigger={
                  <>
                    <Languages className="h-4 w-4" aria-hidden="true" />
                    <span className="sr-only @[22rem]:not-sr-only">{t('card.again')}</span>
                  </>
                }
              />
            ) : null,
          onRetry: (image) => {
            if (image.translation?.photoId) again(image.translation.photoId, image.translation.target);
          },
        }),
      },
    };
  },
});
