import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** While the browser has no network, a running app says so; it goes once the connection is back. */
export function OfflineNotice() {
  const { t } = useTranslation();
  const online = useSyncExternalStore(subscribe, () => navigator.onLine);
  if (online) return null;
  return (
    <p
      role="status"
      data-testid="offline-notice"
      className="fixed inset-x-0 top-3 z-50 mx-auto w-fit max-w-[calc(100%-1.5rem)] rounded-full bg-fg px-4 py-1.5 text-center text-sm text-bg shadow-lg"
    >
      {t('offline.notice')}
    </p>
  );
}
