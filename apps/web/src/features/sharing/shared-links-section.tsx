import { Copy, ExternalLink, Unlink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { SettingsSection } from '../../components/ui/settings-section.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { copyLink, shareUrl, useListSharesQuery, useRevokeShareMutation } from '../../lib/api/sharing-api.ts';
import { dateTimeFormat } from '../../lib/intl/formatters.ts';
import { toast } from '../../lib/toast/toast.ts';

/** Settings → Account: the person's live shared links, each to open, copy or turn off. */
export function SharedLinksSection() {
  const { t, i18n } = useTranslation('sharing');
  const { data, isLoading, isError } = useListSharesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [revoke, { isLoading: revoking }] = useRevokeShareMutation();
  const shares = data?.shares ?? [];
  const date = (iso: string) => dateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium' }).format(new Date(iso));

  return (
    <SettingsSection title={t('settings.title')} description={t('settings.description')}>
      <div data-testid="shared-links">
        {isLoading ? (
          <p className="flex items-center gap-2 text-sm text-muted" role="status">
            <Spinner className="h-4 w-4 border-2" />
          </p>
        ) : isError ? (
          <p className="text-sm text-danger" role="alert">
            {t('settings.loadFailed')}
          </p>
        ) : shares.length === 0 ? (
          <p className="text-sm text-muted">{t('settings.empty')}</p>
        ) : (
          <ul className="divide-y divide-border rounded-xl border border-border">
            {shares.map((share) => (
              <li
                key={share.id}
                className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2.5"
                data-testid="shared-link"
              >
                <div className="min-w-0 flex-1 basis-48">
                  <a
                    href={share.path}
                    target="_blank"
                    rel="noopener"
                    className="block truncate text-sm font-medium hover:underline"
                    title={share.title}
                  >
                    {share.title}
                  </a>
                  <p className="text-xs text-muted">
                    {[
                      t('settings.sharedAt', { date: date(share.updatedAt), count: share.messageCount }),
                      share.sharedName !== null ? t('settings.withName') : null,
                      share.includePhotos ? t('settings.withPhotos') : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </div>
                <div className="flex items-center gap-1">
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`${t('dialog.copy')}: ${share.title}`}
                    title={t('dialog.copy')}
                    onClick={() => void copyLink(shareUrl(share), t)}
                  >
                    <Copy className="h-4 w-4" aria-hidden="true" />
                  </Button>
                  <a
                    href={share.path}
                    target="_blank"
                    rel="noopener"
                    className={buttonClass('ghost', 'icon')}
                    aria-label={`${t('dialog.open')}: ${share.title}`}
                    title={t('dialog.open')}
                  >
                    <ExternalLink className="h-4 w-4" aria-hidden="true" />
                  </a>
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={revoking}
                    aria-label={t('settings.revokeLabel', { title: share.title })}
                    data-testid="shared-link-revoke"
                    onClick={async () => {
                      const result = await revoke(share.id);
                      if (result.error) toast.error(t('dialog.failed'));
                      else toast.success(t('dialog.revoked'));
                    }}
                  >
                    <Unlink className="h-4 w-4" aria-hidden="true" />
                    {t('settings.revoke')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </SettingsSection>
  );
}
