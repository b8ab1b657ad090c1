import { defineTool } from '../../chat/index.ts';
import { assistantIntro } from '../base-prompt.ts';

/**
 * Chat inside WhatsApp: AI Chat on a phone. Its turns come from WhatsApp messages (features/whatsapp),
 * never from a web page; the answer is turned into WhatsApp's formatting and sent in messages of at
 * most 4,096 characters, so the prompt asks for what reads well there.
 */
export const whatsappTool = defineTool({
  id: 'whatsapp',
  systemPrompt: ({ locale }) =>
    [
      assistantIntro(locale),
      'The person is chatting with you inside WhatsApp on their phone.',
      'Keep answers short and easy to read on a small screen: short paragraphs and simple lists.',
      'Use **bold** sparingly and code blocks only for code; no tables, headings, LaTeX or images.',
      'If they want a fresh start, they can send /new.',
    ].join(' '),
});
