import { threadPagePath } from '@polymath/shared';
import { useParams } from 'react-router';
import { Conversation, type ConversationTool } from '../../features/chat/conversation.tsx';
import { CreditsMeter } from '../../features/credits/credits-meter.tsx';
import { DemoBanner } from '../../features/models/demo-banner.tsx';
import { isModelLocked } from '../../features/models/model-selection.ts';
import { useCurrentModel } from '../../features/models/use-current-model.ts';
import { useChatSession } from './use-chat-session.ts';

const AI_CHAT: ConversationTool = { id: 'web-main', pathOf: (id) => threadPagePath('web-main', id || undefined) };

/** /web-main/:threadId? — the main chat (see useChatSession for how a chat follows the URL). */
export function Component() {
  const { threadId } = useParams();
  const current = useChatSession(threadId);
  const { model, modelId, isPro } = useCurrentModel('web-main');
  return (
    <Conversation
      key={current.key}
      tool={AI_CHAT}
      threadId={current.id}
      existing={current.existing}
      current={{ model, modelId, locked: model ? isModelLocked(model, isPro) : false }}
      banner={model?.demo ? <DemoBanner /> : null}
      footer={
        <div className="px-3 pb-2">
          <CreditsMeter />
        </div>
      }
    />
  );
}
