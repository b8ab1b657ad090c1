import { DEFAULT_LOCALE, LOCALES, type Locale, STORAGE_KEYS } from '@polymath/shared';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '../../locales/en.ts';
import { readStorage, writeStorage } from '../storage/local-storage.ts';

export function readLocale(): Locale {
  const saved = readStorage(STORAGE_KEYS.locale);
  return (LOCALES as readonly string[]).includes(saved ?? '') ? (saved as Locale) : DEFAULT_LOCALE;
}

/**
 * English is bundled (the default and every key's fallback); Turkish is its own chunk, which i18next
 * asks this backend for when the language is Turkish: at start for a Turkish visitor (main.tsx waits
 * for it before the first render) or on switching. An English visitor's first screen never fetches it.
 */
const otherLanguages: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    if (language !== 'tr') {
      callback(null, {});
      return;
    }
    import('../../locales/tr.ts').then(
      ({ tr }) => callback(null, tr[namespace as keyof typeof tr] ?? {}),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

/** Resolves once the language's texts are loaded (at once for English). */
export function initI18n(lng: Locale = readLocale()): Promise<unknown> {
  const ready = i18next
    .use(otherLanguages)
    .use(initReactI18next)
    .init({
      resources: { en },
      // The bundled English does not stop the backend from loading the other language.
      partialBundledLanguages: true,
      lng,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: [...LOCALES],
      defaultNS: 'common',
      ns: Object.keys(en),
      interpolation: { escapeValue: false }, // React escapes
      returnNull: false,
    });
  document.documentElement.lang = lng;
  return ready;
}

export function changeLocale(locale: Locale): void {
  writeStorage(STORAGE_KEYS.locale, locale);
  document.documentElement.lang = locale;
  void i18next.changeLanguage(locale);
}
