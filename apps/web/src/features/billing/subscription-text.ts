import type { BillingPeriod, Subscription } from '@polymath/shared';
import type { TFunction } from 'i18next';
import type { BillingFormat } from './use-billing-format.ts';

/** "Weekly", "3 months", "Monthly", "Yearly". */
export function periodName(period: BillingPeriod, t: TFunction): string {
  return t(`billing.periods.${period}`);
}

/** "Pro · Monthly". */
export function planName(period: BillingPeriod, t: TFunction): string {
  return t('billing.planName', { period: periodName(period, t) });
}

/** "$9.99 per month". */
export function pricePerPeriod(
  amount: number,
  currency: string,
  period: BillingPeriod,
  t: TFunction,
  f: BillingFormat,
) {
  return t(`billing.pricePer.${period}`, { price: f.money(amount, currency) });
}

/** Stripe ended it for good: the period is over or the payment never came. */
const ENDED: readonly Subscription['status'][] = ['canceled', 'incomplete_expired', 'unpaid'];

/**
 * What happens next, in one line: "Renews on {date}", "Pro until {date}, then Free" once
 * cancelled, "Your Pro plan ended on {date}" after that; incomplete and paused say so.
 */
export function subscriptionStatusLine(subscription: Subscription, t: TFunction, f: BillingFormat): string {
  const date = f.date(subscription.currentPeriodEnd);
  if (subscription.entitled) {
    return subscription.cancelAtPeriodEnd
      ? t('billing.status.proUntil', { date })
      : t('billing.status.renewsOn', { date });
  }
  if (ENDED.includes(subscription.status)) return t('billing.status.endedOn', { date });
  if (subscription.status === 'paused') return t('billing.status.paused');
  return t('billing.status.incomplete');
}

/** Pro now, and will renew unless cancelled: what blocks account deletion (spec §4, §6). */
export function isRenewingPro(subscription: Subscription | null | undefined): boolean {
  return Boolean(subscription?.entitled && !subscription.cancelAtPeriodEnd);
}
