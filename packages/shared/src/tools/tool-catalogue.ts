/**
 * Every tool of the product, one entry each: the one list from which the tool ids, the Pro tools,
 * the default models, the thread pages and the client routes are derived (server and web alike).
 * A tool is a product page with its chat; its id is the first segment of its path (spec §3).
 * Per-tool schemas live beside this folder under the tool's name (`shared/src/<tool>/`).
 */
export type ChatToolSetting = { llmName: string; modelName: string };

export type ToolCatalogueEntry = {
  /** The first path segment of its pages. */
  id: string;
  /**
   * Only Pro may use it (spec §1 and §6: the image generator and ask PDF are Pro's "advanced tools").
   * Chat inside WhatsApp is Pro too, but that is decided when a number is linked (features/whatsapp):
   * its turns follow the account's plan like any chat (decision 015), so its entry is not Pro.
   */
  pro?: true;
  /**
   * Its answers make pictures: the gallery lists them and filters by it. `'fromPhoto'`: only from a
   * photo the person brings (photo translate), so the gallery's filter lists it after the tools that
   * make pictures from words and an empty gallery, which suggests ways to make something, leaves it out.
   */
  makesImages?: true | 'fromPhoto';
  /** The spec's default provider and model for the tool's chat, when not gpt-4o-mini (the spec's usual one). */
  defaultModel?: ChatToolSetting;
  /**
   * Its pages carry a sub-path before the thread id (/horoscope/<type>/<id>); this is the value a
   * thread whose value is not known yet opens under.
   */
  subPath?: string;
};

const openAiMini: ChatToolSetting = { llmName: 'openaitest', modelName: 'gpt-4o-mini' };

export const TOOL_CATALOGUE = [
  { id: 'web-main' },
  { id: 'image-generator', pro: true, makesImages: true },
  // Not named in the spec's defaults: follows web-main.
  { id: 'photo-translate', makesImages: 'fromPhoto' },
  {
    id: 'horoscope',
    subPath: 'daily',
  },
  {
    id: 'logo-maker',
    makesImages: true,
  },
  {
    id: 'tattoo-generator',
    makesImages: true,
  },
  {
    id: 'web-search',
    defaultModel: { llmName: 'openaitest', modelName: 'gpt-4.1' },
  },
  // Chats held inside WhatsApp (a linked number's messages); their page on the web is /whatsapp/<id>.
  // Not chosen in the browser: a WhatsApp chat uses the model stored with the linked number.
  { id: 'whatsapp' },
] as const satisfies readonly ToolCatalogueEntry[];

export type ChatToolId = (typeof TOOL_CATALOGUE)[number]['id'];
export type ToolOf<Id extends ChatToolId> = Extract<(typeof TOOL_CATALOGUE)[number], { id: Id }>;

/** Every tool id, in the catalogue's order (for z.enum and the server's check at boot). */
export const CHAT_TOOL_IDS = TOOL_CATALOGUE.map((tool) => tool.id) as [ChatToolId, ...ChatToolId[]];

/** Tools only Pro may use: the catalogue's `pro`. */
export const PRO_TOOL_IDS: readonly ChatToolId[] = /* @__PURE__ */ TOOL_CATALOGUE.filter((tool) => 'pro' in tool).map(
  (tool) => tool.id,
);

export type ImageToolId = Extract<(typeof TOOL_CATALOGUE)[number], { makesImages: unknown }>['id'];

/** The tools whose answers make pictures, in the catalogue's order (the gallery lists and filters them). */
export const IMAGE_TOOL_IDS = /* @__PURE__ */ TOOL_CATALOGUE.filter((tool) => 'makesImages' in tool).map(
  (tool) => tool.id,
) as ImageToolId[];

/** The spec's default model of every tool. */
export const DEFAULT_CHAT_TOOL_SETTINGS = Object.fromEntries(
  TOOL_CATALOGUE.map((tool) => [tool.id, 'defaultModel' in tool ? tool.defaultModel : openAiMini]),
) as Record<ChatToolId, ChatToolSetting>;

/** The catalogue's entry of a tool. */
export function toolEntry(toolId: ChatToolId): ToolCatalogueEntry {
  return TOOL_CATALOGUE.find((tool) => tool.id === toolId) as ToolCatalogueEntry;
}

export function isChatToolId(value: string): value is ChatToolId {
  return CHAT_TOOL_IDS.includes(value as ChatToolId);
}

export function toolRequiresPro(toolId: ChatToolId): boolean {
  return toolEntry(toolId).pro === true;
}

/** The tool id for a pathname: its first segment, or web-main for anything unknown. */
export function toolIdFromPath(pathname: string): ChatToolId {
  const first = pathname.split('/').filter(Boolean)[0] ?? '';
  return isChatToolId(first) ? first : 'web-main';
}
