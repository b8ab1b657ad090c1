import { ZODIAC_SIGNS, type ZodiacSign } from '@polymath/shared';
import { RadioGroup } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { signDates, signName } from './sky-format.ts';
import { useLocale } from './sky-positions.tsx';

/** The twelve signs with their symbols and dates, to pick one at a glance. */
export function SignGrid({ value, onChange }: { value: ZodiacSign | undefined; onChange: (sign: ZodiacSign) => void }) {
  const { t } = useTranslation('horoscope');
  const locale = useLocale();
  return (
    <section aria-labelledby="sign-grid-title" className="w-full">
      <h2 id="sign-grid-title" className="mb-3 text-sm font-semibold text-muted">
        {t('yourSign')}
      </h2>
      <RadioGroup.Root
        value={value ?? ''}
        onValueChange={(v) => onChange(v as ZodiacSign)}
        aria-labelledby="sign-grid-title"
        className="grid grid-cols-3 gap-2 sm:grid-cols-4 md:grid-cols-6"
        data-testid="sign-grid"
      >
        {ZODIAC_SIGNS.map((s) => (
          <RadioGroup.Item
            key={s.slug}
            value={s.slug}
            data-testid={`sign-${s.slug}`}
            className="flex cursor-pointer flex-col items-center gap-0.5 rounded-xl border border-border bg-surface px-1 py-2 text-center transition hover:border-accent focus-visible:outline-2 focus-visible:outline-accent data-[state=checked]:border-accent data-[state=checked]:bg-accent-soft"
          >
            <span aria-hidden="true" className="text-2xl leading-none text-accent">
              {s.symbol}
            </span>
            <span className="text-sm font-medium">{signName(s.slug, locale)}</span>
            <span className="text-[11px] leading-tight text-muted">{signDates(s.slug, locale)}</span>
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
    </section>
  );
}
