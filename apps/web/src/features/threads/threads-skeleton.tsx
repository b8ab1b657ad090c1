import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn.ts';

/** The history's place while it loads (also while the user is being checked, signed in or not). */
export function ThreadsSkeleton() {
  const { t } = useTranslation('threads');
  return (
    <div
      role="status"
      aria-label={t('loading')}
      data-testid="history-skeleton"
      className="flex flex-col gap-2 px-3 py-2"
    >
      <span className="h-3 w-16 animate-pulse rounded bg-surface-2" />
      {['w-11/12', 'w-3/4', 'w-5/6', 'w-2/3', 'w-4/5'].map((width) => (
        <span key={width} className={cn('h-7 animate-pulse rounded-lg bg-surface-2', width)} />
      ))}
    </div>
  );
}
