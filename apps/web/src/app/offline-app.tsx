import { WifiOff } from 'lucide-react';
import { StrictMode, useCallback, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/ui/button.tsx';
import { initI18n } from '../lib/i18n/i18n.ts';
import { loadMoreTexts } from '../lib/i18n/more-texts.ts';

/** How often the offline screen asks whether the server answers again. */
const PROBE_INTERVAL_MS = 10_000;

/**
 * The page the service worker serves when a page load finds no network (decision 031): this build's
 * app shell, without the server's boot data or any session. It shows a clear offline state in the
 * person's language and theme (index.html's script and i18n, as on any load), and reloads the page
 * as soon as the server answers again, which then comes from the network with its data and session.
 */
export async function startOfflineApp(container: HTMLElement): Promise<void> {
  await initI18n();
  await loadMoreTexts();
  createRoot(container).render(
    <StrictMode>
      <OfflineScreen />
    </StrictMode>,
  );
}

function OfflineScreen() {
  const { t } = useTranslation('offline');
  const [checking, setChecking] = useState(false);

  const reconnect = useCallback(async () => {
    setChecking(true);
    try {
      const res = await fetch('/healthz', { cache: 'no-store' });
      // The shell's own address is not a page of the app: back online, go to the chat.
      if (res.ok) location.replace(location.pathname === '/app-shell.html' ? '/web-main' : location.href);
    } catch {
      // Still offline.
    }
    setChecking(false);
  }, []);

  useEffect(() => {
    const onOnline = () => void reconnect();
    window.addEventListener('online', onOnline);
    const timer = setInterval(onOnline, PROBE_INTERVAL_MS);
    return () => {
      window.removeEventListener('online', onOnline);
      clearInterval(timer);
    };
  }, [reconnect]);

  return (
    <main className="flex min-h-full items-center justify-center p-6" data-testid="offline-screen">
      <div className="flex max-w-sm flex-col items-center gap-4 text-center">
        <span className="flex h-14 w-14 items-center justify-center rounded-2xl bg-surface-2 text-muted">
          <WifiOff className="h-7 w-7" aria-hidden="true" />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
        <p className="text-muted">{t('text')}</p>
        <Button onClick={() => void reconnect()} disabled={checking}>
          {t('retry')}
        </Button>
        <p role="status" aria-live="polite" className="min-h-5 text-sm text-muted">
          {checking ? t('checking') : ''}
        </p>
      </div>
    </main>
  );
}
