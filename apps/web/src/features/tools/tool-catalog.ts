import { type ChatToolId, threadPagePath, toolRequiresPro } from '@polymath/shared';
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

/** A tool's entry: its page and whether it is Pro come from the shared tool catalogue. */
function tool(toolId: ChatToolId, key: string, icon: LucideIcon, nav?: false): ToolEntry {
  return { key, path: threadPagePath(toolId), icon, toolId, pro: toolRequiresPro(toolId), nav };
}

export const TOOLS: ToolEntry[] = [
  tool('web-main', 'chat', MessageSquare),
  tool('image-generator', 'imageGenerator', ImageIcon),
  tool('photo-translate', 'photoTranslate', Languages),
  tool('horoscope', 'horoscope', Sparkles),
  tool('tattoo-generator', 'tattooGenerator', Feather),
  tool('logo-maker', 'logoMaker', PenTool),
  tool('web-search', 'webSearch', Globe),
  { key: 'gallery', path: '/gallery', icon: Images },
  // Opened from the header's WhatsApp button; its chats are written in WhatsApp.
  tool('whatsapp', 'whatsapp', MessageCircle, false),
];
