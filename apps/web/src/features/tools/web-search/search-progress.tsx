import { Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner.tsx';

/** "Searching…" while a search runs, "Reading 3 pages…" while pages are read (reading wins when both run). */
export function SearchProgress({ searching, reading }: { searching: number; reading: number }) {
  const { t } = useTranslation('web-search');
  if (searching === 0 && reading === 0) return null;
  return (
    <p
      role="status"
      className="my-1 inline-flex items-center gap-2 rounded-full bg-surface-2 px-3 py-1.5 text-sm text-muted"
      data-testid="web-search-progress"
      data-activity={reading > 0 ? 'reading' : 'searching'}
    >
      <Globe className="h-4 w-4 text-accent" aria-hidden="true" />
      {reading > 0 ? t('progress.reading', { count: reading }) : t('progress.searching')}
      <Spinner className="h-3.5 w-3.5 border-2" />
    </p>
  );
}
