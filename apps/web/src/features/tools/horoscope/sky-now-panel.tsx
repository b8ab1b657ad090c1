import { Telescope } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useGetSkyNowQuery } from './horoscope-api.ts';
import { browserTimeZone } from './horoscope-draft.ts';
import { formatTime } from './sky-format.ts';
import { SkyEvents, SkyPositions, useLocale } from './sky-positions.tsx';

/**
 * "The sky now": the positions the server computes for this minute and the events of the person's
 * today, in their zone. The same numbers a reading is written from.
 */
export function SkyNowPanel() {
  const { t } = useTranslation('horoscope');
  const locale = useLocale();
  const query = useGetSkyNowQuery(browserTimeZone());
  const sky = query.data?.sky;
  return (
    <section
      aria-labelledby="sky-now-title"
      className="w-full rounded-2xl border border-border bg-surface p-4 text-left"
      data-testid="sky-now"
    >
      <header className="mb-3 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 id="sky-now-title" className="flex items-center gap-2 text-sm font-semibold">
          <Telescope className="h-4 w-4 text-accent" aria-hidden="true" />
          {t('sky.title')}
        </h2>
        {sky ? (
          <p className="text-xs text-muted">
            {t('sky.at', { time: formatTime(sky.at, locale, sky.period.timeZone), zone: sky.period.timeZone })}
          </p>
        ) : null}
      </header>
      {sky ? (
        <>
          <SkyPositions positions={sky.positions} moon={sky.moon} />
          <h3 className="mb-1 mt-4 text-xs font-semibold uppercase tracking-wide text-muted">{t('sky.today')}</h3>
          {sky.ingresses.length + sky.lunarPhases.length > 0 ? (
            <SkyEvents
              ingresses={sky.ingresses}
              lunarPhases={sky.lunarPhases}
              timeZone={sky.period.timeZone}
              timeOnly
            />
          ) : (
            <p className="text-sm text-muted">{t('sky.noEvents')}</p>
          )}
          <p className="mt-3 text-xs text-muted">{t('sky.computedWith')}</p>
        </>
      ) : query.isError ? (
        <div className="flex flex-wrap items-center gap-3 text-sm text-muted" role="alert">
          {t('sky.failed')}
          <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => query.refetch()}>
            {t('sky.retry')}
          </button>
        </div>
      ) : (
        <div className="flex justify-center py-4" role="status" aria-label={t('sky.title')}>
          <Spinner className="h-5 w-5 border-2" />
        </div>
      )}
    </section>
  );
}
