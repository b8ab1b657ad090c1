import type { ReactNode } from 'react';
import { ChatInput } from './chat-input.tsx';
import type { ChatActions, ConversationTool } from './conversation-panel.tsx';
import type { AttachmentsControl } from './use-attachments.ts';

/**
 * The bottom of a tool's chat, the same for a visitor (GuestChatPanel) and a session (ChatPanel): the
 * tool's read-only notice instead of everything when its chats are written elsewhere; otherwise the
 * tool's inputs, the message box (with the paperclip unless the tool takes files itself) and the footer.
 */
export function ChatComposer({
  tool,
  actions,
  onSend,
  onStop,
  attachments,
  footer,
}: {
  tool: ConversationTool;
  /** What the tool's inputs may do (`busy` is the message box's too). */
  actions: ChatActions;
  onSend(text: string): boolean;
  onStop?: () => void;
  attachments: AttachmentsControl;
  footer?: ReactNode;
}) {
  if (tool.readOnly !== undefined) return tool.readOnly;
  return (
    <>
      {typeof tool.inputs === 'function' ? tool.inputs(actions) : tool.inputs}
      <ChatInput
        draftKey={tool.id}
        onSend={onSend}
        busy={actions.busy}
        onStop={onStop}
        attachments={tool.takeFiles ? undefined : attachments}
        disabled={tool.sendDisabled}
      />
      {footer}
    </>
  );
}
