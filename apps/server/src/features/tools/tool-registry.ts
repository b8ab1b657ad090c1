import { CHAT_TOOL_IDS, type ChatToolId } from '@polymath/shared';
import type { ToolDefinition, ToolRegistry } from '../chat/index.ts';
import { createImageKindRegistry } from '../images/index.ts';
import { horoscopeTool } from './horoscope/horoscope.tool.ts';
import { imageGeneratorTool } from './image-generator/image-generator.tool.ts';
import { logoMakerTool } from './logo-maker/logo-maker.tool.ts';
import { photoTranslateTool } from './photo-translate/photo-translate.tool.ts';
import { tattooGeneratorTool } from './tattoo-generator/tattoo-generator.tool.ts';
import { webMainTool } from './web-main/web-main.tool.ts';
import { webSearchTool } from './web-search/web-search.tool.ts';
import { whatsappTool } from './whatsapp/whatsapp.tool.ts';

/** Every tool of the product: a line each. */
// biome-ignore lint/suspicious/noExplicitAny: each definition keeps its own input type; the registry only routes by id
export const TOOLS: ToolDefinition<any>[] = [
  webMainTool,
  imageGeneratorTool,
  photoTranslateTool,
  horoscopeTool,
  logoMakerTool,
  tattooGeneratorTool,
  webSearchTool,
  whatsappTool,
];

/**
 * The registry by tool id; every tool id of the shared contract must have exactly one definition.
 * It also gathers what the tools contribute to the platform: their kinds of image.
 */
export function createToolRegistry(definitions: ToolDefinition<unknown>[] = TOOLS): ToolRegistry {
  const byId = new Map<ChatToolId, ToolDefinition<unknown>>();
  for (const definition of definitions) {
    if (byId.has(definition.id)) throw new Error(`tool ${definition.id} is defined twice`);
    byId.set(definition.id, definition);
  }
  const missing = CHAT_TOOL_IDS.filter((id) => !byId.has(id));
  if (missing.length) throw new Error(`tools without a definition: ${missing.join(', ')}`);
  const imageKinds = createImageKindRegistry([...byId.values()].flatMap((definition) => definition.imageKinds ?? []));
  return {
    imageKinds,
    async deleteUserFiles(files, userId) {
      for (const definition of byId.values()) await definition.deleteUserFiles?.(files, userId);
    },
    get(id) {
      const definition = byId.get(id);
      if (!definition) throw new Error(`unknown tool ${id}`);
      return definition;
    },
  };
}
