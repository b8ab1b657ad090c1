import {
  GENERATE_LOGO_FUNCTION,
  LOGO_FONT_IDS,
  LOGO_FONTS,
  type LogoMakerInput,
  type LogoStyle,
  MAKE_TEXT_LOGO_FUNCTION,
  TEXT_LOGO_LAYOUTS,
  TEXT_LOGO_MARKS,
} from '@polymath/shared';

/**
 * The logo maker's prompt templates, per mode and style: the system prompt the chat model works
 * under, and the image prompt the server wraps around what the model wrote for a graphic logo (so
 * the brief, the style and the "plain white background, no mockup" rules are always there,
 * whatever the model forgot). Pure.
 */

/** What each style asks the image model for. */
export const LOGO_STYLE_WORDS: Record<LogoStyle, string> = {
  minimal: 'minimal and clean: one simple symbol, generous negative space, at most two flat colours',
  geometric: 'geometric: built from circles, lines and polygons on a grid, precise and balanced',
  mascot: 'a friendly mascot character: bold outlines, expressive, simple flat shading',
  emblem: 'an emblem or badge: the name inside a crest, seal or roundel, symmetrical',
  vintage: 'vintage: retro badge or label feel, classic serif or script lettering, muted inks',
  'hand-drawn': 'hand-drawn: organic ink or brush strokes, slightly imperfect, crafted feel',
  modern: 'modern and bold: strong sans-serif lettering, confident shapes, high contrast',
  playful: 'playful: rounded shapes, cheerful colours, lively and fun',
  luxury: 'luxury: refined, elegant thin lines or serif lettering, restrained palette, premium feel',
};

function brief(input: LogoMakerInput | undefined): string {
  if (!input) return 'No brief was given.';
  return [
    `Brand name: "${input.brandName}".`,
    input.tagline ? `Tagline: "${input.tagline}".` : 'No tagline.',
    input.industry ? `Industry: ${input.industry}.` : undefined,
    input.style ? `Style: ${input.style}.` : 'Style: open.',
    input.colours ? `Colours (main first): ${input.colours.join(', ')}.` : 'Colours: open.',
  ]
    .filter(Boolean)
    .join(' ');
}

/** The image prompt of a graphic logo: the model's description inside the brief's rules. */
export function logoImagePrompt(description: string, input: LogoMakerInput): string {
  const lettering = input.tagline
    ? `the brand name "${input.brandName}" and the tagline "${input.tagline}", spelled exactly`
    : `the brand name "${input.brandName}", spelled exactly`;
  return [
    `A professional logo for the brand "${input.brandName}"${input.industry ? `, a ${input.industry} business` : ''}.`,
    description,
    input.style ? `Style: ${LOGO_STYLE_WORDS[input.style]}.` : undefined,
    input.colours ? `Use only these colours: ${input.colours.join(', ')}, as flat fills.` : undefined,
    `Lettering: ${lettering}; no other words.`,
    'One logo, centred, on a plain white background, vector-like with crisp edges and flat colours; no mockup, no photo, no shadows, no frame around the canvas.',
  ]
    .filter(Boolean)
    .join('\n');
}

/** How a refinement asks the image model to change the chosen logo. */
export function logoRefinePrompt(description: string, input: LogoMakerInput): string {
  return [
    `Refine this logo for the brand "${input.brandName}". Keep what works and change only this: ${description}`,
    input.colours ? `Colours: ${input.colours.join(', ')}.` : undefined,
    'Keep it one centred logo on a plain white background, crisp and flat; the lettering spelled exactly.',
  ]
    .filter(Boolean)
    .join('\n');
}

const FONT_LIST = LOGO_FONT_IDS.map((id) => `${id} (${LOGO_FONTS[id].family}, ${LOGO_FONTS[id].kind})`).join(', ');

/** The system prompt's tool-specific part, for the brief's mode. */
export function logoInstructions(input: LogoMakerInput | undefined): string {
  const refine = input?.refineImageId
    ? `The person chose the earlier logo image ${input.refineImageId} to refine: find it among the results above and continue from it, changing what their message asks.`
    : undefined;
  if (input?.mode === 'text') {
    return [
      `You design text logos: type only, set and rendered by the app with the ${MAKE_TEXT_LOGO_FUNCTION} function. The brand name, tagline and colours come from the brief; you choose the designs.`,
      `Call ${MAKE_TEXT_LOGO_FUNCTION} once with 4 different designs unless the person asks for fewer: vary the layout (${TEXT_LOGO_LAYOUTS.join(', ')}), pair a display font with a quieter tagline font, and use marks (${TEXT_LOGO_MARKS.join(', ')}) where they suit.`,
      `Fonts: ${FONT_LIST}. Script and hand fonts read best as typed, not in capitals.`,
      "The images of a call come back in the order of its designs. Match the style and the brand's industry.",
      refine,
      `Then say in one or two short sentences what each direction is, in the person's language. Never write image links or Markdown images.`,
    ]
      .filter(Boolean)
      .join(' ');
  }
  return [
    `You design graphic logos with the ${GENERATE_LOGO_FUNCTION} function, which makes candidates with an image model.`,
    `Write one image description in English for the symbol and composition (what the mark depicts, shapes, how the name sits with it); the server adds the brief, the style and the background rules.`,
    refine,
    `Call ${GENERATE_LOGO_FUNCTION} once per request, then answer in one or two short sentences in the person's language: the idea, and that the candidates appear with this answer and in the Gallery. Never write image links or Markdown images.`,
    'If the function answers an error, say plainly what happened and what they can do.',
  ]
    .filter(Boolean)
    .join(' ');
}

export function logoBrief(input: LogoMakerInput | undefined): string {
  return `The brief from the page: ${brief(input)}`;
}
