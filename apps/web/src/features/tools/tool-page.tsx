import { type ChatToolId, type GenerateImageOutput, generateImageOutputSchema, type ImageItem } from '@polymath/shared';
import { type DynamicToolUIPart, getToolName, type ToolUIPart } from 'ai';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/spinner.tsx';
import type { ChatUIMessage } from '../chat/index.ts';
import { AnswerImages, AnswerTranslations } from '../images/index.ts';
import { ToolChat, type ToolChatProps } from './tool-chat.tsx';
import { type RegisteredTool, TOOL_REGISTRY } from './tool-registry.ts';

/** How an answer shows one of the tool's function calls (its card). */
export type FunctionCard = (part: ToolUIPart | DynamicToolUIPart, message: ChatUIMessage) => ReactNode;

/** What a tool adds to the generic chat page; `functions` maps a function's name to its card. */
export type ToolPageParts = Omit<ToolChatProps, 'toolId' | 'toolKey' | 'icon' | 'renderToolPart'> & {
  functions?: Readonly<Record<string, FunctionCard>>;
};

/**
 * A tool as its folder's `tool.tsx` declares it: its catalogue id and a hook, called on every render
 * of its page, that returns its parts (inputs, checks, cards). Its icon and title are its registry line's.
 */
export type WebTool = { id: ChatToolId; usePage?: () => ToolPageParts };

const noParts = (): ToolPageParts => ({});

/** The one page every tool has: the shared chat (ToolChat) with the tool's parts. */
export function toolPage({ id, usePage = noParts }: WebTool): ComponentType {
  return function ToolPage() {
    const { functions, ...parts } = usePage();
    const { key, icon } = TOOL_REGISTRY.find((tool) => tool.id === id) as RegisteredTool;
    return (
      <ToolChat
        toolId={id}
        toolKey={key}
        icon={icon}
        renderToolPart={
          functions ? (part, message) => functions[getToolName(part)]?.(part, message) ?? null : undefined
        }
        {...parts}
      />
    );
  };
}

// The cards of the functions that make images (one chunk with the page, which every tool loads).

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
function imagesCall(show: (output: GenerateImageOutput, answerId: string) => ReactNode): FunctionCard {
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
  return imagesCall((output, answerId) => (
    <AnswerImages answerId={answerId} output={output} actions={options.actions} compare={options.compare} />
  ));
}

/** The card of translate_photo: the translation, following its job until it is ready. */
export function translationCard(cardParts: {
  again: (image: ImageItem) => ReactNode;
  onRetry: (image: ImageItem) => void;
}): FunctionCard {
  return imagesCall((output, answerId) => (
    <AnswerTranslations answerId={answerId} output={output} again={cardParts.again} onRetry={cardParts.onRetry} />
  ));
}
