import type { ErrorCode } from '@polymath/shared';
import { AlertCircle, Crown, LogIn, MessageSquarePlus, RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button.tsx';

/**
 * A failed request, under the conversation: the translated error and a retry. Out of credits asks
 * to upgrade (the dialog also opens); a Pro-only model offers the upgrade too. A chat grown too long
 * for its model offers to go on in a new chat that starts from its summary (trying again would not help).
 */
export function ChatErrorNotice({
  code,
  onRetry,
  onUpgrade,
  onSignIn,
  onContinue,
}: {
  code: ErrorCode;
  onRetry: () => void;
  onUpgrade: () => void;
  onSignIn: () => void;
  /** Starts the new chat; `busy` while it is being made. */
  onContinue?: { start: () => void; busy: boolean } | undefined;
}) {
  const { t } = useTranslation('chat');
  const upgrade = code === 'OUT_OF_CREDITS' || code === 'MODEL_REQUIRES_PRO';
  return (
    <div className="mx-auto w-full max-w-3xl px-3 pb-4 sm:px-4">
      <div
        role="alert"
        data-testid="chat-error"
        data-code={code}
        className="flex flex-col gap-3 rounded-2xl border border-danger/40 bg-danger/5 px-4 py-3 text-sm sm:flex-row sm:items-center"
      >
        {code === 'OUT_OF_CREDITS' ? (
          <div className="flex flex-1 items-start gap-2" data-testid="chat-upgrade-prompt">
            <Crown className="mt-0.5 h-4 w-4 shrink-0 text-pro" aria-hidden="true" />
            <p>{t('errors:OUT_OF_CREDITS')}</p>
          </div>
        ) : (
          <div className="flex flex-1 items-start gap-2">
            <AlertCircle className="mt-0.5 h-4 w-4 shrink-0 text-danger" aria-hidden="true" />
            <p>{t(`errors:${code}`)}</p>
          </div>
        )}
        <div className="flex shrink-0 flex-wrap gap-2">
          {upgrade ? (
            <button
              type="button"
              className={buttonClass('primary', 'sm')}
              onClick={onUpgrade}
              data-testid="chat-upgrade"
            >
              <Crown className="h-4 w-4" aria-hidden="true" />
              {t('actions.upgrade')}
            </button>
          ) : null}
          {code === 'UNAUTHORIZED' ? (
            <button type="button" className={buttonClass('primary', 'sm')} onClick={onSignIn}>
              <LogIn className="h-4 w-4" aria-hidden="true" />
              {t('actions.signIn')}
            </button>
          ) : null}
          {code === 'CONTEXT_TOO_LONG' && onContinue ? (
            <button
              type="button"
              className={buttonClass('primary', 'sm')}
              onClick={onContinue.start}
              aria-disabled={onContinue.busy}
              data-testid="chat-continue"
            >
              <MessageSquarePlus className="h-4 w-4" aria-hidden="true" />
              {onContinue.busy ? t('actions.continuing') : t('actions.continueInNewChat')}
            </button>
          ) : (
            <button type="button" className={buttonClass('secondary', 'sm')} onClick={onRetry} data-testid="chat-retry">
              <RotateCcw className="h-4 w-4" aria-hidden="true" />
              {t('actions.retry')}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
