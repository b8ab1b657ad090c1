import { useTranslation } from 'react-i18next';
import { cn } from './cn.ts';
import { Spinner } from './spinner.tsx';

/**
 * Spec §2: a spinner with "Loading your content". `fixed` covers the whole page (app start,
 * user loading); otherwise it fills the space it is given (a lazy route inside a layout).
 */
export function LoadingPlaceholder({ fixed = false }: { fixed?: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid={fixed ? 'loading-fixed' : 'loading-inline'}
      className={cn(
        'flex flex-col items-center justify-center gap-3 text-muted',
        fixed ? 'fixed inset-0 z-50 bg-bg' : 'h-full min-h-48 w-full flex-1',
      )}
    >
      <Spinner />
      <span className="text-sm">{t('loading.content')}</span>
    </div>
  );
}
