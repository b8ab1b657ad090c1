import { CreditCard, LoaderCircle, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { LoadingPlaceholder } from '../../components/ui/loading-placeholder.tsx';
import { TestModeBanner } from '../../components/ui/test-mode-banner.tsx';
import { apiErrorCode, apiErrorMessage } from '../../lib/api/api-error.ts';
import {
  useCompleteSandboxCheckoutMutation,
  useGetBillingPlansQuery,
  useGetSandboxCheckoutQuery,
} from './billing-api.ts';
import { OrderSummary } from './order-summary.tsx';
import { useRedirect } from './use-redirect.ts';

/**
 * The sandbox's stand-in for Stripe Checkout: the order, the account, no card fields. "Pay (test)"
 * completes the session and goes to its success URL, as Stripe would after a real payment.
 */
export function SandboxCheckout({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation();
  const session = useGetSandboxCheckoutQuery(sessionId);
  const plans = useGetBillingPlansQuery();
  const [complete, completing] = useCompleteSandboxCheckoutMutation();
  const { redirecting, go } = useRedirect();
  const [error, setError] = useState<string>();

  if (session.isLoading) return <LoadingPlaceholder />;

  const checkout = session.data;
  if (!checkout) {
    const notFound =
      apiErrorCode(session.error) === 'CHECKOUT_NOT_FOUND' ||
      (session.error !== undefined && 'status' in session.error && session.error.status === 404);
    return (
      <SandboxMessage
        text={notFound ? t('errors:CHECKOUT_NOT_FOUND') : apiErrorMessage(session.error, t)}
        danger
        action={
          notFound ? null : (
            <Button variant="secondary" onClick={() => void session.refetch()} disabled={session.isFetching}>
              <RotateCw className={cn('h-4 w-4', session.isFetching && 'animate-spin')} aria-hidden="true" />
              {t('billing.retry')}
            </Button>
          )
        }
      />
    );
  }
  if (checkout.status !== 'open') {
    return (
      <SandboxMessage
        text={checkout.status === 'complete' ? t('billing.sandbox.alreadyPaid') : t('billing.sandbox.expired')}
      />
    );
  }

  const busy = completing.isLoading || redirecting;
  return (
    <div className="mx-auto flex max-w-md flex-col gap-5" data-testid="sandbox-checkout">
      <TestModeBanner text={t('billing.sandbox.checkoutBanner')} />
      <h1 className="text-2xl font-semibold tracking-tight">{t('billing.sandbox.checkoutTitle')}</h1>
      <section className="rounded-2xl border border-border bg-surface p-5">
        <OrderSummary order={checkout} taxPercent={plans.data?.taxPercent} />
        <div className="mt-4 border-t border-border pt-3 text-sm">
          <p className="text-muted">{t('billing.sandbox.account')}</p>
          <p className="font-medium [overflow-wrap:anywhere]" data-testid="sandbox-email">
            {checkout.email}
          </p>
        </div>
      </section>
      <p className="flex items-start gap-2 text-sm text-muted">
        <CreditCard className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        {t('billing.sandbox.noCard')}
      </p>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <div className="flex flex-col gap-2">
        <Button
          size="lg"
          className="justify-center"
          disabled={busy}
          aria-busy={busy}
          data-testid="sandbox-pay"
          onClick={async () => {
            setError(undefined);
            const result = await complete(checkout.id);
            if (result.error) return setError(apiErrorMessage(result.error, t));
            go(result.data.url);
          }}
        >
          {busy ? <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
          {t('billing.sandbox.pay')}
        </Button>
        <a
          href={checkout.cancelUrl}
          className={buttonClass('ghost', 'lg', 'justify-center')}
          data-testid="sandbox-cancel"
        >
          {t('actions.cancel')}
        </a>
      </div>
    </div>
  );
}

function SandboxMessage({
  text,
  danger = false,
  action,
}: {
  text: string;
  danger?: boolean;
  action?: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-md flex-col gap-5" data-testid="sandbox-checkout-message">
      <TestModeBanner text={t('billing.sandbox.checkoutBanner')} />
      <p role={danger ? 'alert' : 'status'} className={cn('text-center', danger ? 'text-danger' : 'text-muted')}>
        {text}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        {action}
        <Link to="/payment" className={buttonClass('primary')}>
          {t('billing.backToPlans')}
        </Link>
      </div>
    </div>
  );
}
