import { Feather } from 'lucide-react';
import { ToolChat } from './tool-chat.tsx';

/** /tattoo-generator/:threadId? — a chat with the tool's own assistant; its guided inputs come with its own work. */
export function Component() {
  return <ToolChat toolId="tattoo-generator" toolKey="tattooGenerator" icon={Feather} />;
}
