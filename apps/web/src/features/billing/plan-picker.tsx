import type { BillingPeriod, PlanOffer } from '@polymath/shared';
import { Check } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn.ts';
import { periodName } from './subscription-text.ts';
import { useBillingFormat } from './use-billing-format.ts';

/** The plan selected before the person chooses: the best value, else the first offer. */
export function defaultPeriod(plans: readonly PlanOffer[]): BillingPeriod | undefined {
  return (plans.find((p) => p.bestValue) ?? plans[0])?.period;
}

/**
 * The billing periods as one radio group of the browser's own radio buttons (arrow keys move the
 * choice, Tab enters at the chosen one), each card the button's label: the period, its price and how
 * often it is billed; the best-value offer carries the "Save N%" badge with its own saving. Native
 * radios rather than a script widget: /payment is a first screen, and they need no code (B8).
 */
export function PlanPicker({
  plans,
  selected,
  onSelect,
  disabled = false,
}: {
  plans: readonly PlanOffer[];
  selected: BillingPeriod | undefined;
  onSelect: (period: BillingPeriod) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const f = useBillingFormat();
  const name = useId();
  return (
    <div role="radiogroup" aria-label={t('billing.choosePeriod')} className="grid grid-cols-2 gap-3 pt-3">
      {plans.map((plan) => (
        <label
          key={plan.period}
          data-testid={`plan-${plan.period}`}
          className={cn(
            'group relative flex min-h-32 cursor-pointer flex-col items-start rounded-2xl border-2 p-4 text-left transition',
            'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-accent',
            'border-border bg-surface hover:border-accent/50',
            'has-checked:border-accent has-checked:bg-accent-soft',
            'has-disabled:cursor-not-allowed has-disabled:opacity-60',
          )}
        >
          <input
            type="radio"
            name={name}
            value={plan.period}
            checked={selected === plan.period}
            onChange={() => onSelect(plan.period)}
            disabled={disabled}
            className="sr-only"
          />
          {plan.bestValue && plan.savingsPercent ? (
            <span
              data-testid="plan-badge"
              className="absolute -top-3 right-3 rounded-full bg-pro px-2.5 py-0.5 text-xs font-bold text-bg shadow-sm"
            >
              {t('billing.save', { percent: f.percent(plan.savingsPercent) })}
            </span>
          ) : null}
          <span className="flex w-full items-center justify-between gap-2">
            <span className="text-sm font-semibold">{periodName(plan.period, t)}</span>
            <span
              aria-hidden="true"
              className="flex h-5 w-5 shrink-0 items-center justify-center rounded-full border-2 border-border group-has-checked:border-accent group-has-checked:bg-accent"
            >
              <Check className="hidden h-3 w-3 text-accent-fg group-has-checked:block" strokeWidth={3} />
            </span>
          </span>
          <span className="mt-3 text-2xl font-bold tracking-tight">{f.money(plan.amount, plan.currency)}</span>
          <span className="mt-1 text-xs text-muted">{t(`billing.billedEvery.${plan.period}`)}</span>
        </label>
      ))}
    </div>
  );
}
