import { useCallback, useEffect, useState } from 'react';
import { redirectTo } from './redirect.ts';

/**
 * Goes to a payment page and reports that it is on the way, so the button keeps its spinner until
 * the page unloads. Coming back with the browser's Back button (a page restored from the
 * back-forward cache) makes the button usable again.
 */
export function useRedirect(): { redirecting: boolean; go: (url: string) => void } {
  const [redirecting, setRedirecting] = useState(false);
  useEffect(() => {
    const onPageShow = (e: PageTransitionEvent) => {
      if (e.persisted) setRedirecting(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);
  const go = useCallback((url: string) => {
    setRedirecting(true);
    redirectTo(url);
  }, []);
  return { redirecting, go };
}
