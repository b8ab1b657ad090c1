/**
 * Chat tool settings keyed by tool id: the first path segment of the URL (spec §3).
 * Each tool remembers which provider (llmName) and model (modelName) it talks to.
 */
export const CHAT_TOOL_IDS = [
  'web-main',
  'image-generator',
  'photo-translate',
  'horoscope',
  'logo-maker',
  'tattoo-generator',
  'web-search',
  // Chats held inside WhatsApp (a linked number's messages); their page on the web is /whatsapp/<id>.
  'whatsapp',
] as const;
export type ChatToolId = (typeof CHAT_TOOL_IDS)[number];

export type ChatToolSetting = { llmName: string; modelName: string };

const openAiMini: ChatToolSetting = { llmName: 'openaitest', modelName: 'gpt-4o-mini' };

/** The spec's defaults; photo-translate is not named there and follows web-main. */
export const DEFAULT_CHAT_TOOL_SETTINGS: Record<ChatToolId, ChatToolSetting> = {
  'web-main': openAiMini,
  'image-generator': openAiMini,
  'photo-translate': openAiMini,
  horoscope: openAiMini,
  'logo-maker': openAiMini,
  'tattoo-generator': openAiMini,
  'web-search': { llmName: 'openaitest', modelName: 'gpt-4.1' },
  // Not chosen in the browser: a WhatsApp chat uses the model stored with the linked number.
  whatsapp: openAiMini,
};

/**
 * Tools only Pro may use (spec §1 and §6: the image generator and ask PDF are Pro's "advanced
 * tools"); every other tool is open to free users within their daily messages.
 */
export const PRO_TOOL_IDS: readonly ChatToolId[] = ['image-generator'];

export function toolRequiresPro(toolId: ChatToolId): boolean {
  return PRO_TOOL_IDS.includes(toolId);
}

/** The tool id for a pathname: its first segment, or web-main for anything unknown. */
export function toolIdFromPath(pathname: string): ChatToolId {
  const first = pathname.split('/').filter(Boolean)[0] ?? '';
  return (CHAT_TOOL_IDS as readonly string[]).includes(first) ? (first as ChatToolId) : 'web-main';
}
