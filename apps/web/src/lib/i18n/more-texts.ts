import i18next from 'i18next';

/** The namespaces of locales/en-more.ts (more-texts.test.ts keeps the two lists the same). */
export const MORE_NAMESPACES = [
  'errors',
  'validation',
  'horoscope',
  'webSearch',
  'whatsapp',
  'images',
  'logo-maker',
  'tattoo-generator',
  'photo-translate',
  'privacy',
  'offline',
  'sharing',
] as const;

/** Loads the tools' texts (English, and the current language's) once; later calls resolve at once. */
export function loadMoreTexts(): Promise<void> {
  return i18next.loadNamespaces([...MORE_NAMESPACES]);
}

/**
 * Wraps a lazy page's or dialog's import so it resolves once the tools' texts are loaded too: a page
 * renders with its texts (and a `t('whatsapp:…')` from another namespace's `t`, or a route's title,
 * finds them) instead of showing keys or suspending.
 */
export function withMoreTexts<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadMoreTexts()]).then(([module]) => module);
}
