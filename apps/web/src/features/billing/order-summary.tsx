import type { BillingPeriod } from '@polymath/shared';
import { useTranslation } from 'react-i18next';
import { planName } from './subscription-text.ts';
import { useBillingFormat } from './use-billing-format.ts';

export type OrderLines = {
  period: BillingPeriod;
  amount: number;
  tax: number;
  total: number;
  currency: string;
};

/** Subtotal, tax (with its rate when known) and total of one plan, and how often it renews. */
export function OrderSummary({ order, taxPercent }: { order: OrderLines; taxPercent?: number | undefined }) {
  const { t } = useTranslation();
  const f = useBillingFormat();
  const rows = [
    { id: 'subtotal', label: t('billing.subtotal'), value: f.money(order.amount, order.currency) },
    {
      id: 'tax',
      label: taxPercent === undefined ? t('billing.taxPlain') : t('billing.tax', { percent: f.percent(taxPercent) }),
      value: f.money(order.tax, order.currency),
    },
  ];
  return (
    <div>
      <p className="font-semibold">{planName(order.period, t)}</p>
      <dl className="mt-3 flex flex-col gap-2 text-sm">
        {rows.map((row) => (
          <div key={row.id} className="flex items-baseline justify-between gap-4" data-testid={`summary-${row.id}`}>
            <dt className="text-muted">{row.label}</dt>
            <dd className="tabular-nums">{row.value}</dd>
          </div>
        ))}
        <div
          className="mt-1 flex items-baseline justify-between gap-4 border-t border-border pt-3 text-base font-semibold"
          data-testid="summary-total"
        >
          <dt>{t('billing.total')}</dt>
          <dd className="tabular-nums">{f.money(order.total, order.currency)}</dd>
        </div>
      </dl>
      <p className="mt-3 text-xs text-muted">{t(`billing.renewsEvery.${order.period}`)}</p>
    </div>
  );
}
