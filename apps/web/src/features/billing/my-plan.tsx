import type { Subscription } from '@polymath/shared';
import { Crown, RotateCw, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { SettingsSection } from '../../components/ui/settings-section.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { apiErrorMessage } from '../../lib/api/api-error.ts';
import { useAppSelector } from '../../lib/store/store.ts';
import { useSubscription } from './billing-api.ts';
import { MY_PLAN_NS, registerMyPlanTexts } from './my-plan-texts.ts';
import {
  CancelSubscriptionButton,
  ManageSubscriptionButton,
  ResumeSubscriptionButton,
} from './subscription-actions.tsx';
import { periodName, pricePerPeriod, subscriptionStatusLine } from './subscription-text.ts';
import { useBillingFormat } from './use-billing-format.ts';

registerMyPlanTexts();

/**
 * Settings → My Plan: Free or Pro, the price and what happens next (renews, ends, ended), Pro the
 * team granted and until when, and the actions: manage in the portal, cancel at period end (Pro
 * stays until then, spec §4), resume, or upgrade.
 */
export function MyPlan() {
  const { t } = useTranslation();
  const { t: tp } = useTranslation(MY_PLAN_NS);
  const f = useBillingFormat();
  const user = useAppSelector((s) => s.user.currentUser);
  const { data, isLoading, error, isFetching, refetch } = useSubscription();
  const [notice, setNotice] = useState<string>();
  if (!user) return null;

  const subscription = data?.subscription ?? null;
  const grantedUntil = data?.proGrantedUntil ?? null;
  const pro = user.accessLevel === 'pro' || Boolean(subscription?.entitled) || grantedUntil !== null;
  let details: React.ReactNode;
  if (isLoading) {
    details = (
      <p role="status" className="mt-3 flex items-center gap-2 text-sm text-muted">
        <Spinner className="h-4 w-4" />
        {t('loading.content')}
      </p>
    );
  } else if (!data) {
    // The plan itself is known from the profile; only the subscription's details are missing.
    details = (
      <div role="alert" className="mt-3 flex flex-wrap items-center gap-3" data-testid="my-plan-error">
        <p className="text-sm text-danger">{apiErrorMessage(error, t)}</p>
        <Button variant="secondary" size="sm" onClick={() => void refetch()} disabled={isFetching}>
          <RotateCw className={cn('h-4 w-4', isFetching && 'animate-spin')} aria-hidden="true" />
          {t('billing.retry')}
        </Button>
      </div>
    );
  } else if (subscription) details = <SubscriptionLines subscription={subscription} />;
  else if (grantedUntil) details = null;
  else details = <p className="mt-1 text-sm text-muted">{pro ? t('payment.proText') : t('payment.freeText')}</p>;

  return (
    <SettingsSection title={t('settings.myPlan')}>
      <p className="flex flex-wrap items-center gap-x-2 text-lg font-semibold">
        {pro ? <Crown className="h-5 w-5 text-pro" aria-hidden="true" /> : null}
        <span data-testid="current-plan">{pro ? t('payment.proTitle') : t('payment.freeTitle')}</span>
        {subscription?.entitled ? (
          <span className="font-normal text-muted">· {periodName(subscription.period, t)}</span>
        ) : null}
      </p>
      {grantedUntil ? (
        <p className="mt-1 text-sm font-medium" data-testid="my-plan-granted">
          {tp('granted', { date: f.date(grantedUntil) })}
        </p>
      ) : null}
      {details}
      {notice ? (
        <p
          role="status"
          className="mt-4 rounded-xl bg-accent-soft px-3 py-2 text-sm font-medium text-accent"
          data-testid="my-plan-notice"
        >
          {notice}
        </p>
      ) : null}
      <div className="mt-5 flex flex-wrap gap-2">
        {subscription ? <ManageSubscriptionButton /> : null}
        {subscription?.entitled && !subscription.cancelAtPeriodEnd ? (
          <CancelSubscriptionButton subscription={subscription} onCancelled={setNotice} />
        ) : null}
        {subscription?.entitled && subscription.cancelAtPeriodEnd ? (
          <ResumeSubscriptionButton onResumed={setNotice} />
        ) : null}
        {pro ? null : (
          <Link to="/payment" className={buttonClass('primary')} data-testid="upgrade-to-pro">
            <Crown className="h-4 w-4" aria-hidden="true" />
            {t('upgrade.cardTitle')}
          </Link>
        )}
      </div>
    </SettingsSection>
  );
}

function SubscriptionLines({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation();
  const f = useBillingFormat();
  return (
    <>
      {subscription.entitled ? (
        <p className="mt-1 text-sm text-muted" data-testid="my-plan-price">
          {pricePerPeriod(subscription.amount, subscription.currency, subscription.period, t, f)}
        </p>
      ) : null}
      <p
        className={cn('mt-3 text-sm font-medium', subscription.entitled ? '' : 'text-muted')}
        data-testid="my-plan-status"
      >
        {subscriptionStatusLine(subscription, t, f)}
      </p>
      {subscription.status === 'past_due' ? (
        <p role="alert" className="mt-3 flex items-start gap-2 text-sm text-danger">
          <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          {t('billing.status.pastDue')}
        </p>
      ) : null}
    </>
  );
}
