import type { ThreadSummaryMarker } from '@polymath/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * A quiet line where a long chat's earlier messages are summarised for the model (decision 028):
 * the messages above it stay, to scroll and search; what the model reads instead can be opened.
 * In a chat continued from another one it stands first, with the way back to that chat.
 */
export function SummaryMarker({ summary, earlierPath }: { summary: ThreadSummaryMarker; earlierPath?: string }) {
  const { t } = useTranslation('chat');
  const label =
    summary.throughMessageId === ''
      ? t('summary.continued')
      : summary.kind === 'extract'
        ? t('summary.markerExtract')
        : t('summary.marker');
  return (
    <div className="flex w-full flex-col items-center gap-1 pt-4 text-xs text-muted" data-testid="summary-marker">
      <p className="flex w-full items-center gap-3">
        <span className="h-px flex-1 bg-border" aria-hidden="true" />
        <span className="text-center">{label}</span>
        <span className="h-px flex-1 bg-border" aria-hidden="true" />
      </p>
      <details className="w-full max-w-xl text-center">
        <summary className="inline-block cursor-pointer rounded px-1 underline underline-offset-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-accent">
          {t('summary.show')}
        </summary>
        <p className="mt-2 whitespace-pre-wrap rounded-xl border border-border bg-surface-2 px-3 py-2 text-left text-sm text-fg">
          {summary.text}
        </p>
      </details>
      {earlierPath ? (
        <Link
          to={earlierPath}
          className="underline underline-offset-2 hover:text-fg"
          data-testid="summary-earlier-chat"
        >
          {t('summary.openEarlier')}
        </Link>
      ) : null}
    </div>
  );
}
