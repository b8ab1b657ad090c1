import { LOCALES, type Locale } from '@polymath/shared';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button.tsx';
import { changeLocale } from '../../lib/i18n/change-locale.ts';

import { LanguageLabel, NAMES } from './language-switcher.tsx';

/** The language menu itself (Radix), loaded when the header's language button is first used. */
export default function LanguageMenu({ defaultOpen }: { defaultOpen?: boolean }) {
  const { t, i18n } = useTranslation();
  const current = (i18n.resolvedLanguage ?? 'en') as Locale;
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger
        className={buttonClass('ghost', 'sm', 'h-10')}
        aria-label={`${t('preferences.language')}: ${current.toUpperCase()}`}
        data-testid="language-switcher"
      >
        <LanguageLabel current={current} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-40 rounded-xl border border-border bg-bg p-1 text-fg shadow-xl"
        >
          <DropdownMenu.RadioGroup value={current} onValueChange={(v) => changeLocale(v as Locale)}>
            {LOCALES.map((locale) => (
              <DropdownMenu.RadioItem
                key={locale}
                value={locale}
                lang={locale}
                data-testid={`locale-${locale}`}
                className="flex cursor-pointer items-center justify-between gap-3 rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-surface-2"
              >
                {NAMES[locale]}
                <DropdownMenu.ItemIndicator>✓</DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
