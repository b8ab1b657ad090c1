import { PenTool } from 'lucide-react';
import { ToolChat } from './tool-chat.tsx';

/** /logo-maker/:threadId? — a chat with the tool's own assistant; its guided inputs come with its own work. */
export function Component() {
  return <ToolChat toolId="logo-maker" toolKey="logoMaker" icon={PenTool} />;
}
