import type { WebSource } from '@polymath/shared';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat } from '../../../lib/intl/formatters.ts';

/** Links out of the app: no opener, no referrer, no endorsement (as links in answers). */
const EXTERNAL_LINK_REL = 'noopener noreferrer nofollow';

function shortDate(iso: string | undefined, locale: string): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return dateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/**
 * The sources under an answer, one card each: its number (the [n] the text cites), title, site
 * name and date where known. Each opens the page in a new tab. Nothing is loaded from the sites
 * themselves (no favicons): the page only links to them.
 */
export function SourceCards({ sources }: { sources: readonly WebSource[] }) {
  const { t, i18n } = useTranslation('web-search');
  if (sources.length === 0) return null;
  return (
    <section className="mt-3" aria-label={t('sources.heading')} data-testid="web-search-sources">
      <h3 className="mb-2 text-xs font-semibold uppercase tracking-wide text-muted">{t('sources.heading')}</h3>
      <ol className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {sources.map((source) => {
          const date = shortDate(source.publishedAt, i18n.language);
          return (
            <li key={source.n} className="min-w-0">
              <a
                href={source.url}
                target="_blank"
                rel={EXTERNAL_LINK_REL}
                className="flex h-full min-w-0 items-start gap-3 rounded-xl border border-border bg-surface p-3 text-sm transition hover:border-accent hover:bg-accent-soft focus-visible:outline-2 focus-visible:outline-accent"
                aria-label={`${t('sources.label', { n: source.n, title: source.title })} ${t('sources.newTab')}`}
                data-testid="source-card"
                data-source-n={source.n}
              >
                <span
                  className="flex h-6 min-w-6 shrink-0 items-center justify-center rounded-full bg-accent-soft px-1.5 text-xs font-semibold text-accent"
                  aria-hidden="true"
                >
                  {source.n}
                </span>
                <span className="flex min-w-0 flex-col gap-0.5">
                  <span className="line-clamp-2 break-words font-medium text-fg" data-testid="source-title">
                    {source.title}
                  </span>
                  <span className="truncate text-xs text-muted" data-testid="source-site">
                    {source.siteName}
                    {date ? (
                      <>
                        {' · '}
                        <time dateTime={source.publishedAt}>{date}</time>
                      </>
                    ) : null}
                  </span>
                </span>
              </a>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
