import { DEFAULT_LOCALE, LOCALES, type Locale, STORAGE_KEYS } from '@polymath/shared';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { resources } from '../../locales/resources.ts';
import { readStorage, writeStorage } from '../storage/local-storage.ts';

export function readLocale(): Locale {
  const saved = readStorage(STORAGE_KEYS.locale);
  return (LOCALES as readonly string[]).includes(saved ?? '') ? (saved as Locale) : DEFAULT_LOCALE;
}

/** Both locales are bundled (a few KB each), so switching language never waits on the network. */
export function initI18n(lng: Locale = readLocale()) {
  void i18next.use(initReactI18next).init({
    resources,
    lng,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    defaultNS: 'common',
    ns: Object.keys(resources.en),
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });
  document.documentElement.lang = lng;
  return i18next;
}

export function changeLocale(locale: Locale): void {
  writeStorage(STORAGE_KEYS.locale, locale);
  document.documentElement.lang = locale;
  void i18next.changeLanguage(locale);
}
