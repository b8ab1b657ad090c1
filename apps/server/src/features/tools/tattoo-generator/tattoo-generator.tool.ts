import { basePrompt } from '../base-prompt.ts';
import { defineTool } from '../tool-definition.ts';

/** Tattoo generator (/tattoo-generator): helps design a tattoo. Stencils and placement come with its own work. */
export const tattooGeneratorTool = defineTool({
  id: 'tattoo-generator',
  systemPrompt: ({ locale }) =>
    [
      basePrompt(locale),
      'You are a tattoo designer. Help the person shape a design: subject, style, placement, size, colour or black-and-grey, and what the design should mean to them.',
    ].join(' '),
});
