import { Check, Crown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ProBenefits } from './pro-benefits.tsx';

const FREE_KEYS = ['dailyMessages', 'freeModels', 'creativeTools', 'recentHistory'] as const;

/** What Free and Pro give, side by side (spec §1). */
export function PlanComparison() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="plan-comparison-title">
      <h2 id="plan-comparison-title" className="text-center text-lg font-semibold">
        {t('billing.compareTitle')}
      </h2>
      <div className="mt-4 grid gap-3 md:grid-cols-2">
        <div className="rounded-2xl border border-border bg-surface p-5">
          <h3 className="font-semibold">{t('payment.freeTitle')}</h3>
          <p className="mt-1 text-sm text-muted">{t('payment.freeText')}</p>
          <ul className="mt-4 flex flex-col gap-2.5">
            {FREE_KEYS.map((key) => (
              <li key={key} className="flex items-start gap-2.5 text-sm">
                <Check className="mt-0.5 h-4 w-4 shrink-0 text-muted" aria-hidden="true" />
                {t(`payment.free.${key}`)}
              </li>
            ))}
          </ul>
        </div>
        <div className="rounded-2xl border border-accent/60 bg-surface p-5">
          <h3 className="flex items-center gap-2 font-semibold">
            <Crown className="h-4 w-4 text-pro" aria-hidden="true" />
            {t('payment.proTitle')}
          </h3>
          <p className="mb-4 mt-1 text-sm text-muted">{t('payment.proText')}</p>
          <ProBenefits />
        </div>
      </div>
    </section>
  );
}
