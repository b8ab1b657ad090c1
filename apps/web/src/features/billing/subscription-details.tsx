import type { Subscription } from '@polymath/shared';
import { useTranslation } from 'react-i18next';
import { planName, pricePerPeriod } from './subscription-text.ts';
import { useBillingFormat } from './use-billing-format.ts';

/** Plan, price, (status) and the date that matters next, as a small list of label–value rows. */
export function SubscriptionDetails({
  subscription,
  showStatus = false,
}: {
  subscription: Subscription;
  showStatus?: boolean;
}) {
  const { t } = useTranslation();
  const f = useBillingFormat();
  const dateLabel = !subscription.entitled
    ? t('billing.details.endedOn')
    : subscription.cancelAtPeriodEnd
      ? t('billing.details.proUntil')
      : t('billing.details.renewsOn');
  const rows = [
    { id: 'plan', label: t('billing.details.plan'), value: planName(subscription.period, t) },
    {
      id: 'price',
      label: t('billing.details.price'),
      value: pricePerPeriod(subscription.amount, subscription.currency, subscription.period, t, f),
    },
    ...(showStatus
      ? [{ id: 'status', label: t('billing.details.status'), value: t(`billing.statuses.${subscription.status}`) }]
      : []),
    { id: 'date', label: dateLabel, value: f.date(subscription.currentPeriodEnd) },
  ];
  return (
    <dl className="flex flex-col divide-y divide-border text-sm">
      {rows.map((row) => (
        <div key={row.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 py-2.5">
          <dt className="text-muted">{row.label}</dt>
          <dd className="font-medium" data-testid={`subscription-${row.id}`}>
            {row.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
