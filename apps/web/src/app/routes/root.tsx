import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { LoadingPlaceholder } from '../../components/ui/loading-placeholder.tsx';
import { startThirdPartyTags } from '../../features/analytics/third-party-tags.ts';
import { usePageViews } from '../../features/analytics/use-page-views.ts';
import { useGetPublicConfigQuery } from '../../lib/api/base-api.ts';
import { userSignedOut } from '../../lib/store/user-slice.ts';
import { Overlays } from '../overlays.tsx';
import { useAppDispatch, useAppSelector } from '../store.ts';

/** The root of every route: page views, start-up tags, the user, overlays. */
export function Component() {
  const dispatch = useAppDispatch();
  const isLoadingUser = useAppSelector((s) => s.user.isLoadingUser);
  const { data: config } = useGetPublicConfigQuery();
  usePageViews();

  useEffect(() => {
    if (config) startThirdPartyTags(config);
  }, [config]);

  // Accounts are not wired yet: every visitor is signed out, so user loading ends at once.
  useEffect(() => {
    dispatch(userSignedOut());
  }, [dispatch]);

  return (
    <>
      {isLoadingUser ? <LoadingPlaceholder fixed /> : <Outlet />}
      <Overlays />
    </>
  );
}
