import { PartyPopper } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { subscriptionSuccessDialogSet } from '../../lib/store/dialogs-slice.ts';
import { useAppDispatch, useAppSelector } from '../../lib/store/store.ts';
import { ProBenefits } from './pro-benefits.tsx';

export default function SubscriptionSuccessDialog() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const open = useAppSelector((s) => s.dialogs.showSubscriptionSuccessDialog);
  const close = () => dispatch(subscriptionSuccessDialogSet(false));
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => (o ? undefined : close())}
      title={
        <span className="flex items-center gap-2">
          <PartyPopper className="h-5 w-5 text-accent" aria-hidden="true" />
          {t('pro.successTitle')}
        </span>
      }
      description={t('pro.successText')}
      testId="subscription-success-dialog"
    >
      <ProBenefits />
      <Link to="/web-main" onClick={close} className={buttonClass('primary', 'lg', 'mt-6 w-full justify-center')}>
        {t('pro.startChatting')}
      </Link>
    </Dialog>
  );
}
