import { defineTool } from '../../chat/index.ts';
import { prepareDocumentTurn } from '../../documents/index.ts';
import { basePrompt } from '../base-prompt.ts';

/**
 * AI Chat (/web-main): a general assistant with no functions. PDFs attached to its chat (ask PDF,
 * Pro) are read by the server and handed to the model with each turn, whole or as their best passages.
 */
export const webMainTool = defineTool({
  id: 'web-main',
  systemPrompt: ({ locale }) => basePrompt(locale),
  documents: true,
  prepare: prepareDocumentTurn,
});
