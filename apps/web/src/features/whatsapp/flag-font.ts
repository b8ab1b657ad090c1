import flagFontUrl from 'country-flag-emoji-polyfill/dist/TwemojiCountryFlags.woff2?url';
import { useEffect } from 'react';

/**
 * Flags are emoji (two regional indicator letters), which Windows and many Linux machines do not
 * draw as flags. A small font of flag glyphs (Twemoji's, shipped by country-flag-emoji-polyfill;
 * graphics CC-BY 4.0 by Twitter) is added for those code points only, loaded from our own origin
 * the first time a flag is shown, so every browser shows the same flags.
 */
const FAMILY = 'Twemoji Country Flags';
const FLAG_CODE_POINTS =
  'U+1F1E6-1F1FF, U+1F3F4, U+E0062-E0063, U+E0065, U+E0067, U+E006C, U+E006E, U+E0073-E0074, U+E0077, U+E007F';

/** The font stack of a flag: the flag font first, then the system's emoji fonts. */
export const FLAG_FONT = `"${FAMILY}", "Apple Color Emoji", "Segoe UI Emoji", "Noto Color Emoji", sans-serif`;

let added = false;

/** Adds the flag font to the document once (through the FontFace API: no inline style sheet). */
export function useFlagFont(): void {
  useEffect(() => {
    if (added || typeof FontFace === 'undefined') return;
    added = true;
    const face = new FontFace(FAMILY, `url(${flagFontUrl}) format('woff2')`, {
      unicodeRange: FLAG_CODE_POINTS,
      display: 'swap',
    });
    document.fonts.add(face);
    void face.load().catch(() => undefined);
  }, []);
}
