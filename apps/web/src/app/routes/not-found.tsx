import { Compass } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { LoadingPlaceholder } from '../../components/ui/loading-placeholder.tsx';
import { PublicLayout } from '../layouts/public-layout.tsx';

const SharedChat = lazy(() => import('./share.tsx'));
// The operator console (issue 28): its own chunk, loaded only on /admin (decision 037).
const AdminConsole = lazy(() => import('./admin.tsx'));

/** A shared chat's page (decision 032): a path outside the spec's routes, like everything this route answers. */
const SHARE_PAGE = /^\/share\/[^/]+\/?$/;
const ADMIN_PAGE = /^\/admin(\/|$)/;

/**
 * Paths the route table does not list: a shared chat's public page (/share/<id>, its own chunk), the
 * operator console (/admin/*, its own chunk, shown only to operators), or the not-found page. The shared chat rides on this route rather than one of its own so the first
 * screen's route table carries nothing for it (B7 had no room left: decision 032).
 */
export function Component() {
  const { pathname } = useLocation();
  if (SHARE_PAGE.test(pathname)) {
    return (
      <Suspense fallback={<LoadingPlaceholder />}>
        <SharedChat />
      </Suspense>
    );
  }
  if (ADMIN_PAGE.test(pathname)) {
    return (
      <Suspense fallback={<LoadingPlaceholder fixed />}>
        <AdminConsole notFound={<NotFound />} />
      </Suspense>
    );
  }
  return <NotFound />;
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <PublicLayout>
      <div className="flex flex-col items-center gap-4 py-10 text-center" data-testid="not-found">
        <Compass className="h-12 w-12 text-accent" aria-hidden="true" />
        <p className="text-6xl font-bold tracking-tight text-accent">404</p>
        <h1 className="text-2xl font-semibold">{t('notFound.title')}</h1>
        <p className="text-muted">{t('notFound.text')}</p>
        <Link to="/web-main" replace className={buttonClass('primary', 'lg')}>
          {t('notFound.home')}
        </Link>
      </div>
    </PublicLayout>
  );
}
