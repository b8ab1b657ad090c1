import type { ChatToolId } from '@polymath/shared';
import { getToolName } from 'ai';
import type { ComponentType } from 'react';
import type { FunctionCard } from '../chat/index.ts';
import { ToolChat, type ToolChatProps } from './tool-chat.tsx';
import { type RegisteredTool, TOOL_REGISTRY } from './tool-registry.ts';

// The images feature's function cards, re-exported here so their code stays in this page's chunk, which
// every tool loads anyway (imported by the image tools alone it became one more chunk in each route's
// preload list, and the boot chunk that lists them grew).
export { imageCard, imagesFunctionCard } from '../images/index.ts';
export type { FunctionCard };

/** What a tool adds to the generic chat page; `functions` maps a function's name to its card. */
export type ToolPageParts = Omit<ToolChatProps, 'toolId' | 'toolKey' | 'icon' | 'functionCard'> & {
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
        functionCard={functions ? (part, message) => functions[getToolName(part)]?.(part, message) ?? null : undefined}
        {...parts}
      />
    );
  };
}
