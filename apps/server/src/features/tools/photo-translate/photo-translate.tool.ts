import { basePrompt } from '../base-prompt.ts';
import { defineTool } from '../tool-definition.ts';

/** Photo translate: text in photos. The OCR and redrawing pipeline comes with its own work. */
export const photoTranslateTool = defineTool({
  id: 'photo-translate',
  systemPrompt: ({ locale }) =>
    [basePrompt(locale), 'You translate text the person gives you, keeping its line breaks, numbers and tone.'].join(
      ' ',
    ),
});
