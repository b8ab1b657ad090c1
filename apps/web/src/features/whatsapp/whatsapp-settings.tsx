import { Crown, MessageCircle, Unlink } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { SettingsSection } from '../../components/ui/settings-section.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { apiErrorMessage } from '../../lib/api/api-error.ts';
import { upgradeToProDialogSet, whatsAppDialogSet } from '../../lib/store/dialogs-slice.ts';
import { useAppDispatch, useAppSelector } from '../../lib/store/store.ts';
import { toast } from '../../lib/toast/toast.ts';
import { OpenWhatsApp } from './open-whatsapp.tsx';
import { formatInternational } from './phone-number.ts';
import { useGetWhatsAppStatusQuery, useUnlinkWhatsAppMutation } from './whatsapp-api.ts';

/**
 * Settings: the linked WhatsApp number with "Open WhatsApp", unlink and relink (the dialog links
 * and changes numbers); a free account sees that it is part of Pro.
 */
export function WhatsAppSettings() {
  const { t, i18n } = useTranslation('whatsapp');
  const dispatch = useAppDispatch();
  const isPro = useAppSelector((s) => s.user.currentUser?.accessLevel === 'pro');
  const status = useGetWhatsAppStatusQuery();
  const [unlink, unlinking] = useUnlinkWhatsAppMutation();
  const [confirming, setConfirming] = useState(false);
  const link = status.data?.link;

  const doUnlink = async () => {
    const result = await unlink();
    setConfirming(false);
    if (result.error) toast.error(apiErrorMessage(result.error, t));
    else toast.success(t('settings.unlinked'));
  };

  return (
    <SettingsSection title={t('settings.title')} description={t('settings.description')}>
      <div data-testid="whatsapp-settings">
        {status.isLoading ? (
          <Spinner className="h-5 w-5" />
        ) : link ? (
          <div className="flex flex-col gap-4">
            <div className="flex items-center gap-3">
              <span className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-[#25d366]/15 text-[#128c4a] dark:text-[#25d366]">
                <MessageCircle className="h-5 w-5" aria-hidden="true" />
              </span>
              <div className="min-w-0">
                <p className="text-sm text-muted">{t('settings.number')}</p>
                <p className="font-semibold tabular-nums" data-testid="whatsapp-linked-number">
                  {formatInternational(link.phone)}
                </p>
                <p className="text-xs text-muted">
                  {t('settings.since', {
                    date: new Date(link.linkedAt).toLocaleDateString(i18n.language, { dateStyle: 'medium' }),
                  })}
                </p>
              </div>
            </div>
            <div className="flex flex-wrap gap-2">
              <OpenWhatsApp chatUrl={status.data?.chatUrl ?? null} />
              {isPro ? (
                <Button variant="secondary" onClick={() => dispatch(whatsAppDialogSet(true))}>
                  {t('linked.change')}
                </Button>
              ) : null}
              <Button variant="ghost" onClick={() => setConfirming(true)} data-testid="whatsapp-unlink">
                <Unlink className="h-4 w-4" aria-hidden="true" />
                {t('settings.unlink')}
              </Button>
            </div>
          </div>
        ) : isPro ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted">{t('settings.notLinked')}</p>
            <Button onClick={() => dispatch(whatsAppDialogSet(true))} data-testid="whatsapp-link">
              <MessageCircle className="h-4 w-4" aria-hidden="true" />
              {t('settings.link')}
            </Button>
          </div>
        ) : (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted">{t('pro.text')}</p>
            <Button variant="secondary" onClick={() => dispatch(upgradeToProDialogSet(true))}>
              <Crown className="h-4 w-4 text-pro" aria-hidden="true" />
              {t('pro.action')}
            </Button>
          </div>
        )}
      </div>
      {link ? (
        <Dialog
          open={confirming}
          onOpenChange={setConfirming}
          title={t('settings.unlinkTitle', { phone: formatInternational(link.phone) })}
          description={t('settings.unlinkText')}
          testId="whatsapp-unlink-dialog"
        >
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              {t('settings.cancel')}
            </Button>
            <Button variant="danger" onClick={() => void doUnlink()} disabled={unlinking.isLoading}>
              {t('settings.unlink')}
            </Button>
          </div>
        </Dialog>
      ) : null}
    </SettingsSection>
  );
}
