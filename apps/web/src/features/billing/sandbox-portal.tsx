import { ArrowLeft, Clock, LoaderCircle, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { LoadingPlaceholder } from '../../components/ui/loading-placeholder.tsx';
import { TestModeBanner } from '../../components/ui/test-mode-banner.tsx';
import { apiErrorMessage } from '../../lib/api/api-error.ts';
import { toast } from '../../lib/toast/toast.ts';
import { useAdvanceSandboxClockMutation, useSubscription } from './billing-api.ts';
import { CancelSubscriptionButton, ResumeSubscriptionButton } from './subscription-actions.tsx';
import { SubscriptionDetails } from './subscription-details.tsx';
import { useBillingFormat } from './use-billing-format.ts';

/**
 * The sandbox's stand-in for Stripe's Customer Portal: the subscription, cancel or resume, and a
 * test clock that jumps to the end of the period so renewal and ending can be tried in seconds.
 */
export function SandboxPortal() {
  const { t } = useTranslation();
  const f = useBillingFormat();
  const { data, isLoading, error, isFetching, refetch } = useSubscription();
  const [advance, advancing] = useAdvanceSandboxClockMutation();
  const subscription = data?.subscription ?? null;

  let body: React.ReactNode;
  if (isLoading) body = <LoadingPlaceholder />;
  else if (!data) {
    body = (
      <div role="alert" className="flex flex-col items-center gap-3 text-center">
        <p className="text-danger">{apiErrorMessage(error, t)}</p>
        <Button variant="secondary" onClick={() => void refetch()} disabled={isFetching}>
          <RotateCw className={cn('h-4 w-4', isFetching && 'animate-spin')} aria-hidden="true" />
          {t('billing.retry')}
        </Button>
      </div>
    );
  } else if (!subscription) {
    body = <p className="text-center text-muted">{t('errors:NO_SUBSCRIPTION')}</p>;
  } else {
    body = (
      <>
        <section className="rounded-2xl border border-border bg-surface px-5 py-2">
          <SubscriptionDetails subscription={subscription} showStatus />
        </section>
        {subscription.entitled ? (
          <div className="flex flex-wrap gap-2">
            {subscription.cancelAtPeriodEnd ? (
              <ResumeSubscriptionButton />
            ) : (
              <CancelSubscriptionButton subscription={subscription} />
            )}
          </div>
        ) : null}
        {subscription.entitled ? (
          <section className="rounded-2xl border border-dashed border-pro p-5">
            <h2 className="flex items-center gap-2 font-semibold">
              <Clock className="h-4 w-4 text-pro" aria-hidden="true" />
              {t('billing.sandbox.clockTitle')}
            </h2>
            <p className="mt-1 text-sm text-muted">{t('billing.sandbox.clockText')}</p>
            <Button
              variant="secondary"
              className="mt-4"
              disabled={advancing.isLoading}
              aria-busy={advancing.isLoading}
              data-testid="sandbox-advance-clock"
              onClick={async () => {
                const result = await advance();
                if (result.error) return void toast.error(apiErrorMessage(result.error, t));
                const next = result.data.subscription;
                toast.success(
                  next?.entitled
                    ? t('billing.sandbox.clockRenewed', { date: f.date(next.currentPeriodEnd) })
                    : t('billing.sandbox.clockEnded'),
                );
              }}
            >
              {advancing.isLoading ? <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
              {t('billing.sandbox.clockButton')}
            </Button>
          </section>
        ) : null}
      </>
    );
  }

  return (
    <div className="mx-auto flex max-w-md flex-col gap-5" data-testid="sandbox-portal">
      <TestModeBanner text={t('billing.sandbox.portalBanner')} />
      <h1 className="text-2xl font-semibold tracking-tight">{t('billing.sandbox.portalTitle')}</h1>
      {body}
      <Link to="/settings/my-plan" className={buttonClass('ghost', 'md', 'self-start')}>
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {t('billing.sandbox.backToApp')}
      </Link>
    </div>
  );
}
