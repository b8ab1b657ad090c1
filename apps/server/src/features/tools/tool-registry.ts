import { CHAT_TOOL_IDS, type ChatToolId } from '@polymath/shared';
import type { ToolDefinition, ToolRegistry, ToolRoute } from '../chat/index.ts';
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
 * It also gathers what the tools contribute to the platform: their kinds of image, HTTP routes and
 * jobs, and their files to delete with an account.
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
  const routes = toolRoutes([...byId.values()]);
  return {
    imageKinds,
    routes,
    jobs: (deps) => [...byId.values()].flatMap((definition) => definition.jobs?.(deps) ?? []),
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

/**
 * Every tool's routes, refused at boot when a path is not under /api/ or is claimed twice: by two
 * tools, or one inside another's (which of the two answered would depend on the order of mounting).
 */
function toolRoutes(definitions: ToolDefinition<unknown>[]): ToolRoute[] {
  const owners = new Map<string, ChatToolId>();
  const routes: ToolRoute[] = [];
  for (const definition of definitions) {
    for (const route of definition.routes ?? []) {
      if (!/^\/api\/[a-z0-9-]+(\/[a-z0-9-]+)*$/.test(route.path)) {
        throw new Error(`tool ${definition.id}: route path ${route.path} is not a plain path under /api/`);
      }
      for (const [path, owner] of owners) {
        if (path === route.path || path.startsWith(`${route.path}/`) || route.path.startsWith(`${path}/`)) {
          throw new Error(`tool ${definition.id}: route ${route.path} clashes with ${path} of tool ${owner}`);
        }
      }
      owners.set(route.path, definition.id);
      routes.push(route);
    }
  }
  return routes;
}
