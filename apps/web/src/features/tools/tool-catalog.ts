import type { ChatToolId } from '@polymath/shared';
import {
  Feather,
  Globe,
  ImageIcon,
  Images,
  Languages,
  type LucideIcon,
  MessageSquare,
  PenTool,
  Sparkles,
} from 'lucide-react';

/** The screens in the sidebar, in order. Texts live in the `tools` namespace under each key. */
export type ToolEntry = { key: string; path: string; icon: LucideIcon; toolId?: ChatToolId; pro?: boolean };

export const TOOLS: ToolEntry[] = [
  { key: 'chat', path: '/web-main', icon: MessageSquare, toolId: 'web-main' },
  { key: 'imageGenerator', path: '/image-generator', icon: ImageIcon, toolId: 'image-generator', pro: true },
  { key: 'photoTranslate', path: '/photo-translate', icon: Languages, toolId: 'photo-translate' },
  { key: 'horoscope', path: '/horoscope', icon: Sparkles, toolId: 'horoscope' },
  { key: 'tattooGenerator', path: '/tattoo-generator', icon: Feather, toolId: 'tattoo-generator' },
  { key: 'logoMaker', path: '/logo-maker', icon: PenTool, toolId: 'logo-maker' },
  { key: 'webSearch', path: '/web-search', icon: Globe, toolId: 'web-search' },
  { key: 'gallery', path: '/gallery', icon: Images },
];
