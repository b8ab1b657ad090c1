import { GENERATE_IMAGE_FUNCTION, type GenerateImageOutput } from '@polymath/shared';
import { type DynamicToolUIPart, getToolName, type ToolUIPart } from 'ai';
import type { ReactNode } from 'react';
import type { ChatUIMessage } from '../../features/chat/chat-request.ts';

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
