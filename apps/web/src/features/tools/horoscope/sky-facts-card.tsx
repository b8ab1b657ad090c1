import { type HoroscopeFacts, horoscopeFactsSchema } from '@polymath/shared';
import { Telescope } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDate, formatDegree, formatPeriod, signLabel } from './sky-format.ts';
import { SkyEvents, SkyPositions, useLocale } from './sky-positions.tsx';

export type SkyCallState = 'input-streaming' | 'input-available' | 'output-available' | 'output-error' | string;

/**
 * A reading's horoscope_sky call, as a compact card above its text: the positions the server
 * computed and handed to the model, so the person sees the real sky the reading names.
 */
export function SkyFactsCard({ state, output }: { state: SkyCallState; output: unknown }) {
  const { t } = useTranslation('horoscope');
  const facts = state === 'output-available' ? horoscopeFactsSchema.safeParse(output) : undefined;
  return (
    <section
      className="my-2 rounded-2xl border border-border bg-surface p-3 text-sm sm:p-4"
      data-testid="sky-facts"
      data-state={state}
      aria-label={t('facts.title')}
    >
      {facts?.success ? (
        <FactsBody facts={facts.data} />
      ) : state === 'output-available' || state === 'output-error' ? (
        <p className="text-muted" role="alert">
          {t('facts.failed')}
        </p>
      ) : (
        <p className="flex items-center gap-2 text-muted" role="status">
          <Spinner className="h-4 w-4 border-2" />
          {t('facts.computing')}
        </p>
      )}
    </section>
  );
}

function FactsBody({ facts }: { facts: HoroscopeFacts }) {
  const { t } = useTranslation('horoscope');
  const locale = useLocale();
  const { sky, chart } = facts;
  const events = sky.ingresses.length + sky.lunarPhases.length;
  const subtitle = chart
    ? t('facts.chart', {
        date: formatDate(chart.birth.date, locale),
        time: chart.birth.time ?? `(${t('facts.noTime')})`,
        city: chart.birth.localName,
      })
    : t('facts.period', { period: formatPeriod(sky.period.start, sky.period.end, locale, sky.period.timeZone) });
  return (
    <>
      <header className="mb-2 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h3 className="flex items-center gap-2 font-semibold">
          <Telescope className="h-4 w-4 text-accent" aria-hidden="true" />
          {t('facts.title')}
        </h3>
        <p className="text-xs text-muted" data-testid="sky-facts-period">
          {subtitle}
        </p>
        {facts.person ? (
          <p className="text-xs font-medium" data-testid="sky-facts-sign">
            {facts.partner
              ? t('facts.pair', {
                  sign: signLabel(facts.person.sign, locale),
                  partner: signLabel(facts.partner.sign, locale),
                })
              : t('facts.sign', { sign: signLabel(facts.person.sign, locale) })}
          </p>
        ) : null}
      </header>
      {chart ? (
        <>
          {chart.ascendant && chart.midheaven ? (
            <p className="mb-2 text-xs" data-testid="sky-facts-angles">
              {t('facts.ascendant')}: {signLabel(chart.ascendant.sign, locale)} {formatDegree(chart.ascendant.degree)} ·{' '}
              {t('facts.midheaven')}: {signLabel(chart.midheaven.sign, locale)} {formatDegree(chart.midheaven.degree)} ·{' '}
              {t('facts.houses', { system: t(`facts.${chart.houseSystem ?? 'placidus'}`) })}
            </p>
          ) : null}
          <SkyPositions positions={chart.positions} moon={chart.moon} />
        </>
      ) : (
        <>
          <SkyPositions positions={sky.positions} moon={sky.moon} />
          {events > 0 ? (
            <details className="mt-2">
              <summary className="cursor-pointer text-xs font-medium text-muted">
                {t('facts.events', { count: events })}
              </summary>
              <div className="mt-1.5">
                <SkyEvents ingresses={sky.ingresses} lunarPhases={sky.lunarPhases} timeZone={sky.period.timeZone} />
              </div>
            </details>
          ) : null}
        </>
      )}
    </>
  );
}
