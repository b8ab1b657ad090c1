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
  // The host is there from the first render, even before any toast: an open dialog hides the rest of
  // the page from assistive technology and from role queries (Radix's hideOthers), except [aria-live]
  // elements that exist when it opens. A Toaster first mounted while a dialog is open (the lightbox's
  // Delete raises the first toast) would otherwise have its Undo hidden. aria-live="off" is the default
  // politeness, so the host announces nothing itself; sonner's own region does.
  return (
    <div aria-live="off" data-testid="toaster-host">
      {requested ? (
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
      ) : null}
    </div>
  );
}
