import type { BillingPeriod } from '@polymath/shared';
import { Info } from 'lucide-react';
import { lazy, Suspense, useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadingPlaceholder } from '../../components/ui/loading-placeholder.tsx';
import { useGetBillingPlansQuery, useSubscription } from '../../features/billing/billing-api.ts';
import { PaymentReady } from '../../features/billing/payment-ready.tsx';
import { PlanCheckout } from '../../features/billing/plan-checkout.tsx';
import { PlanComparison } from '../../features/billing/plan-comparison.tsx';
import { PublicLayout } from '../layouts/public-layout.tsx';

// Only a Pro subscriber sees it: its code (the manage and cancel actions, their dialog) is not on the
// plans' first screen, which every visitor gets (B8).
const ActiveSubscription = lazy(() =>
  import('../../features/billing/active-subscription.tsx').then((m) => ({ default: m.ActiveSubscription })),
);

/**
 * /payment: plans and checkout for everyone; the active-subscription screen for Pro; back from
 * checkout, `?checkout=success&session_id=…` confirms the payment and `?checkout=cancelled` says
 * nothing was charged.
 */
export function Component() {
  const [params] = useSearchParams();
  const checkout = params.get('checkout');
  const sessionId = params.get('session_id');
  return (
    <PublicLayout wide>
      {checkout === 'success' && sessionId ? (
        <PaymentReady sessionId={sessionId} />
      ) : (
        <Plans cancelled={checkout === 'cancelled'} />
      )}
    </PublicLayout>
  );
}

function Plans({ cancelled }: { cancelled: boolean }) {
  const { t } = useTranslation();
  const { data, isLoading } = useSubscription();
  // The plans' query too (RTK Query shares it with PlanCheckout): the page appears whole once both are
  // in, rather than the comparison below moving down when the plans arrive (layout shift, B8's CLS).
  const plans = useGetBillingPlansQuery();
  // Held here, not in PlanCheckout: signing in from checkout reloads the subscription and remounts it.
  const [chosen, setChosen] = useState<BillingPeriod>();
  // The page replaces the placeholder as a transition, which yields to the browser, rather than in one
  // long task when the query's answer lands in the store (B8: total blocking time).
  const loading = useDeferredValue(isLoading || plans.isLoading);
  // As tall as the screen, so the footer stays below it until the plans take the placeholder's place
  // (a footer moving down the screen is a layout shift, B8's CLS).
  if (loading)
    return (
      <div className="flex min-h-dvh flex-col">
        <LoadingPlaceholder />
      </div>
    );
  if (data?.subscription?.entitled) {
    return (
      <Suspense fallback={<LoadingPlaceholder />}>
        <ActiveSubscription subscription={data.subscription} />
      </Suspense>
    );
  }
  return (
    <div className="flex flex-col gap-8">
      <div className="text-center">
        <h1 className="text-3xl font-semibold tracking-tight">{t('payment.title')}</h1>
        <p className="mt-3 text-muted">{t('payment.subtitle')}</p>
      </div>
      {cancelled ? (
        <p
          role="status"
          data-testid="checkout-cancelled"
          className="flex items-start gap-2 rounded-xl border border-border bg-surface px-4 py-3 text-sm"
        >
          <Info className="mt-0.5 h-4 w-4 shrink-0 text-accent" aria-hidden="true" />
          {t('billing.checkoutCancelled')}
        </p>
      ) : null}
      <PlanCheckout chosen={chosen} onChoose={setChosen} />
      <PlanComparison />
    </div>
  );
}
