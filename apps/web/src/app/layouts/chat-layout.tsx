import { toolIdFromPath } from '@polymath/shared';
import { MessageCircle } from 'lucide-react';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useSearchParams } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { LoadingPlaceholder } from '../../components/ui/loading-placeholder.tsx';
import { ModelPicker } from '../../features/models/model-picker.tsx';
import { whatsAppDialogSet } from '../../lib/store/dialogs-slice.ts';
import { useAppDispatch } from '../../lib/store/store.ts';
import { AppShell } from './app-shell.tsx';

/**
 * The shared chat layout (spec §2): history sidebar, header with the model picker of the page's
 * tool, and the page: every tool page is a whole conversation with its own input and scrolling.
 */
export function Component() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  // The link WhatsApp sends an unknown number (/web-main?whatsapp=link) opens the dialog.
  const linkRequested = params.get('whatsapp') === 'link';
  useEffect(() => {
    if (!linkRequested) return;
    dispatch(whatsAppDialogSet(true));
    setParams(
      (current) => {
        current.delete('whatsapp');
        return current;
      },
      { replace: true },
    );
  }, [linkRequested, dispatch, setParams]);
  // WhatsApp chats use the linked number's model, chosen there: no picker on their pages.
  const whatsapp = toolIdFromPath(pathname) === 'whatsapp';
  return (
    <AppShell
      messageBox={!whatsapp}
      headerStart={
        whatsapp ? (
          <span className="flex items-center gap-2 px-2 font-semibold">
            <MessageCircle className="h-5 w-5 text-[#128c4a] dark:text-[#25d366]" aria-hidden="true" />
            {t('tools:whatsapp.title')}
          </span>
        ) : (
          <ModelPicker />
        )
      }
      headerEnd={
        <button
          type="button"
          onClick={() => dispatch(whatsAppDialogSet(true))}
          className={buttonClass('ghost', 'sm', 'h-10')}
          data-testid="open-whatsapp"
        >
          <MessageCircle className="h-5 w-5 text-[#25d366]" aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">{t('whatsapp.button')}</span>
        </button>
      }
    >
      <Suspense fallback={<LoadingPlaceholder />}>
        <Outlet />
      </Suspense>
    </AppShell>
  );
}
