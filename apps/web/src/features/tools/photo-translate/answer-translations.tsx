import type { GenerateImageOutput, ImageItem } from '@polymath/shared';
import { AlertTriangle, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button.tsx';
import type { FunctionCard } from '../../chat/index.ts';
import { imagesFunctionCard, useAnswerImages, useImageErrorText } from '../../images/index.ts';
import { TranslationCard } from './translation-card.tsx';

/**
 * What an answer of photo translate shows for its translate_photo call: the translation as a card
 * that follows its job (asked about every few seconds until it is ready or failed), read from the
 * server so a reload or coming back later loses nothing. A call that made nothing says why.
 */
export function AnswerTranslations({
  answerId,
  output,
  again,
  onRetry,
}: {
  answerId: string;
  output: GenerateImageOutput;
  again?: ((image: ImageItem) => ReactNode) | undefined;
  onRetry?: ((image: ImageItem) => void) | undefined;
}) {
  const { t } = useTranslation('photo-translate');
  const errorText = useImageErrorText();
  const { images: items, data, isError, isFetching, refetch } = useAnswerImages(answerId, output);

  if (!output.ok) {
    return (
      <p
        role="alert"
        className="flex items-start gap-2 rounded-xl border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger"
        data-testid="translation-error"
      >
        <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        {errorText(output.error)}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3" data-testid="answer-translations">
      {isError && !data ? (
        <div role="alert" className="flex items-center gap-2 text-sm text-danger">
          <span>{t('card.loadError')}</span>
          <button
            type="button"
            onClick={() => void refetch()}
            disabled={isFetching}
            className={buttonClass('secondary', 'sm')}
          >
            <RotateCw className="h-4 w-4" aria-hidden="true" />
            {t('card.retry')}
          </button>
        </div>
      ) : null}
      {data && data.length === 0 ? <p className="text-sm text-muted">{t('card.deleted')}</p> : null}
      {items.map((image) => (
        <TranslationCard key={image.id} image={image} again={again} onRetry={onRetry} />
      ))}
    </div>
  );
}

/** The card of translate_photo: the translation, following its job until it is ready. */
export function translationCard(cardParts: {
  again: (image: ImageItem) => ReactNode;
  onRetry: (image: ImageItem) => void;
}): FunctionCard {
  return imagesFunctionCard((output, answerId) => (
    <AnswerTranslations answerId={answerId} output={output} again={cardParts.again} onRetry={cardParts.onRetry} />
  ));
}
