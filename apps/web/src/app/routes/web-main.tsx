import { MessageSquare } from 'lucide-react';
import { ToolScreen } from './tool-screen.tsx';

export function Component() {
  return <ToolScreen toolKey="chat" toolId="web-main" icon={MessageSquare} />;
}
