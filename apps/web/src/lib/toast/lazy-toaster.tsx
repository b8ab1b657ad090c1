import { TOAST_DURATION_MS, TOAST_VISIBLE_MAX } from '@polymath/shared';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTheme } from '../theme/theme-provider.tsx';
import { onSonnerRequested, sonnerRequested } from './toast.ts';

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/**
 * Spec §9: toasts last 4000 ms, at most 3 at once, and follow the theme (§4). Mounted only once a
 * toast was raised (toast.ts), so the first screen does not fetch the library.
 */
export function LazyToaster() {
  const { theme } = useTheme();
  const [requested, setRequested] = useState(sonnerRequested);
  useEffect(() => {
    if (sonnerRequested()) setRequested(true);
    return onSonnerRequested(() => setRequested(true));
  }, []);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        theme={theme}
        duration={TOAST_DURATION_MS}
        visibleToasts={TOAST_VISIBLE_MAX}
        position="top-center"
        richColors
        closeButton
      />
    </Suspense>
  );
}
