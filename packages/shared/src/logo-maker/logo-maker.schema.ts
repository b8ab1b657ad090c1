import { z } from 'zod';
import { oneLineText } from '../app/text.ts';
import { VALIDATION_MESSAGES } from '../auth/validation-messages.ts';
import { clientIdSchema } from '../chat/chat-request.schema.ts';

/**
 * The logo maker's contract (spec §1 "Logo maker: graphic logo or text logo"): the brief the page
 * sends with every message (toolInput), what the chat model fills in when it calls the logo
 * functions, and the bundled fonts text logos are set in.
 */

/** A graphic logo is drawn by an image model; a text logo is set in type and rendered by the app. */
export const LOGO_MODES = ['graphic', 'text'] as const;
export type LogoMode = (typeof LOGO_MODES)[number];

export const LOGO_STYLES = [
  'minimal',
  'geometric',
  'mascot',
  'emblem',
  'vintage',
  'hand-drawn',
  'modern',
  'playful',
  'luxury',
] as const;
export type LogoStyle = (typeof LOGO_STYLES)[number];

export const LOGO_BRAND_MAX = 40;
export const LOGO_TAGLINE_MAX = 60;
export const LOGO_INDUSTRY_MAX = 60;
/** Colours a brief may name (the first is the main colour). */
export const LOGO_COLOURS_MAX = 3;

/** A colour as the palette picker gives it: `#rrggbb`, lower case. */
export const hexColourSchema = z
  .string()
  .regex(/^#[0-9a-f]{6}$/i)
  .transform((v) => v.toLowerCase());

/** Palettes the page offers (the person may also pick colours one by one). */
export const LOGO_PALETTES = {
  ocean: ['#0b3c5d', '#328cc1', '#d9b310'],
  sunset: ['#c0392b', '#f39c12', '#2c3e50'],
  forest: ['#1e5631', '#a4de02', '#4c9a2a'],
  mono: ['#111111', '#6b7280', '#d1d5db'],
  royal: ['#3b1f6b', '#c9a227', '#7c3aed'],
  candy: ['#e84393', '#6c5ce7', '#00b894'],
  earth: ['#6b4226', '#d4a373', '#386641'],
  coral: ['#ff6f61', '#2a9d8f', '#264653'],
} as const satisfies Record<string, readonly string[]>;
export type LogoPaletteId = keyof typeof LOGO_PALETTES;

const optionalLine = (max: number) =>
  oneLineText()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));

/**
 * The letters a text logo's fonts draw: Latin (Turkish included), Cyrillic and Greek, as well as
 * digits and punctuation. Other scripts (Arabic, Hebrew, CJK…) need a graphic logo.
 */
const DRAWABLE = /^[\P{L}\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}]*$/u;

export function textLogoCanDraw(text: string): boolean {
  return DRAWABLE.test(text);
}

export const TEXT_LOGO_SCRIPT_MESSAGE =
  'Text logos are drawn in Latin, Cyrillic and Greek letters: choose Graphic logo for this name.';

/** The page's brief (toolInput): checked the same on the page and on the server. */
export const logoMakerInputSchema = z
  .object({
    mode: z.enum(LOGO_MODES).default('graphic'),
    brandName: oneLineText({ error: VALIDATION_MESSAGES.required })
      .trim()
      .min(1, VALIDATION_MESSAGES.required)
      .max(LOGO_BRAND_MAX),
    tagline: optionalLine(LOGO_TAGLINE_MAX),
    industry: optionalLine(LOGO_INDUSTRY_MAX),
    style: z.enum(LOGO_STYLES).optional(),
    colours: z.array(hexColourSchema).min(1).max(LOGO_COLOURS_MAX).optional(),
    /** "Refine this one": the person's logo image the next request continues from. */
    refineImageId: clientIdSchema.optional(),
  })
  .strict()
  .superRefine((brief, ctx) => {
    if (brief.mode !== 'text') return;
    for (const path of ['brandName', 'tagline'] as const) {
      const text = brief[path];
      if (text && !textLogoCanDraw(text))
        ctx.addIssue({ code: 'custom', path: [path], message: TEXT_LOGO_SCRIPT_MESSAGE });
    }
  });
export type LogoMakerInput = z.infer<typeof logoMakerInputSchema>;
export type LogoMakerInputDraft = z.input<typeof logoMakerInputSchema>;

// --- Graphic logos ---------------------------------------------------------------------------------

/** Candidates one graphic request makes, and a refinement of a chosen one. */
export const LOGO_CANDIDATES = 4;
export const LOGO_REFINEMENTS = 2;

export const GENERATE_LOGO_FUNCTION = 'generate_logo';

/** What the chat model fills in: the picture, described; the brief is added by the server's template. */
export const generateLogoArgsSchema = z.object({
  prompt: z.string().trim().min(1).max(2000),
});

// --- Text logos ------------------------------------------------------------------------------------

/**
 * The open-licence (SIL OFL) fonts text logos are set in, shipped with the app and checked to have
 * the Turkish letters. `tagline` marks the ones that read well small.
 */
export const LOGO_FONTS = {
  montserrat: { family: 'Montserrat', weight: 800, kind: 'sans', tagline: false },
  'montserrat-medium': { family: 'Montserrat', weight: 500, kind: 'sans', tagline: true },
  'space-grotesk': { family: 'Space Grotesk', weight: 700, kind: 'sans', tagline: true },
  raleway: { family: 'Raleway', weight: 700, kind: 'sans', tagline: true },
  oswald: { family: 'Oswald', weight: 600, kind: 'condensed', tagline: true },
  'bebas-neue': { family: 'Bebas Neue', weight: 400, kind: 'condensed', tagline: false },
  'playfair-display': { family: 'Playfair Display', weight: 700, kind: 'serif', tagline: false },
  'dm-serif-display': { family: 'DM Serif Display', weight: 400, kind: 'serif', tagline: false },
  cinzel: { family: 'Cinzel', weight: 700, kind: 'serif', tagline: true },
  pacifico: { family: 'Pacifico', weight: 400, kind: 'script', tagline: false },
  caveat: { family: 'Caveat', weight: 700, kind: 'hand', tagline: false },
  righteous: { family: 'Righteous', weight: 400, kind: 'display', tagline: false },
  comfortaa: { family: 'Comfortaa', weight: 700, kind: 'rounded', tagline: true },
} as const;
export type LogoFontId = keyof typeof LOGO_FONTS;
export const LOGO_FONT_IDS = Object.keys(LOGO_FONTS) as [LogoFontId, ...LogoFontId[]];

/** wordmark: the name; lettermark: initials (the name small under them); stacked: one word a line; emblem: a mark beside the name. */
export const TEXT_LOGO_LAYOUTS = ['wordmark', 'lettermark', 'stacked', 'emblem'] as const;
export type TextLogoLayout = (typeof TEXT_LOGO_LAYOUTS)[number];
/** The simple geometric marks a lettermark or emblem may sit in. */
export const TEXT_LOGO_MARKS = ['circle', 'square', 'hexagon', 'diamond', 'ring'] as const;
export type TextLogoMark = (typeof TEXT_LOGO_MARKS)[number];

/** One text logo, as the model chooses it; brand, tagline and colours come from the brief. */
export const textLogoDesignSchema = z
  .object({
    layout: z.enum(TEXT_LOGO_LAYOUTS),
    font: z.enum(LOGO_FONT_IDS),
    taglineFont: z.enum(LOGO_FONT_IDS).optional(),
    letterCase: z.enum(['as-typed', 'upper', 'lower']).default('as-typed'),
    letterSpacing: z.enum(['tight', 'normal', 'wide']).default('normal'),
    mark: z.enum(TEXT_LOGO_MARKS).optional(),
  })
  .strict();
export type TextLogoDesign = z.infer<typeof textLogoDesignSchema>;

export const TEXT_LOGOS_MAX = 4;
export const MAKE_TEXT_LOGO_FUNCTION = 'make_text_logo';

export const makeTextLogoArgsSchema = z.object({
  designs: z.array(textLogoDesignSchema).min(1).max(TEXT_LOGOS_MAX),
});
export type MakeTextLogoArgs = z.infer<typeof makeTextLogoArgsSchema>;

/** Text logos are drawn on this canvas (3:2); the PNGs are this size. */
export const TEXT_LOGO_WIDTH = 1536;
export const TEXT_LOGO_HEIGHT = 1024;
/** The image "model" of text logos: rendered by the app, no image model involved. */
export const TEXT_LOGO_MODEL_ID = 'text-logo';
