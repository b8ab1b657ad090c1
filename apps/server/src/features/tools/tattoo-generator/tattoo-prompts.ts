import {
  GENERATE_TATTOO_FUNCTION,
  type ImageAspectRatio,
  type TattooColour,
  type TattooGeneratorInput,
  type TattooPlacement,
  type TattooStyle,
} from '@polymath/shared';

/**
 * The tattoo generator's prompt templates per style and placement: the stencil on white (printable)
 * and the design placed on the person's photo. The chat model writes the design; these wrap it in
 * the rules a tattoo artist's brief would have. Pure.
 */

export const TATTOO_STYLE_WORDS: Record<TattooStyle, string> = {
  'fine-line': 'fine-line tattoo: thin single-needle lines, delicate detail, little or no shading',
  traditional: 'American traditional tattoo: bold black outlines, limited palette, solid fills',
  'neo-traditional': 'neo-traditional tattoo: bold outlines with varied line weight, rich detail, decorative',
  blackwork: 'blackwork tattoo: solid black areas and strong contrast, graphic',
  watercolour: 'watercolour tattoo: soft washes and splashes behind light linework',
  minimalist: 'minimalist tattoo: a few clean lines, small and simple',
  geometric: 'geometric tattoo: precise lines, sacred geometry, symmetry',
  lettering: 'lettering tattoo: the words as the design, in an elegant script or bold type, spelled exactly',
  realism: 'realistic tattoo: fine shading and depth',
  dotwork: 'dotwork tattoo: shading built from stippled dots',
  japanese: 'Japanese irezumi tattoo: bold outlines, waves, wind bars, traditional motifs',
  tribal: 'tribal tattoo: flowing solid black shapes',
};

const COLOUR_WORDS: Record<TattooColour, string> = {
  'black-and-grey': 'black and grey ink only',
  colour: 'in colour',
};

/** The design's shape for where it goes (and the stencil's aspect ratio). */
const PLACEMENT_SHAPE: Record<TattooPlacement, { words: string; ratio: ImageAspectRatio }> = {
  forearm: { words: 'a long vertical design for the forearm', ratio: '2:3' },
  wrist: { words: 'a small horizontal design for the wrist', ratio: '3:2' },
  'upper-arm': { words: 'a vertical design for the upper arm', ratio: '2:3' },
  shoulder: { words: 'a rounded design for the shoulder', ratio: '1:1' },
  back: { words: 'a large vertical design for the back', ratio: '2:3' },
  chest: { words: 'a wide, symmetrical design for the chest', ratio: '3:2' },
  ribs: { words: 'a tall, slim design for the ribs', ratio: '2:3' },
  hand: { words: 'a compact design for the back of the hand', ratio: '1:1' },
  neck: { words: 'a small design for the neck', ratio: '1:1' },
  thigh: { words: 'a large vertical design for the thigh', ratio: '2:3' },
  calf: { words: 'a vertical design for the calf', ratio: '2:3' },
  ankle: { words: 'a small design for the ankle', ratio: '1:1' },
};

export function stencilRatio(input: TattooGeneratorInput | undefined): ImageAspectRatio {
  return input?.placement ? PLACEMENT_SHAPE[input.placement].ratio : '1:1';
}

function looks(input: TattooGeneratorInput | undefined): string[] {
  return [
    input?.style ? `Style: ${TATTOO_STYLE_WORDS[input.style]}.` : '',
    `${COLOUR_WORDS[input?.colour ?? 'black-and-grey']}.`,
  ].filter(Boolean);
}

/** The stencil: the design alone on white, ready to print and take to an artist. */
export function stencilPrompt(design: string, input: TattooGeneratorInput | undefined): string {
  return [
    `Tattoo stencil design: ${design}`,
    ...looks(input),
    input?.placement ? `Shaped as ${PLACEMENT_SHAPE[input.placement].words}.` : '',
    'The design alone, centred on a plain white background, clean printable linework; no skin, no body, no mockup, no text unless asked.',
  ]
    .filter(Boolean)
    .join('\n');
}

/** The design on the person's photo, inside the area they marked. */
export function placementPrompt(design: string, input: TattooGeneratorInput | undefined): string {
  return [
    `A realistic, healed tattoo on the skin in this photo: ${design}`,
    ...looks(input),
    input?.placement ? `It is on the ${input.placement.replace('-', ' ')}.` : '',
    'Follow the curve, light and texture of the skin; keep the person, the background and everything outside the tattoo unchanged.',
  ]
    .filter(Boolean)
    .join('\n');
}

export function tattooInstructions(input: TattooGeneratorInput | undefined): string {
  const options = [
    input?.style ? `style ${input.style}` : 'style open',
    input?.placement ? `placement ${input.placement}` : 'placement open',
    input?.colour === 'colour' ? 'in colour' : 'black and grey',
    input?.photoId ? 'with a photo of the body part (the design will be placed on it)' : 'no photo (a stencil only)',
  ].join(', ');
  return [
    'You are a tattoo designer.',
    `The options from the page: ${options}.`,
    `When the person describes a tattoo, call ${GENERATE_TATTOO_FUNCTION} once with the design described in English: subject, composition, line work and details; keep any words they want in the tattoo exactly as given. The server adds the style, colour and placement and makes a printable stencil${input?.photoId ? ' and the design placed on their photo' : ''}.`,
    `Then answer in one or two short sentences in the person's language: the idea, and that the results appear with this answer and in the Gallery. Never write image links or Markdown images.`,
    'If the function answers an error, say plainly what happened and what they can do.',
    'If the person only chats or asks a question (care, pain, meaning), answer without calling the function.',
  ].join(' ');
}
