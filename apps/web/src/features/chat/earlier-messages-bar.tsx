import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import type { EarlierMessages } from './use-earlier-messages.ts';

/**
 * Above a chat that opened without its first messages: they load as the person scrolls up, and this
 * says so while they load, offers them by keyboard (a button), or says they failed and offers a retry.
 * One height in every state, so the list under it does not move when the state changes.
 */
export function EarlierMessagesBar({ earlier }: { earlier: EarlierMessages }) {
  const { t } = useTranslation('chat');
  return (
    <div
      className="mx-auto flex h-12 w-full max-w-3xl shrink-0 items-center justify-center gap-2 px-3 pt-4 text-sm text-muted sm:px-4"
      data-testid="earlier-messages"
      data-state={earlier.state}
    >
      {earlier.state === 'failed' ? <span role="alert">{t('earlier.failed')}</span> : null}
      <span className="sr-only" role="status">
        {earlier.state === 'loading' ? t('earlier.loading') : ''}
      </span>
      {/* One button throughout, so keyboard focus stays on it while a page loads. */}
      <button
        type="button"
        className={buttonClass(earlier.state === 'failed' ? 'secondary' : 'ghost', 'sm')}
        onClick={earlier.load}
        aria-disabled={earlier.state === 'loading'}
      >
        {earlier.state === 'loading' ? (
          <>
            <Spinner className="h-4 w-4 border-2" />
            {t('earlier.loading')}
          </>
        ) : earlier.state === 'failed' ? (
          t('actions.retry')
        ) : (
          t('earlier.show')
        )}
      </button>
    </div>
  );
}
