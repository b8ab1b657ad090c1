import { Crown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppSelector } from '../../app/store.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { SettingsSection } from './settings-section.tsx';

/** Settings → My Plan: the current plan; subscription details and management come with billing. */
export function MyPlan() {
  const { t } = useTranslation();
  const user = useAppSelector((s) => s.user.currentUser);
  if (!user) return null;
  const pro = user.accessLevel === 'pro';
  return (
    <SettingsSection title={t('settings.myPlan')}>
      <p className="flex items-center gap-2 text-lg font-semibold" data-testid="current-plan">
        {pro ? <Crown className="h-5 w-5 text-pro" aria-hidden="true" /> : null}
        {pro ? t('payment.proTitle') : t('payment.freeTitle')}
      </p>
      <p className="mt-1 text-sm text-muted">{pro ? t('payment.proText') : t('payment.freeText')}</p>
      {pro ? null : (
        <Link to="/payment" className={buttonClass('primary', 'md', 'mt-4')}>
          {t('upgrade.cardTitle')}
        </Link>
      )}
    </SettingsSection>
  );
}
