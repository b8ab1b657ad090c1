import { Languages } from 'lucide-react';
import { ToolScreen } from './tool-screen.tsx';

export function Component() {
  return <ToolScreen toolKey="photoTranslate" toolId="photo-translate" icon={Languages} />;
}
