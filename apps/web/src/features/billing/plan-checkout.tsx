import type { BillingPeriod } from '@polymath/shared';
import { LoaderCircle, Lock, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { LoadingPlaceholder } from '../../components/ui/loading-placeholder.tsx';
import { apiErrorCode, apiErrorMessage } from '../../lib/api/api-error.ts';
import { authDialogOpened } from '../../lib/store/dialogs-slice.ts';
import { useAppDispatch, useAppSelector } from '../../lib/store/store.ts';
import { billingApi, useGetBillingPlansQuery, useStartCheckoutMutation } from './billing-api.ts';
import { OrderSummary } from './order-summary.tsx';
import { defaultPeriod, PlanPicker } from './plan-picker.tsx';
import { TestModeNote } from './test-mode-banner.tsx';
import { useRedirect } from './use-redirect.ts';

/**
 * Choose a period, see what it costs, go to checkout. A signed-out visitor sees the same and is
 * asked to sign in when they continue; the page then carries on with their account.
 */
export function PlanCheckout(props: {
  chosen?: BillingPeriod | undefined;
  onChoose?: (period: BillingPeriod) => void;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector((s) => s.user.currentUser !== null);
  const plans = useGetBillingPlansQuery();
  const [startCheckout, checkout] = useStartCheckoutMutation();
  const { redirecting, go } = useRedirect();
  // The page may hold the choice (it survives signing in from the auth dialog); otherwise it is ours.
  const [ownChoice, setOwnChoice] = useState<BillingPeriod>();
  const chosen = props.onChoose ? props.chosen : ownChoice;
  const setChosen = props.onChoose ?? setOwnChoice;
  const [error, setError] = useState<string>();

  if (plans.isLoading) return <LoadingPlaceholder />;
  if (!plans.data) {
    return (
      <div
        role="alert"
        data-testid="plans-error"
        className="flex flex-col items-center gap-3 rounded-2xl border border-danger/40 bg-surface p-6 text-center"
      >
        <p className="text-sm text-danger">{apiErrorMessage(plans.error, t)}</p>
        <Button variant="secondary" size="sm" onClick={() => void plans.refetch()} disabled={plans.isFetching}>
          <RotateCw className={cn('h-4 w-4', plans.isFetching && 'animate-spin')} aria-hidden="true" />
          {t('billing.retry')}
        </Button>
      </div>
    );
  }

  const { mode, taxPercent } = plans.data;
  const offers = plans.data.plans;
  const selected = offers.find((p) => p.period === chosen) ?? offers.find((p) => p.period === defaultPeriod(offers));
  const busy = checkout.isLoading || redirecting;

  const onContinue = async () => {
    if (!selected) return;
    if (!signedIn) return void dispatch(authDialogOpened('signIn'));
    setError(undefined);
    const result = await startCheckout({ period: selected.period });
    if (result.error) {
      // Pro already (another tab, or a webhook that landed): reload the subscription so the page shows it.
      if (apiErrorCode(result.error) === 'ALREADY_SUBSCRIBED')
        dispatch(billingApi.util.invalidateTags(['Subscription']));
      return setError(apiErrorMessage(result.error, t));
    }
    go(result.data.url);
  };

  return (
    <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_18rem] md:items-start">
      <div className="flex flex-col gap-4">
        {mode === 'sandbox' ? <TestModeNote /> : null}
        <PlanPicker plans={offers} selected={selected?.period} onSelect={setChosen} disabled={busy} />
      </div>
      {selected ? (
        <section
          aria-labelledby="order-summary-title"
          className="rounded-2xl border border-border bg-surface p-5 md:sticky md:top-4"
        >
          <h2 id="order-summary-title" className="text-sm font-medium uppercase tracking-wide text-muted">
            {t('billing.summaryTitle')}
          </h2>
          <div className="mt-3">
            <OrderSummary order={selected} taxPercent={taxPercent} />
          </div>
          <Button
            size="lg"
            className="mt-5 w-full justify-center"
            onClick={onContinue}
            disabled={busy}
            aria-busy={busy}
            data-testid="checkout-button"
          >
            {busy ? (
              <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" />
            ) : (
              <Lock className="h-4 w-4" aria-hidden="true" />
            )}
            {t('billing.continue')}
          </Button>
          {error ? (
            <p role="alert" className="mt-3 text-sm text-danger" data-testid="checkout-error">
              {error}
            </p>
          ) : null}
          <p className="mt-3 text-center text-xs text-muted">
            {signedIn ? null : `${t('billing.signInFirst')} `}
            {mode === 'sandbox' ? t('billing.cancelAnyTime') : t('billing.secureStripe')}
          </p>
        </section>
      ) : null}
    </div>
  );
}
