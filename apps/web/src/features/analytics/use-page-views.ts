import type { PageView } from '@polymath/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useTheme } from '../../lib/theme/theme-provider.tsx';
import { sendPageView } from './send-page-view.ts';

/** Spec §2: a page-view event on every path change, sent first-party and stored by the server. */
export function usePageViews(): void {
  const { pathname } = useLocation();
  const { i18n } = useTranslation();
  const { theme } = useTheme();
  // biome-ignore lint/correctness/useExhaustiveDependencies: one event per path change, not per theme or language change
  useEffect(() => {
    // A shared chat's id is the link's secret: analytics see /share/* (as analyticsPath in @polymath/shared,
    // written out here because this runs on the first screen).
    const path = pathname.startsWith('/share/') ? '/share/*' : pathname;
    const view: PageView = {
      path,
      locale: i18n.resolvedLanguage === 'tr' ? 'tr' : 'en',
      theme,
      ...(document.referrer ? { referrer: document.referrer.slice(0, 2048) } : {}),
    };
    sendPageView(view);
    window.dataLayer?.push({ event: 'page_view', page_path: path });
  }, [pathname]);
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}
