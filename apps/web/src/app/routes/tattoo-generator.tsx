import { Feather } from 'lucide-react';
import { ToolScreen } from './tool-screen.tsx';

export function Component() {
  return <ToolScreen toolKey="tattooGenerator" toolId="tattoo-generator" icon={Feather} />;
}
