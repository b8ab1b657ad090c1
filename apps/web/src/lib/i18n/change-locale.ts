import { type Locale, STORAGE_KEYS, WEB_MANIFESTS } from '@polymath/shared';
import i18next from 'i18next';
import { writeStorage } from '../storage/local-storage.ts';

/**
 * Switches the interface language and remembers it. Its own module, imported by the language menu
 * (a chunk loaded on use), so it is not part of the first screen (B7).
 */
export function changeLocale(locale: Locale): void {
  writeStorage(STORAGE_KEYS.locale, locale);
  document.documentElement.lang = locale;
  // Installing the app from here names it in this language (index.html's script does it on load).
  document.querySelector('link[rel="manifest"]')?.setAttribute('href', WEB_MANIFESTS[locale]);
  void i18next.changeLanguage(locale);
}
