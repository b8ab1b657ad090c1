import { Crown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { upgradeToProDialogSet } from '../../lib/store/dialogs-slice.ts';
import { useAppDispatch, useAppSelector } from '../../lib/store/store.ts';
import { ProBenefits } from './pro-benefits.tsx';

export default function UpgradeToProDialog() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const open = useAppSelector((s) => s.dialogs.showUpgradeToProDialog);
  const close = () => dispatch(upgradeToProDialogSet(false));
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => (o ? undefined : close())}
      title={
        <span className="flex items-center gap-2">
          <Crown className="h-5 w-5 text-pro" aria-hidden="true" />
          {t('pro.upgradeTitle')}
        </span>
      }
      description={t('pro.upgradeText')}
      testId="upgrade-dialog"
    >
      <ProBenefits />
      <Link to="/payment" onClick={close} className={buttonClass('primary', 'lg', 'mt-6 w-full justify-center')}>
        {t('pro.seePlans')}
      </Link>
    </Dialog>
  );
}
