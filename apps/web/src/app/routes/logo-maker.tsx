import { PenTool } from 'lucide-react';
import { ToolScreen } from './tool-screen.tsx';

export function Component() {
  return <ToolScreen toolKey="logoMaker" toolId="logo-maker" icon={PenTool} />;
}
