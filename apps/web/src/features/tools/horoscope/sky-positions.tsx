import {
  BODY_SYMBOLS,
  type BodyPosition,
  type Ingress,
  type Locale,
  type LunarPhaseEvent,
  type MoonPhase,
} from '@polymath/shared';
import { useTranslation } from 'react-i18next';
import { formatDegree, formatMoment, formatTime, signLabel } from './sky-format.ts';

export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return i18n.language === 'tr' ? 'tr' : 'en';
}

type Placed = BodyPosition & { house?: number | null };

/**
 * The computed positions: each body's sign and degree, retrograde marked, the Moon with its phase
 * and how much of it is lit, and (in a birth chart) the house it stands in.
 */
export function SkyPositions({ positions, moon }: { positions: Placed[]; moon?: MoonPhase | undefined }) {
  const { t } = useTranslation('horoscope');
  const locale = useLocale();
  return (
    <ul className="grid gap-x-6 gap-y-1.5 text-sm sm:grid-cols-2" data-testid="sky-positions">
      {positions.map((p) => (
        <li
          key={p.body}
          className="flex min-w-0 flex-wrap items-baseline gap-x-2"
          data-body={p.body}
          data-sign={p.sign}
        >
          <span aria-hidden="true" className="w-4 text-center text-accent">
            {BODY_SYMBOLS[p.body]}
          </span>
          <span className="font-medium">{t(`bodies.${p.body}`)}</span>
          <span>{signLabel(p.sign, locale)}</span>
          <span className="tabular-nums text-muted">{formatDegree(p.degree)}</span>
          {p.retrograde ? (
            <span className="rounded-full bg-accent-soft px-1.5 text-xs text-accent" title={t('retrograde')}>
              ℞ {t('retrograde')}
            </span>
          ) : null}
          {p.house ? <span className="text-xs text-muted">{t('facts.house', { house: p.house })}</span> : null}
          {p.body === 'moon' && moon ? (
            <span className="basis-full pl-6 text-xs text-muted sm:basis-auto sm:pl-0">
              {t(`phases.${moon.phase}`)} · {t('moonLit', { percent: Math.round(moon.illumination * 100) })}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** Sign changes and exact lunar phases, in time order; `timeOnly` for a single day. */
export function SkyEvents({
  ingresses,
  lunarPhases,
  timeZone,
  timeOnly = false,
}: {
  ingresses: Ingress[];
  lunarPhases: LunarPhaseEvent[];
  timeZone: string;
  timeOnly?: boolean;
}) {
  const { t } = useTranslation('horoscope');
  const locale = useLocale();
  const events = [
    ...ingresses.map((e) => ({
      at: e.at,
      key: `${e.body}-${e.at}`,
      text: t(e.retrograde ? 'backInto' : 'enters', { body: t(`bodies.${e.body}`), sign: signLabel(e.sign, locale) }),
    })),
    ...lunarPhases.map((e) => ({
      at: e.at,
      key: `${e.phase}-${e.at}`,
      text: t('phaseIn', { phase: t(`phases.${e.phase}`), sign: signLabel(e.sign, locale) }),
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return (
    <ul className="flex flex-col gap-1 text-sm" data-testid="sky-events">
      {events.map((e) => (
        <li key={e.key} className="flex gap-3">
          <time dateTime={e.at} className="shrink-0 tabular-nums text-muted">
            {timeOnly ? formatTime(e.at, locale, timeZone) : formatMoment(e.at, locale, timeZone)}
          </time>
          <span>{e.text}</span>
        </li>
      ))}
    </ul>
  );
}
