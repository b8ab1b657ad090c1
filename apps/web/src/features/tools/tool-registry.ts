import { type ChatToolId, threadPagePath, toolRequiresPro } from '@polymath/shared';
import {
  Feather,
  Globe,
  ImageIcon,
  Languages,
  type LucideIcon,
  MessageCircle,
  MessageSquare,
  PenTool,
  Sparkles,
} from 'lucide-react';
import type { ComponentType } from 'react';
import { toolTextsKey } from '../../lib/i18n/tool-texts.ts';

/**
 * The web's tools, one line each, in the sidebar's order. A line holds only what the first screen
 * shows (the sidebar's icon and title); everything else a tool is — its inputs above the message box,
 * how its answers' function calls look, when it may send — is its folder's `tool.tsx`, a chunk of its
 * own that `load` fetches when its page opens (B7). The router turns every line with a `load` into
 * the tool's routes; its path, sub-path and Pro come from the shared catalogue.
 */
export type RegisteredTool = {
  id: ChatToolId;
  /** Its texts in the `tools` namespace (title, description, examples): toolTextsKey of its id. */
  key: string;
  icon: LucideIcon;
  /** Its page, `features/tools/<id>/tool.tsx`; none where the router writes the page itself (AI Chat, WhatsApp). */
  load?: (() => Promise<{ Component: ComponentType }>) | undefined;
  /** No entry in the sidebar; its threads still show in the history with its icon. */
  nav?: false | undefined;
  /** Its page (threadPagePath) and whether only Pro may use it: the catalogue's. */
  path: string;
  pro: boolean;
};

/** A tool's line; its page's path and whether it is Pro are the shared catalogue's. */
export function toolLine(id: ChatToolId, icon: LucideIcon, load?: RegisteredTool['load'], nav?: false): RegisteredTool {
  return { id, key: toolTextsKey(id), icon, load, nav, path: threadPagePath(id), pro: toolRequiresPro(id) };
}

export const TOOL_REGISTRY: RegisteredTool[] = [
  // The first screen's page: part of the boot chunk, so its route is the router's own.
  toolLine('web-main', MessageSquare),
  toolLine('image-generator', ImageIcon, () => import('./image-generator/tool.tsx')),
  toolLine('photo-translate', Languages, () => import('./photo-translate/tool.tsx')),
  toolLine('horoscope', Sparkles, () => import('./horoscope/tool.tsx')),
  toolLine('tattoo-generator', Feather, () => import('./tattoo-generator/tool.tsx')),
  toolLine('logo-maker', PenTool, () => import('./logo-maker/tool.tsx')),
  toolLine('web-search', Globe, () => import('./web-search/tool.tsx')),
  // Opened from the header's WhatsApp button; its chats are written in WhatsApp and only read here.
  toolLine('whatsapp', MessageCircle, undefined, false),
];
