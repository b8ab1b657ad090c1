import { toolIdFromPath } from '@polymath/shared';
import { MessageCircle } from 'lucide-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { LoadingPlaceholder } from '../../components/ui/loading-placeholder.tsx';
import { ChatInput } from '../../features/chat/chat-input.tsx';
import { ModelPicker } from '../../features/models/model-picker.tsx';
import { whatsAppDialogSet } from '../../lib/store/dialogs-slice.ts';
import { useAppDispatch } from '../../lib/store/store.ts';
import { AppShell } from './app-shell.tsx';

/**
 * The shared chat layout (spec §2): history sidebar, header with the model, the screen, the input.
 * The main chat (web-main) is a whole conversation with its own input and scrolling; the other tools
 * show their screen above the shared input.
 */
export function Component() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const toolId = toolIdFromPath(pathname);
  return (
    <AppShell
      headerStart={<ModelPicker />}
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
      {toolId === 'web-main' ? (
        <Suspense fallback={<LoadingPlaceholder />}>
          <Outlet />
        </Suspense>
      ) : (
        <>
          <div className="min-h-0 flex-1 overflow-y-auto">
            <Suspense fallback={<LoadingPlaceholder />}>
              <Outlet />
            </Suspense>
          </div>
          <ChatInput draftKey={toolId} />
        </>
      )}
    </AppShell>
  );
}
