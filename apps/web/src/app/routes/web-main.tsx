import { MessageSquare } from 'lucide-react';
import { ToolChat } from '../../features/tools/tool-chat.tsx';

/**
 * /web-main/:threadId? — the main chat: the chosen model's description and examples on an empty
 * chat. PDFs can be attached here (ask PDF, Pro): a free person sees them locked and is offered the
 * upgrade.
 */
export function Component() {
  return <ToolChat toolId="web-main" toolKey="chat" icon={MessageSquare} modelIntro documents />;
}
