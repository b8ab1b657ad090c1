import type { ReactNode } from 'react';
import { draftChanged } from '../../lib/store/chat-slice.ts';
import { authDialogOpened, upgradeToProDialogSet } from '../../lib/store/dialogs-slice.ts';
import { useAppDispatch } from '../../lib/store/store.ts';
import { ChatComposer } from './chat-composer.tsx';
import { ChatIntro } from './chat-intro.tsx';
import type { ConversationModel, ConversationTool } from './conversation-panel.tsx';
import { DropOverlay } from './drop-overlay.tsx';
import type { AttachmentsControl } from './use-attachments.ts';
import { useFileDrop } from './use-file-drop.ts';

/**
 * A signed-out visitor's empty chat: the same screen as ChatPanel's before its first message (intro
 * and examples, the tool's inputs, the message box, the footer), without the AI SDK behind it, which
 * is what keeps the SDK and zod off the first screen (B7). Everything that would send opens the sign-in
 * dialog, as ChatPanel does for a visitor; signing in starts a new session, which is a ChatPanel.
 */
export function GuestChatPanel({
  tool,
  current,
  banner,
  footer,
}: {
  tool: ConversationTool;
  current: ConversationModel;
  banner?: ReactNode;
  footer?: ReactNode;
}) {
  const dispatch = useAppDispatch();
  const { model } = current;
  const vision = model?.capabilities.vision ?? false;
  const documentsMode = !tool.documents ? 'off' : tool.documents.locked ? 'locked' : 'on';
  const signIn = (): false => {
    dispatch(authDialogOpened('signIn'));
    return false;
  };
  // The paperclip as a visitor sees it (its menu, the PRO lock); nothing can be attached before signing
  // in, so there is no upload state here (use-attachments stays in ChatPanel's chunk).
  const attachments: AttachmentsControl = {
    items: [],
    enabled: vision,
    documents: documentsMode,
    uploading: false,
    add: signIn,
    remove: () => undefined,
    documentRead: () => undefined,
    onLocked: () => dispatch(upgradeToProDialogSet(true)),
  };
  const fillExample = (text: string) => {
    dispatch(draftChanged({ key: tool.id, text }));
    document.getElementById('chat-input')?.focus();
  };

  const { dragging, handlers: dropHandlers } = useFileDrop({
    disabled: tool.readOnly !== undefined,
    accepts: vision || documentsMode !== 'off' || Boolean(tool.takeFiles),
    onFiles: signIn,
  });

  return (
    <div className="flex min-h-0 flex-1">
      <div className="relative flex min-h-0 min-w-0 flex-1 flex-col" {...dropHandlers}>
        {banner}
        <div className="relative min-h-0 flex-1">
          <div className="absolute inset-0 overflow-y-auto overflow-x-hidden" data-testid="chat-scroller">
            <div className="flex min-h-full flex-col">
              {tool.intro ? tool.intro(fillExample) : <ChatIntro model={model} onExample={fillExample} />}
            </div>
          </div>
        </div>
        {dragging ? (
          <DropOverlay takesPhotos={Boolean(tool.takeFiles)} documents={documentsMode !== 'off'} vision={vision} />
        ) : null}
        <ChatComposer
          tool={tool}
          actions={{ send: signIn, fill: fillExample, busy: false }}
          onSend={signIn}
          attachments={attachments}
          footer={footer}
        />
      </div>
    </div>
  );
}
