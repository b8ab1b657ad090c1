import { type GenerateImageOutput, generateImageOutputSchema, type ImageItem } from '@polymath/shared';
import type { DynamicToolUIPart, ToolUIPart } from 'ai';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/spinner.tsx';
import type { FunctionCard } from '../chat/index.ts';
import { AnswerImages } from './answer-images.tsx';

// The cards of the functions that make images, whichever tool calls them (a tool puts one in its
// `functions` map; a kind of image of its own shows its own card through `imagesFunctionCard`).

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

/** A call that makes images: "asking" while it is written, then its output (generate_image's shape), if any. */
export function imagesFunctionCard(show: (output: GenerateImageOutput, answerId: string) => ReactNode): FunctionCard {
  return (part: ToolUIPart | DynamicToolUIPart, message) => {
    if (part.state === 'input-streaming' || part.state === 'input-available') return <Asking />;
    if (part.state !== 'output-available') return null;
    const output = generateImageOutputSchema.safeParse(part.output);
    return output.success ? show(output.data as GenerateImageOutput, message.id) : null;
  };
}

/**
 * The card of a function that makes images: the images it asked for, following their jobs
 * (AnswerImages polls until every image is ready or failed, so a reload loses nothing), with the
 * tool's own actions on each ready image and, for edits, before and after.
 */
export function imageCard(
  options: { actions?: (image: ImageItem) => ReactNode; compare?: boolean } = {},
): FunctionCard {
  return imagesFunctionCard((output, answerId) => (
    <AnswerImages answerId={answerId} output={output} actions={options.actions} compare={options.compare} />
  ));
}
