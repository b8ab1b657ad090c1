import type { DataExport } from '@polymath/shared';
import { Download, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { SettingsSection } from '../../components/ui/settings-section.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { apiErrorMessage } from '../../lib/api/api-error.ts';
import { useGetDataExportQuery, useStartDataExportMutation } from '../../lib/api/sharing-api.ts';
import { dateTimeFormat, formatBytes } from '../../lib/intl/formatters.ts';
import { toast } from '../../lib/toast/toast.ts';

/** How often the section asks about an export being prepared. */
const PROGRESS_POLL_MS = 2000;

function preparing(data: DataExport | null | undefined): boolean {
  return data?.status === 'queued' || data?.status === 'building';
}

/**
 * Settings → Account → Download my data: asks the server to prepare one zip of everything it keeps
 * about the person, shows its progress while a job builds it, then the download (while signed in,
 * for 7 days). One at a time.
 */
export function DataExportSection() {
  const { t, i18n } = useTranslation('sharing');
  const locale = i18n.resolvedLanguage;
  const state = useGetDataExportQuery(undefined, { refetchOnMountOrArgChange: true });
  const current = state.data?.export ?? null;
  // Asked again every few seconds while it is prepared (the query's polling stops once it settles).
  useGetDataExportQuery(undefined, { pollingInterval: preparing(current) ? PROGRESS_POLL_MS : 0 });
  const [start, starting] = useStartDataExportMutation();

  const onStart = async () => {
    const result = await start();
    if (result.error) toast.error(apiErrorMessage(result.error, t));
    else toast.success(t('export.started'));
  };

  let body = null;
  if (state.isLoading) {
    body = (
      <p className="flex items-center gap-2 text-sm text-muted" role="status">
        <Spinner className="h-4 w-4 border-2" />
      </p>
    );
  } else if (state.isError) {
    body = (
      <p className="text-sm text-danger" role="alert">
        {t('export.loadFailed')}
      </p>
    );
  } else if (current && preparing(current)) {
    const { done, total } = current.progress;
    body = (
      <div className="flex flex-col gap-2" role="status" data-testid="data-export-progress">
        <p className="flex items-center gap-2 text-sm">
          <Spinner className="h-4 w-4 border-2" />
          {current.status === 'queued' || total === 0 ? t('export.queued') : t('export.building', { done, total })}
        </p>
        <progress
          className="h-2 w-full overflow-hidden rounded-full accent-[var(--color-accent)]"
          aria-label={t('export.progressLabel')}
          max={Math.max(total, 1)}
          value={done}
        />
      </div>
    );
  } else {
    body = (
      <div className="flex flex-col items-start gap-3">
        {current?.status === 'ready' ? (
          <div className="flex flex-col gap-2" data-testid="data-export-ready">
            <p className="text-sm font-medium">
              {t('export.ready', { size: formatBytes(current.bytes ?? 0, locale ?? 'en') })}
            </p>
            {current.expiresAt ? (
              <p className="text-xs text-muted">
                {t('export.readyUntil', {
                  date: dateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(
                    new Date(current.expiresAt),
                  ),
                })}
              </p>
            ) : null}
            <a
              href="/api/data-export/download"
              download
              className={buttonClass('primary', 'md', 'self-start')}
              data-testid="data-export-download"
            >
              <Download className="h-4 w-4" aria-hidden="true" />
              {t('export.download')}
            </a>
          </div>
        ) : null}
        {current?.status === 'failed' ? (
          <p className="text-sm text-danger" role="alert">
            {t('export.failed')}
          </p>
        ) : null}
        <Button
          variant={current?.status === 'ready' ? 'secondary' : 'primary'}
          disabled={starting.isLoading}
          onClick={() => void onStart()}
          data-testid="data-export-start"
        >
          {current ? (
            <RefreshCw className="h-4 w-4" aria-hidden="true" />
          ) : (
            <Download className="h-4 w-4" aria-hidden="true" />
          )}
          {current ? t('export.again') : t('export.start')}
        </Button>
      </div>
    );
  }

  return (
    <SettingsSection title={t('export.title')} description={t('export.description')}>
      <div id="data-export" data-testid="data-export">
        {body}
      </div>
    </SettingsSection>
  );
}
