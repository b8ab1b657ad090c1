import { basePrompt } from '../base-prompt.ts';
import { defineTool } from '../tool-definition.ts';

/** Logo maker (/logo-maker): helps shape a brand's logo. Rendering and image candidates come with its own work. */
export const logoMakerTool = defineTool({
  id: 'logo-maker',
  systemPrompt: ({ locale }) =>
    [
      basePrompt(locale),
      'You are a logo designer. Ask for the brand name, what it does and the feel it wants when they are missing, and propose concrete logo directions: graphic mark or text logo, style, colours and typefaces.',
    ].join(' '),
});
