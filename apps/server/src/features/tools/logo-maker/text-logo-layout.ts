import type { Locale, LogoFontId, TextLogoDesign, TextLogoMark } from '@polymath/shared';
import { FALLBACK_FONT_NAME } from './logo-fonts.ts';
import type { LogoPalette } from './text-logo-colours.ts';

/**
 * A text logo's layout as the element tree satori lays out (`{ type, props }` objects, no React):
 * a wordmark, a lettermark, a stacked name or an emblem, on a canvas far larger than any name at
 * these sizes so nothing wraps or clips; the render crops to the ink afterwards. Pure.
 */

/** The layout canvas: wide enough for a 40-letter name at NAME_SIZE on one line. */
export const LAYOUT_WIDTH = 7200;
export const LAYOUT_HEIGHT = 4800;
const NAME_SIZE = 200;

export type TextLogoContent = {
  brandName: string;
  tagline?: string | undefined;
  /** The language case changes follow (Turkish: i → İ, ı → I). */
  locale: Locale;
};

type Node = { type: string; props: Record<string, unknown> & { style?: Record<string, unknown>; children?: unknown } };

const TURKISH_LETTERS = /[ğĞşŞıİ]/;

/** Case changes follow Turkish rules when the name is Turkish by its letters, else the person's language. */
export function caseLocale(text: string, locale: Locale): string {
  return TURKISH_LETTERS.test(text) ? 'tr' : locale;
}

export function applyCase(text: string, letterCase: TextLogoDesign['letterCase'], locale: string): string {
  if (letterCase === 'upper') return text.toLocaleUpperCase(locale);
  if (letterCase === 'lower') return text.toLocaleLowerCase(locale);
  return text;
}

/** Up to three initials, one per word (letters and digits only), in capitals. */
export function initials(name: string, locale: string): string {
  const words = name
    .split(/\s+/)
    .map((w) => w.match(/[\p{L}\p{N}]/u)?.[0] ?? '')
    .filter(Boolean);
  return words.slice(0, 3).join('').toLocaleUpperCase(locale) || name.slice(0, 1);
}

const TRACKING: Record<TextLogoDesign['letterSpacing'], number> = { tight: -0.025, normal: 0, wide: 0.14 };

function text(
  children: string,
  font: LogoFontId,
  size: number,
  colour: string,
  style: Record<string, unknown> = {},
): Node {
  return {
    type: 'div',
    props: {
      style: {
        display: 'flex',
        fontFamily: `${font}, ${FALLBACK_FONT_NAME}`,
        fontSize: size,
        color: colour,
        whiteSpace: 'nowrap',
        lineHeight: 1.15,
        ...style,
      },
      children,
    },
  };
}

function column(children: Node[], style: Record<string, unknown> = {}): Node {
  return {
    type: 'div',
    props: { style: { display: 'flex', flexDirection: 'column', alignItems: 'center', ...style }, children },
  };
}

const HEXAGON = 'polygon(50% 0%, 93.3% 25%, 93.3% 75%, 50% 100%, 6.7% 75%, 6.7% 25%)';

/** A simple geometric mark with letters in it. */
function mark(kind: TextLogoMark, size: number, letters: string, font: LogoFontId, palette: LogoPalette): Node {
  // A diamond is a turned square: its letters sit in an upright box on top of it.
  const side = kind === 'diamond' ? Math.round(size * 0.72) : size;
  const inner = kind === 'diamond' ? side * 0.8 : size;
  const letterSize = inner * (letters.length === 1 ? 0.56 : letters.length === 2 ? 0.42 : 0.32);
  const outline = kind === 'ring';
  const shape: Record<string, unknown> = {
    circle: { borderRadius: '50%', backgroundColor: palette.accent },
    square: { borderRadius: size * 0.18, backgroundColor: palette.accent },
    hexagon: { clipPath: HEXAGON, backgroundColor: palette.accent },
    diamond: { backgroundColor: palette.accent, transform: 'rotate(45deg)', borderRadius: size * 0.08 },
    ring: { borderRadius: '50%', border: `${Math.round(size * 0.06)}px solid ${palette.accent}` },
  }[kind] as Record<string, unknown>;
  const letter = text(letters, font, letterSize, outline ? palette.accent : palette.onAccent, { lineHeight: 1 });
  return {
    type: 'div',
    props: {
      style: {
        display: 'flex',
        width: size,
        height: size,
        alignItems: 'center',
        justifyContent: 'center',
        position: 'relative',
      },
      children: [
        { type: 'div', props: { style: { position: 'absolute', width: side, height: side, ...shape } } },
        // Positioned too, so it is painted over the shape (positioned boxes paint above the flow).
        {
          type: 'div',
          props: {
            style: { display: 'flex', position: 'absolute', inset: 0, alignItems: 'center', justifyContent: 'center' },
            children: [letter],
          },
        },
      ],
    },
  };
}

/** A node with room under it. */
function spaced(node: Node, below: number): Node {
  return { type: 'div', props: { style: { display: 'flex', marginBottom: below }, children: [node] } };
}

/** The tree satori lays out for one design. */
export function textLogoTree(design: TextLogoDesign, content: TextLogoContent, palette: LogoPalette): Node {
  const locale = caseLocale(`${content.brandName} ${content.tagline ?? ''}`, content.locale);
  const name = applyCase(content.brandName, design.letterCase, locale);
  const tracking = TRACKING[design.letterSpacing];
  const taglineFont = design.taglineFont ?? 'montserrat-medium';
  const tagline = content.tagline
    ? text(
        applyCase(content.tagline, design.letterCase === 'upper' ? 'upper' : 'as-typed', locale),
        taglineFont,
        58,
        palette.tagline,
        {
          letterSpacing: 58 * 0.16,
          marginTop: 36,
        },
      )
    : null;
  const nameNode = (size: number, style: Record<string, unknown> = {}) =>
    text(name, design.font, size, palette.ink, { letterSpacing: size * tracking, ...style });
  const withTagline = (nodes: Node[]) => (tagline ? [...nodes, tagline] : nodes);

  let body: Node;
  switch (design.layout) {
    case 'wordmark':
      body = column(withTagline([nameNode(NAME_SIZE)]));
      break;
    case 'lettermark': {
      const letters = initials(content.brandName, locale);
      const head = design.mark
        ? mark(design.mark, 440, letters, design.font, palette)
        : text(letters, design.font, 400, palette.accent, { lineHeight: 1, letterSpacing: 400 * tracking });
      body = column(withTagline([head, nameNode(84, { marginTop: 48, letterSpacing: 84 * Math.max(tracking, 0.12) })]));
      break;
    }
    case 'stacked': {
      const words = name.split(/\s+/).filter(Boolean);
      const lines = words.map((word) =>
        text(word, design.font, NAME_SIZE, palette.ink, { lineHeight: 1.05, letterSpacing: NAME_SIZE * tracking }),
      );
      const head = design.mark
        ? [spaced(mark(design.mark, 280, initials(content.brandName, locale), design.font, palette), 56)]
        : [];
      body = column(withTagline([...head, ...lines]));
      break;
    }
    case 'emblem': {
      const emblem = mark(design.mark ?? 'circle', 380, initials(content.brandName, locale), design.font, palette);
      body = {
        type: 'div',
        props: {
          style: { display: 'flex', flexDirection: 'row', alignItems: 'center' },
          children: [emblem, column(withTagline([nameNode(NAME_SIZE)]), { alignItems: 'flex-start', marginLeft: 80 })],
        },
      };
      break;
    }
  }
  return {
    type: 'div',
    props: {
      style: {
        display: 'flex',
        width: LAYOUT_WIDTH,
        height: LAYOUT_HEIGHT,
        alignItems: 'center',
        justifyContent: 'center',
      },
      children: [body],
    },
  };
}
