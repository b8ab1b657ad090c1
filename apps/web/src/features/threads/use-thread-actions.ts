import type { Thread } from '@polymath/shared';
import { threadPagePath } from '@polymath/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { apiErrorMessage } from '../../lib/api/api-error.ts';
import { useAppDispatch } from '../../lib/store/store.ts';
import { toast } from '../../lib/toast/toast.ts';
import { threadIdFromPath } from './thread-path.ts';
import { threadsApi } from './threads-api.ts';

/**
 * Star / unstar, share and delete-with-undo for a history row. The calls are dispatched directly, not
 * through mutation hooks, because the row is gone by the time the server answers or Undo is pressed.
 */
export function useThreadActions() {
  const { t } = useTranslation('threads');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  function toggleStar(thread: Thread) {
    dispatch(threadsApi.endpoints.setThreadStarred.initiate({ id: thread.id, starred: !thread.starred }))
      .unwrap()
      .catch((error: unknown) => toast.error(apiErrorMessage(error, t)));
  }

  /** Removes the row at once; the toast's Undo restores it (after the delete has gone through). */
  function remove(thread: Thread) {
    const deletion = dispatch(threadsApi.endpoints.deleteThread.initiate(thread.id)).unwrap();
    if (threadIdFromPath(pathname) === thread.id) navigate(threadPagePath(thread.toolId, undefined, thread.pathId));
    const deleted: Promise<boolean> = deletion.then(
      () => true,
      (error: unknown) => {
        // The row is back (the cache change was rolled back); the "Chat deleted" toast goes away.
        toast.dismiss(toastId);
        toast.error(apiErrorMessage(error, t));
        return false;
      },
    );
    const toastId = toast(t('deleted'), {
      action: {
        label: t('undo'),
        onClick: () => {
          void deleted.then(async (ok) => {
            if (!ok) return;
            const restored = await dispatch(threadsApi.endpoints.restoreThread.initiate(thread.id));
            if (restored.error) toast.error(apiErrorMessage(restored.error, t));
          });
        },
      },
    });
  }

  // The thread whose share dialog is open (the list renders it, loaded the first time).
  const [sharing, setSharing] = useState<string | null>(null);
  const share = (thread: Thread) => setSharing(thread.id);
  const stopSharing = () => setSharing(null);

  return { toggleStar, remove, share, sharing, stopSharing };
}
