import { type HoroscopeType, horoscopeTypeInfo, type ZodiacSign } from '@polymath/shared';
import { Info, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { HoroscopeTypeCards, TYPE_ICONS } from './horoscope-type-cards.tsx';
import { SignGrid } from './sign-grid.tsx';
import { SkyNowPanel } from './sky-now-panel.tsx';

/**
 * An empty horoscope chat. Without a type (/horoscope, or an address naming no type): the types
 * as cards. With one: what it reads, the sign picker for the sign-based types, and examples.
 * Both show the sky now and say horoscopes are for entertainment.
 */
export function HoroscopeIntro({
  type,
  unknownType,
  sign,
  onSign,
  onExample,
}: {
  type: HoroscopeType | undefined;
  /** The address's type when it names none of ours. */
  unknownType: string | undefined;
  sign: ZodiacSign | undefined;
  onSign: (sign: ZodiacSign) => void;
  onExample: (text: string) => void;
}) {
  const { t } = useTranslation(['horoscope', 'tools']);
  const Icon = type ? TYPE_ICONS[type] : Sparkles;
  const examples = type ? (t(`horoscope:types.${type}.examples`, { returnObjects: true }) as string[]) : [];
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col items-center gap-6 px-4 pb-6 pt-8 text-center sm:pt-12">
      <div className="flex flex-col items-center">
        <span className="mb-4 inline-flex h-14 w-14 items-center justify-center rounded-2xl bg-accent-soft text-accent">
          <Icon className="h-7 w-7" aria-hidden="true" />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl" data-testid="horoscope-title">
          {type ? t(`horoscope:types.${type}.title`) : t('tools:horoscope.title')}
        </h1>
        <p className="mt-3 max-w-xl text-balance text-muted">
          {type ? t(`horoscope:types.${type}.short`) : t('tools:horoscope.description')}
        </p>
      </div>
      {unknownType ? (
        <p
          role="status"
          className="flex w-full items-center gap-2 rounded-xl border border-border bg-surface-2 px-4 py-3 text-left text-sm"
          data-testid="horoscope-unknown-type"
        >
          <Info className="h-4 w-4 shrink-0 text-accent" aria-hidden="true" />
          {t('horoscope:typesNotice', { type: unknownType })}
        </p>
      ) : null}
      {type ? null : <HoroscopeTypeCards />}
      {type && horoscopeTypeInfo(type).subject === 'sign' ? <SignGrid value={sign} onChange={onSign} /> : null}
      {examples.length ? (
        <ul className="grid w-full gap-3 sm:grid-cols-3" aria-label={t('tools:examplesHeading')}>
          {examples.map((example) => (
            <li key={example}>
              <button
                type="button"
                onClick={() => onExample(example)}
                className="h-full w-full rounded-2xl border border-border bg-surface p-3 text-left text-sm transition hover:border-accent hover:bg-accent-soft focus-visible:outline-2 focus-visible:outline-accent"
              >
                {example}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <SkyNowPanel />
      <p className="text-xs text-muted">{t('horoscope:entertainment')}</p>
    </section>
  );
}
