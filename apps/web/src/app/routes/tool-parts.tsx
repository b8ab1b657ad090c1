import { GENERATE_IMAGE_FUNCTION, type GenerateImageOutput, HOROSCOPE_SKY_FUNCTION } from '@polymath/shared';
import { type DynamicToolUIPart, getToolName, type ToolUIPart } from 'ai';
import type { ReactNode } from 'react';
import type { ChatUIMessage } from '../../features/chat/chat-request.ts';
import { SkyFactsCard } from '../../features/tools/horoscope/sky-facts-card.tsx';

/** How an answer shows a generate_image call: the images it asked for, as cards that follow their jobs. */
export function renderImageCall(part: ToolUIPart | DynamicToolUIPart, message: ChatUIMessage): ReactNode {
  if (getToolName(part) !== GENERATE_IMAGE_FUNCTION) return null;
  const output = part.state === 'output-available' ? (part.output as GenerateImageOutput) : undefined;
  return (
    <div data-testid="image-call" data-answer-id={message.id} data-state={part.state}>
      {output?.ok ? `${output.images.length} image(s)` : null}
    </div>
  );
}

/** How an answer shows a horoscope_sky call: the computed positions the reading rests on. */
export function renderHoroscopeSkyCall(part: ToolUIPart | DynamicToolUIPart): ReactNode {
  if (getToolName(part) !== HOROSCOPE_SKY_FUNCTION) return null;
  return <SkyFactsCard state={part.state} output={part.state === 'output-available' ? part.output : undefined} />;
}
