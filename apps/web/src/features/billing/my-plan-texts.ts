import i18next from 'i18next';
import en from '../../locales/en/my-plan.json';
import tr from '../../locales/tr/my-plan.json';

/**
 * My Plan's own texts (Pro granted by the team), in English and Turkish: bundled with its lazy chunk
 * and added to i18next when it loads, so the first screen (B7) and the Turkish texts chunk carry
 * nothing of them.
 */
export const MY_PLAN_NS = 'my-plan';

/** Adds the texts to i18next (once; i18next is started before any lazy chunk loads). */
export function registerMyPlanTexts(): void {
  for (const [lng, texts] of Object.entries({ en, tr })) {
    if (!i18next.hasResourceBundle(lng, MY_PLAN_NS)) i18next.addResourceBundle(lng, MY_PLAN_NS, texts, true, false);
  }
}
