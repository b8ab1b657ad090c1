import type { ChatToolId } from '@polymath/shared';

/**
 * Where a tool's texts are in the `tools` namespace (title, description, examples): its catalogue id
 * in camelCase (`imageGenerator` for image-generator); AI Chat's are `chat`.
 */
export function toolTextsKey(id: ChatToolId): string {
  return id === 'web-main' ? 'chat' : id.replace(/-(.)/g, (_, letter: string) => letter.toUpperCase());
}
