import {
  GENERATE_IMAGE_FUNCTION,
  GENERATE_LOGO_FUNCTION,
  GENERATE_TATTOO_FUNCTION,
  type GenerateImageOutput,
  generateImageOutputSchema,
  HOROSCOPE_SKY_FUNCTION,
  type ImageItem,
  MAKE_TEXT_LOGO_FUNCTION,
  TRANSLATE_PHOTO_FUNCTION,
} from '@polymath/shared';
import { type DynamicToolUIPart, getToolName, type ToolUIPart } from 'ai';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/spinner.tsx';
import type { ChatUIMessage } from '../../features/chat/chat-request.ts';
import { AnswerImages } from '../../features/images/answer-images.tsx';
import { AnswerTranslations } from '../../features/images/answer-translations.tsx';
import { SkyFactsCard } from '../../features/tools/horoscope/sky-facts-card.tsx';

/** While the model is still writing its call: a line that says images are being asked for. */
function Asking() {
  const { t } = useTranslation('images');
  return (
    <p className="flex items-center gap-2 text-sm text-muted" role="status" data-testid="image-call-pending">
      <Spinner className="h-4 w-4 border-2" />
      {t('card.asking')}
    </p>
  );
}

/**
 * How an answer shows a generate_image call: the images it asked for, as cards that follow their
 * jobs (AnswerImages polls until every image is ready or failed, so a reload loses nothing).
 */
export function renderImageCall(part: ToolUIPart | DynamicToolUIPart, message: ChatUIMessage): ReactNode {
  return renderImagesOf([GENERATE_IMAGE_FUNCTION], part, message);
}

/**
 * The image cards of any function that makes images (its output has generate_image's shape), with
 * the tool's own actions on each ready image and, for edits, before and after.
 */
export function renderImagesOf(
  names: readonly string[],
  part: ToolUIPart | DynamicToolUIPart,
  message: ChatUIMessage,
  options: { actions?: (image: ImageItem) => ReactNode; compare?: boolean } = {},
): ReactNode {
  if (!names.includes(getToolName(part))) return null;
  if (part.state === 'input-streaming' || part.state === 'input-available') return <Asking />;
  if (part.state !== 'output-available') return null;
  const output = generateImageOutputSchema.safeParse(part.output);
  if (!output.success) return null;
  return (
    <AnswerImages
      answerId={message.id}
      output={output.data as GenerateImageOutput}
      actions={options.actions}
      compare={options.compare}
    />
  );
}

/** How an answer shows a translate_photo call: the translation, following its job until it is ready. */
export function renderTranslationCall(
  part: ToolUIPart | DynamicToolUIPart,
  message: ChatUIMessage,
  cardParts: { again: (image: ImageItem) => ReactNode; onRetry: (image: ImageItem) => void },
): ReactNode {
  if (getToolName(part) !== TRANSLATE_PHOTO_FUNCTION) return null;
  if (part.state === 'input-streaming' || part.state === 'input-available') return <Asking />;
  if (part.state !== 'output-available') return null;
  const output = generateImageOutputSchema.safeParse(part.output);
  if (!output.success) return null;
  return (
    <AnswerTranslations
      answerId={message.id}
      output={output.data as GenerateImageOutput}
      again={cardParts.again}
      onRetry={cardParts.onRetry}
    />
  );
}

/** How an answer shows a horoscope_sky call: the computed positions the reading rests on. */
export function renderHoroscopeSkyCall(part: ToolUIPart | DynamicToolUIPart): ReactNode {
  if (getToolName(part) !== HOROSCOPE_SKY_FUNCTION) return null;
  return <SkyFactsCard state={part.state} output={part.state === 'output-available' ? part.output : undefined} />;
}

export const LOGO_FUNCTIONS = [GENERATE_LOGO_FUNCTION, MAKE_TEXT_LOGO_FUNCTION] as const;
export const TATTOO_FUNCTIONS = [GENERATE_TATTOO_FUNCTION] as const;
