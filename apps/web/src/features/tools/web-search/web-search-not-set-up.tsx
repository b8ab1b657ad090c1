import { WEB_SEARCH_PROVIDERS, WEB_SEARCH_SETTINGS } from '@polymath/shared';
import { SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * No search service is configured on this server: says so and names the settings that turn it on.
 * The page sends nothing meanwhile; the rest of the app is unaffected.
 */
export function WebSearchNotSetUp() {
  const { t } = useTranslation('web-search');
  return (
    <div className="mx-auto w-full max-w-3xl px-3 pb-2 sm:px-4">
      <section
        role="note"
        aria-labelledby="web-search-not-set-up"
        className="rounded-2xl border border-border bg-surface px-4 py-3 text-sm"
        data-testid="web-search-not-set-up"
      >
        <h2 id="web-search-not-set-up" className="flex items-center gap-2 font-semibold">
          <SearchX className="h-4 w-4 shrink-0 text-accent" aria-hidden="true" />
          {t('notSetUp.title')}
        </h2>
        <p className="mt-1 text-muted">{t('notSetUp.text')}</p>
        <ul className="mt-2 flex flex-col gap-1">
          {WEB_SEARCH_PROVIDERS.map((provider) => (
            <li key={provider} className="flex flex-wrap items-baseline gap-x-2">
              <code className="rounded bg-surface-2 px-1.5 py-0.5 font-mono text-xs" data-testid="web-search-setting">
                {WEB_SEARCH_SETTINGS[provider]}
              </code>
              <span className="text-muted">{t(`notSetUp.${provider}`)}</span>
            </li>
          ))}
        </ul>
        <p className="mt-2 text-muted">{t('notSetUp.rest')}</p>
      </section>
    </div>
  );
}
