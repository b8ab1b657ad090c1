import type { Subscription } from '@polymath/shared';
import { Crown, Settings } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { ManageSubscriptionButton } from './subscription-actions.tsx';
import { SubscriptionDetails } from './subscription-details.tsx';

/** /payment for someone who is Pro already: what they have, and where to manage it (spec §2). */
export function ActiveSubscription({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-md flex-col items-center text-center" data-testid="active-subscription">
      <span className="flex h-14 w-14 items-center justify-center rounded-full bg-accent-soft">
        <Crown className="h-7 w-7 text-pro" aria-hidden="true" />
      </span>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight sm:text-3xl">{t('billing.active.title')}</h1>
      <p className="mt-2 text-muted">{t('billing.active.text')}</p>
      <div className="mt-6 w-full rounded-2xl border border-border bg-surface px-5 py-2 text-left">
        <SubscriptionDetails subscription={subscription} />
      </div>
      <div className="mt-6 flex w-full flex-col gap-2 sm:flex-row sm:justify-center">
        <ManageSubscriptionButton variant="primary" className="justify-center" />
        <Link to="/settings/my-plan" className={buttonClass('secondary', 'md', 'justify-center')}>
          <Settings className="h-4 w-4" aria-hidden="true" />
          {t('billing.active.myPlan')}
        </Link>
      </div>
    </div>
  );
}
