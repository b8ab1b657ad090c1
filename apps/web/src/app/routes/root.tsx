import { useDeferredValue } from 'react';
import { Outlet } from 'react-router';
import { LoadingPlaceholder } from '../../components/ui/loading-placeholder.tsx';
import { TrackingTags } from '../../features/analytics/tracking-tags.tsx';
import { usePageViews } from '../../features/analytics/use-page-views.ts';
import { useAuthSession } from '../../features/auth/use-auth-session.ts';
import { useGetPublicConfigQuery } from '../../lib/api/base-api.ts';
import { useAppSelector } from '../../lib/store/store.ts';
import { OfflineNotice } from '../offline-notice.tsx';
import { Overlays } from '../overlays.tsx';
import { useDocumentTitle } from '../use-document-title.ts';

/** The root of every route: page views, the tags (with consent), the user, overlays. */
export function Component() {
  // The whole app appears once the user is known. A store change renders at once and in one piece
  // (useSyncExternalStore), which for the whole tree is a long task just after the first paint (B8:
  // total blocking time); the deferred value renders it as a transition, which yields to the browser.
  const isLoadingUser = useDeferredValue(useAppSelector((s) => s.user.isLoadingUser));
  const { data: config } = useGetPublicConfigQuery();
  usePageViews();
  useAuthSession();
  useDocumentTitle();

  return (
    <>
      {isLoadingUser ? <LoadingPlaceholder fixed /> : <Outlet />}
      <Overlays />
      <TrackingTags config={config} />
      <OfflineNotice />
    </>
  );
}
