import { HOROSCOPE_TYPE_SLUGS, type HoroscopeType } from '@polymath/shared';
import { Briefcase, CalendarDays, CalendarRange, Heart, type LucideIcon, Orbit, Sun, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export const TYPE_ICONS: Record<HoroscopeType, LucideIcon> = {
  daily: Sun,
  weekly: CalendarDays,
  monthly: CalendarRange,
  love: Heart,
  career: Briefcase,
  compatibility: Users,
  'birth-chart': Orbit,
};

/** The horoscope types as cards, each with what it reads; choosing one opens /horoscope/<type>. */
export function HoroscopeTypeCards() {
  const { t } = useTranslation(['horoscope', 'tools']);
  return (
    <nav aria-labelledby="horoscope-types-title" className="w-full" data-testid="horoscope-types">
      <h2 id="horoscope-types-title" className="mb-3 text-sm font-semibold text-muted">
        {t('tools:horoscope.typesLabel')}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        {HOROSCOPE_TYPE_SLUGS.map((type) => {
          const Icon = TYPE_ICONS[type];
          return (
            <li key={type}>
              <Link
                to={`/horoscope/${type}`}
                data-testid={`horoscope-type-${type}`}
                className="flex h-full items-start gap-3 rounded-2xl border border-border bg-surface p-4 text-left transition hover:border-accent hover:bg-accent-soft focus-visible:outline-2 focus-visible:outline-accent"
              >
                <span className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-xl bg-accent-soft text-accent">
                  <Icon className="h-5 w-5" aria-hidden="true" />
                </span>
                <span className="flex min-w-0 flex-col">
                  <span className="font-medium">{t(`horoscope:types.${type}.title`)}</span>
                  <span className="text-sm text-muted">{t(`horoscope:types.${type}.short`)}</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
