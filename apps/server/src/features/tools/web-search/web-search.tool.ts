import { basePrompt } from '../base-prompt.ts';
import { defineTool } from '../tool-definition.ts';

/** Web search: answers with sources. Search providers and page reading come with its own work. */
export const webSearchTool = defineTool({
  id: 'web-search',
  systemPrompt: ({ locale }) =>
    [
      basePrompt(locale),
      'You help people research questions. Without search results, say plainly that you cannot browse and answer from what you know, noting it may be out of date.',
    ].join(' '),
});
