import type { ChatToolId } from '@polymath/shared';
import {
  Feather,
  Globe,
  ImageIcon,
  Images,
  Languages,
  type LucideIcon,
  MessageCircle,
  MessageSquare,
  PenTool,
  Sparkles,
} from 'lucide-react';

/**
 * The screens in the sidebar, in order. Texts live in the `tools` namespace under each key. A tool
 * with `nav: false` has no entry of its own, but its threads show in the history with its icon.
 */
export type ToolEntry = {
  key: string;
  path: string;
  icon: LucideIcon;
  toolId?: ChatToolId;
  pro?: boolean;
  nav?: false;
};

export const TOOLS: ToolEntry[] = [
  { key: 'chat', path: '/web-main', icon: MessageSquare, toolId: 'web-main' },
  { key: 'imageGenerator', path: '/image-generator', icon: ImageIcon, toolId: 'image-generator', pro: true },
  { key: 'photoTranslate', path: '/photo-translate', icon: Languages, toolId: 'photo-translate' },
  { key: 'horoscope', path: '/horoscope', icon: Sparkles, toolId: 'horoscope' },
  { key: 'tattooGenerator', path: '/tattoo-generator', icon: Feather, toolId: 'tattoo-generator' },
  { key: 'logoMaker', path: '/logo-maker', icon: PenTool, toolId: 'logo-maker' },
  { key: 'webSearch', path: '/web-search', icon: Globe, toolId: 'web-search' },
  { key: 'gallery', path: '/gallery', icon: Images },
  // Opened from the header's WhatsApp button; its chats are written in WhatsApp.
  { key: 'whatsapp', path: '/whatsapp', icon: MessageCircle, toolId: 'whatsapp', pro: true, nav: false },
];
