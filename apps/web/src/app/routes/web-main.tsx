import { generateId } from 'ai';
import { useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { Conversation } from '../../features/chat/conversation.tsx';
import { CreditsMeter } from '../../features/credits/credits-meter.tsx';
import { DemoBanner } from '../../features/models/demo-banner.tsx';
import { isModelLocked } from '../../features/models/model-selection.ts';
import { useCurrentModel } from '../../features/models/use-current-model.ts';
import { useAppSelector } from '../../lib/store/store.ts';

/** `key` tells sessions apart (the same thread opened again for another person is a new session). */
type Session = { id: string; existing: boolean; key: string };

/** A thread from the URL is loaded from the server; a new chat gets an id made here (clientIdSchema). */
function session(threadId?: string): Session {
  return threadId
    ? { id: threadId, existing: true, key: generateId() }
    : { id: generateId(), existing: false, key: generateId() };
}

/**
 * /web-main/:threadId? — the main chat. The conversation is keyed on this screen's own session, not
 * on the URL: when a new chat's first answer starts, its URL becomes /web-main/<id> and the same
 * conversation (and its live stream) carries on. Opening another thread, "New chat" (/web-main, also
 * when clicked again) or another person signing in (or out) starts a different session.
 */
export function Component() {
  const { threadId } = useParams();
  const { key } = useLocation();
  const userId = useAppSelector((s) => s.user.currentUser?.id ?? null);
  const [current, setCurrent] = useState(() => session(threadId));
  const [seen, setSeen] = useState({ threadId, key, userId });
  if (seen.threadId !== threadId || seen.key !== key || seen.userId !== userId) {
    setSeen({ threadId, key, userId });
    if (seen.userId !== userId || !threadId) setCurrent(session(threadId));
    else if (threadId !== current.id) setCurrent(session(threadId));
  }
  const { model, modelId, isPro } = useCurrentModel('web-main');
  return (
    <Conversation
      key={current.key}
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
