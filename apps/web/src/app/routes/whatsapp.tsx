import { threadPagePath } from '@polymath/shared';
import { useNavigate, useParams } from 'react-router';
import { ConversationPanel, type ConversationTool } from '../../features/chat/conversation-panel.tsx';
import { useChatSession } from '../../features/chat/use-chat-session.ts';
import { WhatsAppIntro, WhatsAppReadOnly } from '../../features/whatsapp/whatsapp-chats.tsx';

/** Nothing is sent from this page, so no model is chosen here (WhatsApp uses the linked number's). */
const NO_MODEL = { model: undefined, modelId: '', locked: false };

/**
 * /whatsapp/:threadId? — chats held inside WhatsApp, as the history opens them: the conversation,
 * read-only (it continues in WhatsApp), with "Open WhatsApp" where the message box would be.
 */
export function Component() {
  const navigate = useNavigate();
  const { threadId } = useParams();
  const current = useChatSession(threadId);
  const path = threadPagePath('whatsapp', threadId);
  const tool: ConversationTool = {
    id: 'whatsapp',
    pathOf: (id) => threadPagePath('whatsapp', id || undefined),
    intro: () => <WhatsAppIntro />,
    // Navigating to the same address starts a new session, which loads the thread again.
    readOnly: threadId ? <WhatsAppReadOnly onRefresh={() => navigate(path, { replace: true })} /> : null,
  };
  return (
    <ConversationPanel
      key={current.key}
      tool={tool}
      threadId={current.id}
      existing={current.existing}
      current={NO_MODEL}
    />
  );
}
