import { CheckCircle2, Crown, LogIn, MessageCircle } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { LoadingPlaceholder } from '../../components/ui/loading-placeholder.tsx';
import { apiErrorMessage } from '../../lib/api/api-error.ts';
import { authDialogOpened, upgradeToProDialogSet, whatsAppDialogSet } from '../../lib/store/dialogs-slice.ts';
import { useAppDispatch, useAppSelector } from '../../lib/store/store.ts';
import { LinkNumber } from './link-number.tsx';
import { OpenWhatsApp } from './open-whatsapp.tsx';
import { formatInternational } from './phone-number.ts';
import { useGetWhatsAppStatusQuery } from './whatsapp-api.ts';

/**
 * The WhatsApp dialog (spec §2, flag `whatsApp isOpen`): a visitor is asked to sign in, a free
 * account sees that WhatsApp chat is part of Pro, a Pro account links a number (country, number,
 * code) or sees the linked one with "Open WhatsApp" and can change it.
 */
export default function WhatsAppDialog() {
  const { t } = useTranslation('whatsapp');
  const dispatch = useAppDispatch();
  const open = useAppSelector((s) => s.dialogs.whatsApp.isOpen);
  const user = useAppSelector((s) => s.user.currentUser);
  const close = () => dispatch(whatsAppDialogSet(false));
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => (o ? undefined : close())}
      title={
        <span className="flex items-center gap-2">
          <MessageCircle className="h-5 w-5 text-[#25d366]" aria-hidden="true" />
          {t('title')}
        </span>
      }
      description={t('description')}
      testId="whatsapp-dialog"
    >
      {!user ? (
        <Notice
          text={t('signIn.text')}
          action={
            <Button
              size="lg"
              className="w-full justify-center"
              onClick={() => {
                close();
                dispatch(authDialogOpened('signIn'));
              }}
            >
              <LogIn className="h-4 w-4" aria-hidden="true" />
              {t('signIn.action')}
            </Button>
          }
        />
      ) : user.accessLevel !== 'pro' ? (
        <Notice
          text={t('pro.text')}
          action={
            <Button
              size="lg"
              className="w-full justify-center"
              onClick={() => {
                close();
                dispatch(upgradeToProDialogSet(true));
              }}
            >
              <Crown className="h-4 w-4" aria-hidden="true" />
              {t('pro.action')}
            </Button>
          }
        />
      ) : open ? (
        // Mounted while open only: every opening starts from what the server says now.
        <ProAccount onClose={close} />
      ) : null}
    </Dialog>
  );
}

function Notice({ text, action }: { text: string; action: ReactNode }) {
  return (
    <div className="flex flex-col gap-4" data-testid="whatsapp-notice">
      <p className="text-sm">{text}</p>
      {action}
    </div>
  );
}

function ProAccount({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('whatsapp');
  const [changing, setChanging] = useState(false);
  const [justLinked, setJustLinked] = useState(false);
  const [polling, setPolling] = useState(true);
  // While a code is on its way, its delivery is followed (sent → delivered, or failed).
  const status = useGetWhatsAppStatusQuery(undefined, {
    refetchOnMountOrArgChange: true,
    pollingInterval: polling ? 3000 : 0,
  });
  const data = status.data;
  const wantsPolling = Boolean(data?.pending) && !justLinked;
  if (data && wantsPolling !== polling) setPolling(wantsPolling);

  if (!data) {
    if (status.isError) {
      return (
        <p role="alert" className="text-sm text-danger">
          {apiErrorMessage(status.error, t)}
        </p>
      );
    }
    return <LoadingPlaceholder />;
  }
  if (data.link && !changing) {
    return (
      <div className="flex flex-col gap-4" data-testid="whatsapp-linked">
        {justLinked ? (
          <p className="flex items-center gap-2 text-sm font-semibold text-success" role="status">
            <CheckCircle2 className="h-5 w-5" aria-hidden="true" />
            {t('linked.done')}
          </p>
        ) : (
          <p className="text-sm font-semibold">{t('linked.title')}</p>
        )}
        <p className="text-sm">{t('linked.text', { phone: formatInternational(data.link.phone) })}</p>
        <OpenWhatsApp chatUrl={data.chatUrl} onNavigate={onClose} className="w-full justify-center" />
        <div className="flex flex-wrap justify-between gap-2">
          <Button variant="ghost" size="sm" onClick={() => setChanging(true)}>
            {t('linked.change')}
          </Button>
          <Link to="/settings/login-connections" onClick={onClose} className={buttonClass('ghost', 'sm')}>
            {t('linked.settings')}
          </Link>
        </div>
      </div>
    );
  }
  return (
    <LinkNumber
      status={data}
      onLinked={() => {
        setJustLinked(true);
        setChanging(false);
      }}
    />
  );
}
