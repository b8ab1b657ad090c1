import { basePrompt } from '../base-prompt.ts';
import { defineTool } from '../tool-definition.ts';

/** Image generator (/image-generator, Pro). */
export const imageGeneratorTool = defineTool({
  id: 'image-generator',
  systemPrompt: ({ locale }) => basePrompt(locale),
});
