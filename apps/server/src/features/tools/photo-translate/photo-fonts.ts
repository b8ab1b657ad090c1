import { createRequire } from 'node:module';
import type { PhotoScript } from '@polymath/shared';

/**
 * The fonts translations are drawn with, one per script, from `@expo-google-fonts/*` (the only npm
 * font packages shipping TTF files, which Pango loads; `@fontsource/*` ship WOFF only). Only the
 * Regular weight is used. Sizes of that one file: Noto Sans 0.6 MB (Latin, Cyrillic, Greek,
 * Vietnamese), Arabic 0.19 MB, Hebrew 0.05 MB, Devanagari 0.22 MB, Thai 0.05 MB, Noto Sans SC
 * 10.6 MB (Simplified and Traditional Chinese, Japanese kana), NanumGothic 2.1 MB (Korean: Noto Sans
 * KR's is 6.2 MB and its package 56 MB). The packages themselves hold every weight (see decision 012).
 */
export type PhotoFont = {
  /** The family name inside the file: what Pango is asked for. */
  family: string;
  file: string;
};

const require = createRequire(import.meta.url);

const FONT_FILES = {
  latin: ['Noto Sans', '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'],
  arabic: ['Noto Sans Arabic', '@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf'],
  hebrew: ['Noto Sans Hebrew', '@expo-google-fonts/noto-sans-hebrew/400Regular/NotoSansHebrew_400Regular.ttf'],
  devanagari: [
    'Noto Sans Devanagari',
    '@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf',
  ],
  thai: ['Noto Sans Thai', '@expo-google-fonts/noto-sans-thai/400Regular/NotoSansThai_400Regular.ttf'],
  cjk: ['Noto Sans SC', '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'],
  korean: ['NanumGothic', '@expo-google-fonts/nanum-gothic/400Regular/NanumGothic_400Regular.ttf'],
} as const;
type FontKey = keyof typeof FONT_FILES;

const SCRIPT_FONT: Record<PhotoScript, FontKey> = {
  Latn: 'latin',
  Cyrl: 'latin',
  Grek: 'latin',
  Arab: 'arabic',
  Hebr: 'hebrew',
  Deva: 'devanagari',
  Thai: 'thai',
  Hans: 'cjk',
  Hant: 'cjk',
  Jpan: 'cjk',
  Kore: 'korean',
};

const resolved = new Map<FontKey, PhotoFont>();

function font(key: FontKey): PhotoFont {
  let found = resolved.get(key);
  if (!found) {
    const [family, path] = FONT_FILES[key];
    found = { family, file: require.resolve(path) };
    resolved.set(key, found);
  }
  return found;
}

/** The font a translation in this script is drawn with. */
export function fontForScript(script: PhotoScript): PhotoFont {
  return font(SCRIPT_FONT[script]);
}

/**
 * Pango's family list for a script: its own font, then Noto Sans for what it lacks (Latin letters,
 * digits and the demo's "[DEMO]" label inside Arabic or Thai text).
 */
export function fontFamiliesForScript(script: PhotoScript): string {
  const own = fontForScript(script).family;
  const latin = font('latin').family;
  return own === latin ? own : `${own},${latin}`;
}

/** Every bundled font file (each is registered with fontconfig once, so the fallbacks above resolve). */
export function allPhotoFonts(): PhotoFont[] {
  return (Object.keys(FONT_FILES) as FontKey[]).map(font);
}
