import {
  GENERATE_IMAGE_FUNCTION,
  type GenerateImageOutput,
  generateImageOutputSchema,
  HOROSCOPE_SKY_FUNCTION,
} from '@polymath/shared';
import { type DynamicToolUIPart, getToolName, type ToolUIPart } from 'ai';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/spinner.tsx';
import type { ChatUIMessage } from '../../features/chat/chat-request.ts';
import { AnswerImages } from '../../features/images/answer-images.tsx';
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
  if (getToolName(part) !== GENERATE_IMAGE_FUNCTION) return null;
  if (part.state === 'input-streaming' || part.state === 'input-available') return <Asking />;
  if (part.state !== 'output-available') return null;
  const output = generateImageOutputSchema.safeParse(part.output);
  if (!output.success) return null;
  return <AnswerImages answerId={message.id} output={output.data as GenerateImageOutput} />;
}

/** How an answer shows a horoscope_sky call: the computed positions the reading rests on. */
export function renderHoroscopeSkyCall(part: ToolUIPart | DynamicToolUIPart): ReactNode {
  if (getToolName(part) !== HOROSCOPE_SKY_FUNCTION) return null;
  return <SkyFactsCard state={part.state} output={part.state === 'output-available' ? part.output : undefined} />;
}
