import { INTERNAL_ERROR_MESSAGE } from '@polymath/shared';
import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { Button } from '../ui/button.tsx';

/**
 * Shown when a route fails to render or its code cannot be loaded (a deploy replaced the chunk):
 * never a blank screen; reloading fetches the new build. The error texts may not be loaded (they are
 * not on the first screen, and loading them could be what failed): the English message stands in.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <div role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <AlertTriangle className="h-10 w-10 text-danger" aria-hidden="true" />
      <h1 className="text-xl font-semibold">{t('errors:INTERNAL_ERROR', { defaultValue: INTERNAL_ERROR_MESSAGE })}</h1>
      <p className="max-w-sm text-muted">{t('errorPage.text')}</p>
      <Button onClick={() => window.location.reload()}>{t('errorPage.reload')}</Button>
    </div>
  );
}
