import { MessageCircle, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { whatsAppDialogSet } from '../../lib/store/dialogs-slice.ts';
import { useAppDispatch, useAppSelector } from '../../lib/store/store.ts';
import { OpenWhatsApp } from './open-whatsapp.tsx';
import { formatInternational } from './phone-number.ts';
import { useGetWhatsAppStatusQuery } from './whatsapp-api.ts';

/** Where WhatsApp chats live on the web (/whatsapp): what they are, and the number that writes them. */
export function WhatsAppIntro() {
  const { t } = useTranslation('whatsapp');
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector((s) => s.user.currentUser !== null);
  const status = useGetWhatsAppStatusQuery(undefined, { skip: !signedIn });
  const link = status.data?.link;
  return (
    <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-4 px-4 py-12 text-center">
      <span className="inline-flex h-14 w-14 items-center justify-center rounded-2xl bg-[#25d366]/15 text-[#128c4a] dark:text-[#25d366]">
        <MessageCircle className="h-7 w-7" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-semibold tracking-tight">{t('page.title')}</h1>
      <p className="text-muted">{t('page.text')}</p>
      {link ? (
        <>
          <p className="text-sm">{t('linked.text', { phone: formatInternational(link.phone) })}</p>
          <OpenWhatsApp chatUrl={status.data?.chatUrl ?? null} />
        </>
      ) : (
        <Button onClick={() => dispatch(whatsAppDialogSet(true))} data-testid="whatsapp-page-link">
          <MessageCircle className="h-4 w-4" aria-hidden="true" />
          {t('settings.link')}
        </Button>
      )}
    </section>
  );
}

/** In place of the message box under a WhatsApp chat: it is continued in WhatsApp. */
export function WhatsAppReadOnly({ onRefresh }: { onRefresh: () => void }) {
  const { t } = useTranslation('whatsapp');
  const signedIn = useAppSelector((s) => s.user.currentUser !== null);
  const status = useGetWhatsAppStatusQuery(undefined, { skip: !signedIn });
  return (
    <div className="mx-auto w-full max-w-3xl px-3 pt-2 pb-3 sm:px-4" data-testid="whatsapp-read-only">
      <div className="flex flex-col gap-3 rounded-2xl border border-border bg-surface px-4 py-3 sm:flex-row sm:items-center">
        <div className="flex min-w-0 flex-1 items-start gap-3">
          <MessageCircle className="mt-0.5 h-5 w-5 shrink-0 text-[#128c4a] dark:text-[#25d366]" aria-hidden="true" />
          <p className="min-w-0 text-sm">
            {t('page.readOnly')} <span className="text-muted">{t('page.newChat')}</span>
          </p>
        </div>
        <div className="flex shrink-0 justify-end gap-2">
          <Button variant="ghost" size="sm" onClick={onRefresh}>
            <RotateCw className="h-4 w-4" aria-hidden="true" />
            {t('page.refresh')}
          </Button>
          <OpenWhatsApp chatUrl={status.data?.chatUrl ?? null} size="sm" />
        </div>
      </div>
    </div>
  );
}
