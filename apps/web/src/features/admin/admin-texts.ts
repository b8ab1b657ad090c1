import i18next from 'i18next';
import en from '../../locales/en/admin.json';
import tr from '../../locales/tr/admin.json';

/**
 * The console's texts, in English and Turkish: bundled with the console's chunk and added to i18next
 * when it loads, so no other page (and no Turkish visitor's texts chunk) carries them.
 */
export const ADMIN_NS = 'admin';
export const adminTexts = { en, tr };

/** Adds the texts to i18next (once; i18next must be started, as it is before any lazy chunk loads). */
export function registerAdminTexts(): void {
  for (const [lng, texts] of Object.entries(adminTexts)) {
    if (!i18next.hasResourceBundle(lng, ADMIN_NS)) i18next.addResourceBundle(lng, ADMIN_NS, texts, true, false);
  }
}
