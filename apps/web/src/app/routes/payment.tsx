import { Check, Crown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ProBenefits } from '../../features/billing/pro-benefits.tsx';
import { PublicLayout } from '../layouts/public-layout.tsx';

const FREE_KEYS = ['dailyMessages', 'freeModels', 'recentHistory'] as const;

/** /payment: what Free and Pro give. Plans, prices and checkout arrive with billing. */
export function Component() {
  const { t } = useTranslation();
  return (
    <PublicLayout wide>
      <div className="text-center">
        <h1 className="text-3xl font-semibold tracking-tight">{t('payment.title')}</h1>
        <p className="mt-3 text-muted">{t('payment.subtitle')}</p>
      </div>
      <div className="mt-10 grid gap-4 md:grid-cols-2">
        <section className="rounded-2xl border border-border bg-surface p-6">
          <h2 className="text-lg font-semibold">{t('payment.freeTitle')}</h2>
          <p className="mt-1 text-sm text-muted">{t('payment.freeText')}</p>
          <ul className="mt-5 flex flex-col gap-2.5">
            {FREE_KEYS.map((key) => (
              <li key={key} className="flex items-start gap-2.5 text-sm">
                <Check className="mt-0.5 h-4 w-4 shrink-0 text-muted" aria-hidden="true" />
                {t(`payment.free.${key}`)}
              </li>
            ))}
          </ul>
        </section>
        <section className="rounded-2xl border-2 border-accent bg-bg p-6 shadow-lg">
          <h2 className="flex items-center gap-2 text-lg font-semibold">
            <Crown className="h-5 w-5 text-pro" aria-hidden="true" />
            {t('payment.proTitle')}
          </h2>
          <p className="mb-5 mt-1 text-sm text-muted">{t('payment.proText')}</p>
          <ProBenefits />
        </section>
      </div>
    </PublicLayout>
  );
}
