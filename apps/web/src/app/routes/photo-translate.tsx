import { Languages } from 'lucide-react';
import { ToolChat } from './tool-chat.tsx';

/** /photo-translate/:threadId? — a chat with the tool's own assistant; its guided inputs come with its own work. */
export function Component() {
  return <ToolChat toolId="photo-translate" toolKey="photoTranslate" icon={Languages} />;
}
