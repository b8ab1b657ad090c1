import i18next from 'i18next';

/**
 * Loads the texts of the pages and dialogs that are not the first screen (English, and the current
 * language's): every namespace of locales/en-more.ts — the features' (errors, images, WhatsApp, …) and
 * each tool's own (its folder's `locales/`) — once; later calls resolve at once. The list is the
 * chunk's own keys, so a tool's texts are named nowhere else and the first screen carries no list.
 */
export function loadMoreTexts(): Promise<void> {
  return import('../../locales/en-more.ts').then((more) => i18next.loadNamespaces(Object.keys(more.enMore)));
}

/**
 * Wraps a lazy page's or dialog's import so it resolves once the tools' texts are loaded too: a page
 * renders with its texts (and a `t('whatsapp:…')` from another namespace's `t`, or a route's title,
 * finds them) instead of showing keys or suspending.
 */
export function withMoreTexts<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadMoreTexts()]).then(([module]) => module);
}
