import { basePrompt } from '../base-prompt.ts';
import { defineTool } from '../tool-definition.ts';

/** Horoscope (/horoscope): readings by type. The sky facts and the per-type inputs come with its own work. */
export const horoscopeTool = defineTool({
  id: 'horoscope',
  systemPrompt: ({ locale }) =>
    [
      basePrompt(locale),
      'You write horoscope readings. Keep them warm, concrete and short, and say once that horoscopes are for entertainment.',
    ].join(' '),
});
