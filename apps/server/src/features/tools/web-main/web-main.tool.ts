import { prepareDocumentTurn } from '../../documents/document-turn.ts';
import { basePrompt } from '../base-prompt.ts';
import { defineTool } from '../tool-definition.ts';

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
