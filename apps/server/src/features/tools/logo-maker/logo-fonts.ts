import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { LOGO_FONTS, type LogoFontId } from '@polymath/shared';

/**
 * The TTF file of each logo font, from the `@expo-google-fonts/*` packages (SIL Open Font License;
 * they ship TTF, which satori reads). One weight of each family is used. Noto Sans is the fallback
 * for letters a display font lacks (Cyrillic, Greek): satori looks there when a glyph is missing.
 */
const FONT_FILES: Record<LogoFontId, string> = {
  montserrat: '@expo-google-fonts/montserrat/800ExtraBold/Montserrat_800ExtraBold.ttf',
  'montserrat-medium': '@expo-google-fonts/montserrat/500Medium/Montserrat_500Medium.ttf',
  'space-grotesk': '@expo-google-fonts/space-grotesk/700Bold/SpaceGrotesk_700Bold.ttf',
  raleway: '@expo-google-fonts/raleway/700Bold/Raleway_700Bold.ttf',
  oswald: '@expo-google-fonts/oswald/600SemiBold/Oswald_600SemiBold.ttf',
  'bebas-neue': '@expo-google-fonts/bebas-neue/400Regular/BebasNeue_400Regular.ttf',
  'playfair-display': '@expo-google-fonts/playfair-display/700Bold/PlayfairDisplay_700Bold.ttf',
  'dm-serif-display': '@expo-google-fonts/dm-serif-display/400Regular/DMSerifDisplay_400Regular.ttf',
  cinzel: '@expo-google-fonts/cinzel/700Bold/Cinzel_700Bold.ttf',
  pacifico: '@expo-google-fonts/pacifico/400Regular/Pacifico_400Regular.ttf',
  caveat: '@expo-google-fonts/caveat/700Bold/Caveat_700Bold.ttf',
  righteous: '@expo-google-fonts/righteous/400Regular/Righteous_400Regular.ttf',
  comfortaa: '@expo-google-fonts/comfortaa/700Bold/Comfortaa_700Bold.ttf',
};

const FALLBACK_FILE = '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf';
export const FALLBACK_FONT_NAME = 'logo-fallback';

const require = createRequire(import.meta.url);

/** The path of a logo font's file (tests render with it independently). */
export function logoFontFile(id: LogoFontId): string {
  return require.resolve(FONT_FILES[id]);
}

/** A font as satori takes it: the name a layout refers to is the font's id. */
export type SatoriFont = { name: string; data: Buffer; weight: 400; style: 'normal' };

const loaded = new Map<string, Promise<Buffer>>();

function load(path: string): Promise<Buffer> {
  let bytes = loaded.get(path);
  if (!bytes) {
    bytes = readFile(path);
    // A failed read is not cached: the next render tries again.
    bytes.catch(() => loaded.delete(path));
    loaded.set(path, bytes);
  }
  return bytes;
}

/** The fonts a render uses (read once per process, then kept), plus the fallback. */
export async function fontsFor(ids: readonly LogoFontId[]): Promise<SatoriFont[]> {
  const unique = [...new Set(ids)];
  const fonts: SatoriFont[] = await Promise.all(
    unique.map(async (id) => ({
      name: id,
      data: await load(logoFontFile(id)),
      weight: 400 as const,
      style: 'normal' as const,
    })),
  );
  fonts.push({
    name: FALLBACK_FONT_NAME,
    data: await load(require.resolve(FALLBACK_FILE)),
    weight: 400,
    style: 'normal',
  });
  return fonts;
}

/** "Playfair Display Bold": how a design's font is named to people. */
export function fontLabel(id: LogoFontId): string {
  const font = LOGO_FONTS[id];
  const weight: Record<number, string> = { 400: '', 500: ' Medium', 600: ' SemiBold', 700: ' Bold', 800: ' ExtraBold' };
  return `${font.family}${weight[font.weight] ?? ''}`;
}
