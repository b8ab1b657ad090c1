import { DEFAULT_LOCALE, LOCALES, type Locale, STORAGE_KEYS } from '@polymath/shared';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '../../locales/en.ts';
import { readStorage } from '../storage/local-storage.ts';

export function readLocale(): Locale {
  const saved = readStorage(STORAGE_KEYS.locale);
  return (LOCALES as readonly string[]).includes(saved ?? '') ? (saved as Locale) : DEFAULT_LOCALE;
}

/**
 * The first screen's English is bundled (the default and every key's fallback). The rest are chunks
 * i18next asks this backend for: Turkish (all of it) when the language is Turkish, at start for a
 * Turkish visitor (main.tsx waits for it before the first render) or on switching; the tools' English
 * (en-more.ts) with the first page or dialog that needs it (more-texts.ts). An English visitor's first
 * screen fetches neither.
 */
const chunks: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const texts: Promise<Record<string, unknown>> =
      language === 'tr'
        ? import('../../locales/tr.ts').then((m) => m.tr)
        : import('../../locales/en-more.ts').then((m) => m.enMore);
    texts.then(
      (all) => callback(null, (all[namespace] as Record<string, unknown> | undefined) ?? {}),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

/** Resolves once the language's texts are loaded (at once for English). */
export function initI18n(lng: Locale = readLocale()): Promise<unknown> {
  const ready = i18next
    .use(chunks)
    .use(initReactI18next)
    .init({
      resources: { en },
      // The bundled English does not stop the backend from loading the rest.
      partialBundledLanguages: true,
      lng,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: [...LOCALES],
      defaultNS: 'common',
      // Only these load at start; the tools' namespaces come with their pages (more-texts.ts).
      ns: Object.keys(en),
      interpolation: { escapeValue: false }, // React escapes
      returnNull: false,
    });
  document.documentElement.lang = lng;
  return ready;
}
