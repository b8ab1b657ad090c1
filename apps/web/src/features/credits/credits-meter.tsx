import { Crown, RotateCw } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { upgradeToProDialogSet } from '../../lib/store/dialogs-slice.ts';
import { useAppDispatch, useAppSelector } from '../../lib/store/store.ts';
import { useCredits } from './credits-api.ts';
import { freeCreditsText } from './credits-text.ts';

/** setTimeout cannot wait longer than this; a later reset is picked up on the next fetch. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Today's messages for a free user ("7 of 10 free messages left today · resets at 03:00"), a
 * warning with an Upgrade button once they are used up (spec §4), a small label for Pro, and
 * "Could not fetch credits." with a retry when the call fails (§8). Nothing for signed-out visitors.
 */
export function CreditsMeter() {
  const { t, i18n } = useTranslation('threads');
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector((s) => s.user.currentUser !== null);
  const { data, isError, isFetching, refetch } = useCredits();
  const resetsAt = data?.resetsAt;

  // The allowance renews at resetsAt: fetch again just after, so an open page shows it.
  useEffect(() => {
    if (!signedIn || !resetsAt) return;
    const delay = Date.parse(resetsAt) - Date.now() + 1000;
    if (!(delay > 0 && delay < MAX_TIMER_MS)) return;
    const timer = setTimeout(() => void refetch(), delay);
    return () => clearTimeout(timer);
  }, [signedIn, resetsAt, refetch]);

  if (!signedIn) return null;

  if (isError) {
    return (
      <div
        role="status"
        data-testid="credits-meter"
        data-state="error"
        className="flex flex-wrap items-center justify-center gap-x-2 gap-y-1 text-xs text-danger"
      >
        <span>{t('errors:CREDITS_UNAVAILABLE')}</span>
        <button
          type="button"
          onClick={() => void refetch()}
          disabled={isFetching}
          className={buttonClass('ghost', 'sm', 'h-7 px-2 text-xs')}
          data-testid="credits-retry"
        >
          <RotateCw className={cn('h-3.5 w-3.5', isFetching && 'animate-spin')} aria-hidden="true" />
          {t('credits.retry')}
        </button>
      </div>
    );
  }

  if (!data) return null;

  if (data.plan === 'pro') {
    return (
      <p data-testid="credits-meter" data-state="pro" className="text-center text-xs text-muted">
        <span className="font-semibold text-pro">{t('credits.pro')}</span>
      </p>
    );
  }

  const text = freeCreditsText(data, new Date(Date.now()), t, i18n.resolvedLanguage ?? i18n.language);
  if (!text) return null;
  const empty = (data.remaining ?? 0) <= 0;
  return (
    <div
      data-testid="credits-meter"
      data-state={empty ? 'empty' : 'available'}
      className={cn(
        'flex flex-wrap items-center justify-center gap-x-3 gap-y-1 text-center text-xs',
        empty ? 'rounded-xl border border-danger/40 bg-danger/10 px-3 py-2 font-medium text-danger' : 'text-muted',
      )}
    >
      <span className="min-w-0">{text}</span>
      {empty ? (
        <button
          type="button"
          onClick={() => dispatch(upgradeToProDialogSet(true))}
          className={buttonClass('primary', 'sm', 'h-7 px-3 text-xs')}
          data-testid="credits-upgrade"
        >
          <Crown className="h-3.5 w-3.5" aria-hidden="true" />
          {t('credits.upgrade')}
        </button>
      ) : null}
    </div>
  );
}
