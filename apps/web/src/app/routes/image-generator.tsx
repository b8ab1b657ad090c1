import { ImageIcon } from 'lucide-react';
import { ToolScreen } from './tool-screen.tsx';

export function Component() {
  return <ToolScreen toolKey="imageGenerator" toolId="image-generator" icon={ImageIcon} badge="PRO" />;
}
