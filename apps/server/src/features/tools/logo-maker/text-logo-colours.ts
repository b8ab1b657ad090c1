/**
 * The colours of a text logo: from the brief's palette (main colour first), made readable. A logo
 * is drawn for light backgrounds (the transparent PNG and the SVG); the preview on a dark
 * background uses a reversed version where a colour would disappear, as a designer would. Pure.
 */

export type LogoPalette = {
  /** The name. */
  ink: string;
  /** The mark's fill (or its outline). */
  accent: string;
  tagline: string;
  /** Letters inside a filled mark. */
  onAccent: string;
};

/** The dark preview's background (the app's dark theme). */
export const DARK_BACKGROUND = '#0f172a';
export const LIGHT_BACKGROUND = '#ffffff';

const DEFAULT_INK = '#1f2937';
const DEFAULT_ACCENT = '#2563eb';

function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b]
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** WCAG relative luminance. */
export function luminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours (1–21). */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

function mix(a: string, b: string, t: number): string {
  const [ar, ag, ab] = rgb(a);
  const [br, bg, bb] = rgb(b);
  return toHex([ar + (br - ar) * t, ag + (bg - ag) * t, ab + (bb - ab) * t]);
}

/** The colour itself when it reads on `background` (contrast ≥ min), else moved towards `towards` until it does. */
function readable(colour: string, background: string, towards: string, min: number): string {
  for (let t = 0; t <= 1.0001; t += 0.1) {
    const candidate = mix(colour, towards, t);
    if (contrast(candidate, background) >= min) return candidate;
  }
  return towards;
}

function lettersOn(fill: string): string {
  return contrast('#ffffff', fill) >= contrast('#111827', fill) ? '#ffffff' : '#111827';
}

/** The palette for light backgrounds, from the brief's colours (or a neutral default). */
export function lightPalette(colours: readonly string[] | undefined): LogoPalette {
  const [first, second, third] = colours ?? [];
  const ink = readable(first ?? DEFAULT_INK, LIGHT_BACKGROUND, '#000000', 3);
  const accent = second ?? (first ? first : DEFAULT_ACCENT);
  const tagline = readable(third ?? second ?? ink, LIGHT_BACKGROUND, '#000000', 3);
  return { ink, accent, tagline, onAccent: lettersOn(accent) };
}

/** The same logo reversed for a dark background: every colour that would disappear is lightened. */
export function darkPalette(light: LogoPalette): LogoPalette {
  const ink = readable(light.ink, DARK_BACKGROUND, '#ffffff', 4.5);
  const accent = readable(light.accent, DARK_BACKGROUND, '#ffffff', 3);
  const tagline = readable(light.tagline, DARK_BACKGROUND, '#ffffff', 4.5);
  return { ink, accent, tagline, onAccent: lettersOn(accent) };
}
