import { MessageSquare } from 'lucide-react';
import { ToolChat } from './tool-chat.tsx';

/** /web-main/:threadId? — the main chat: the chosen model's description and examples on an empty chat. */
export function Component() {
  return <ToolChat toolId="web-main" toolKey="chat" icon={MessageSquare} modelIntro />;
}
