import type { Locale } from '@polymath/shared';
import { Languages } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button.tsx';
import { useLoadOnUse } from '../../components/ui/use-load-on-use.ts';

export const NAMES: Record<Locale, string> = { en: 'English', tr: 'Türkçe' };

const loadMenu = () => import('./language-menu.tsx');
const LanguageMenu = lazy(loadMenu);

export function LanguageLabel({ current }: { current: Locale }) {
  return (
    <>
      <Languages className="h-5 w-5" aria-hidden="true" />
      <span className="uppercase">{current}</span>
    </>
  );
}

/** The header's language button; its menu (language-menu.tsx) loads when the button is first used. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const { used, triggerProps } = useLoadOnUse(loadMenu);
  const current = (i18n.resolvedLanguage ?? 'en') as Locale;
  const button = (
    <button
      type="button"
      className={buttonClass('ghost', 'sm', 'h-10')}
      aria-label={`${t('preferences.language')}: ${current.toUpperCase()}`}
      data-testid="language-switcher"
      {...triggerProps}
    >
      <LanguageLabel current={current} />
    </button>
  );
  if (!used) return button;
  return (
    <Suspense fallback={button}>
      <LanguageMenu defaultOpen />
    </Suspense>
  );
}
