import { basePrompt } from '../base-prompt.ts';
import { defineTool } from '../tool-definition.ts';

/** AI Chat (/web-main): a general assistant with no functions. */
export const webMainTool = defineTool({
  id: 'web-main',
  systemPrompt: ({ locale }) => basePrompt(locale),
});
