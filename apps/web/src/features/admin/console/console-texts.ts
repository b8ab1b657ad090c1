import i18next from 'i18next';
import en from '../../../locales/en/admin-console.json';
import tr from '../../../locales/tr/admin-console.json';
import { ADMIN_NS, registerAdminTexts } from '../admin-texts.ts';

/** The Usage, Money and Models sections' texts, under `console.` in the console's namespace. */
export function registerConsoleTexts(): void {
  // First the console's own texts: they are added only when the namespace has no bundle yet.
  registerAdminTexts();
  for (const [lng, texts] of Object.entries({ en, tr })) {
    if (!i18next.getResource(lng, ADMIN_NS, 'console.range')) {
      i18next.addResourceBundle(lng, ADMIN_NS, { console: texts }, true, true);
    }
  }
}
