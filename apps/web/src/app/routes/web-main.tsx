import { threadPagePath } from '@polymath/shared';
import { useParams } from 'react-router';
import { Conversation, type ConversationTool } from '../../features/chat/conversation.tsx';
import { CreditsMeter } from '../../features/credits/credits-meter.tsx';
import { DemoBanner } from '../../features/models/demo-banner.tsx';
import { isModelLocked } from '../../features/models/model-selection.ts';
import { useCurrentModel } from '../../features/models/use-current-model.ts';
import { useAppSelector } from '../../lib/store/store.ts';
import { useChatSession } from './use-chat-session.ts';

/**
 * /web-main/:threadId? — the main chat (see useChatSession for how a chat follows the URL). PDFs
 * can be attached here (ask PDF, Pro): a free person sees them locked and is offered the upgrade.
 */
export function Component() {
  const { threadId } = useParams();
  const current = useChatSession(threadId);
  const { model, modelId, isPro } = useCurrentModel('web-main');
  const signedIn = useAppSelector((s) => s.user.currentUser !== null);
  const tool: ConversationTool = {
    id: 'web-main',
    pathOf: (id) => threadPagePath('web-main', id || undefined),
    documents: { locked: signedIn && !isPro },
  };
  return (
    <Conversation
      key={current.key}
      tool={tool}
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
