import { Copy, ExternalLink, Link2, RefreshCw, Unlink } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import {
  copyLink,
  shareUrl,
  useGetThreadShareQuery,
  useRevokeShareMutation,
  useShareThreadMutation,
} from '../../lib/api/sharing-api.ts';
import { dateTimeFormat } from '../../lib/intl/formatters.ts';
import { toast } from '../../lib/toast/toast.ts';

/**
 * "Share…" from a thread's menu in the history (its own chunk, loaded the first time it opens): makes
 * or updates the thread's public link, with the person's choice of showing their name and, when the
 * chat has photos they uploaded, of sharing those; copies or turns it off.
 */
export default function ShareDialog({ threadId, onClose }: { threadId: string | null; onClose: () => void }) {
  const [shownId, setShownId] = useState(threadId);
  useEffect(() => {
    if (threadId) setShownId(threadId);
  }, [threadId]);
  const { t } = useTranslation('sharing');
  return (
    <Dialog
      open={threadId !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('dialog.title')}
      description={t('dialog.description')}
      testId="share-dialog"
    >
      {shownId ? <ShareForm key={shownId} threadId={shownId} /> : null}
    </Dialog>
  );
}

function ShareForm({ threadId }: { threadId: string }) {
  const { t, i18n } = useTranslation('sharing');
  const { data, isLoading, isError, refetch } = useGetThreadShareQuery(threadId, { refetchOnMountOrArgChange: true });
  const [shareThread, sharing] = useShareThreadMutation();
  const [revoke, revoking] = useRevokeShareMutation();
  const [showName, setShowName] = useState(false);
  const [includePhotos, setIncludePhotos] = useState(false);
  const linkId = useId();
  const share = data?.share ?? null;

  // An existing link starts from the choices it was made with.
  useEffect(() => {
    if (!share) return;
    setShowName(share.sharedName !== null);
    setIncludePhotos(share.includePhotos);
  }, [share]);

  if (isLoading) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted" role="status">
        <Spinner className="h-4 w-4 border-2" />
        {t('dialog.loading')}
      </p>
    );
  }
  if (isError || !data) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p role="alert" className="text-sm text-danger">
          {t('dialog.loadFailed')}
        </p>
        <Button variant="secondary" size="sm" onClick={() => void refetch()}>
          <RefreshCw className="h-4 w-4" aria-hidden="true" />
          {t('page.retry')}
        </Button>
      </div>
    );
  }

  const save = async () => {
    const result = await shareThread({ threadId, settings: { showName, includePhotos } });
    if (result.error) return toast.error(t('dialog.failed'));
    toast.success(share ? t('dialog.updated') : t('dialog.created'));
  };
  const turnOff = async () => {
    if (!share) return;
    const result = await revoke(share.id);
    if (result.error) return toast.error(t('dialog.failed'));
    toast.success(t('dialog.revoked'));
  };
  const busy = sharing.isLoading || revoking.isLoading;
  const checkbox = 'mt-0.5 h-4 w-4 shrink-0 accent-[var(--color-accent)]';

  return (
    <div className="flex flex-col gap-4">
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          className={checkbox}
          checked={showName}
          onChange={(e) => setShowName(e.target.checked)}
          data-testid="share-show-name"
        />
        <span>
          <span className="block font-medium">{t('dialog.showName', { name: data.displayName })}</span>
          <span className="block text-muted">{t('dialog.showNameHelp')}</span>
        </span>
      </label>
      {data.uploadedPhotos > 0 ? (
        <fieldset className="rounded-xl border border-pro/40 bg-pro/10 p-3" data-testid="share-photos">
          <legend className="px-1 text-sm font-semibold">{t('dialog.photosTitle')}</legend>
          <label className="flex items-start gap-3 text-sm">
            <input
              type="checkbox"
              className={checkbox}
              checked={includePhotos}
              onChange={(e) => setIncludePhotos(e.target.checked)}
              data-testid="share-include-photos"
            />
            <span>
              <span className="block font-medium">{t('dialog.includePhotos', { count: data.uploadedPhotos })}</span>
              <span className="block text-muted">{t('dialog.photosHelp')}</span>
            </span>
          </label>
        </fieldset>
      ) : null}

      {share ? (
        <div className="flex flex-col gap-2" data-testid="share-link">
          <label htmlFor={linkId} className="text-sm font-medium">
            {t('dialog.linkLabel')}
          </label>
          <div className="flex gap-2">
            <input
              id={linkId}
              readOnly
              value={shareUrl(share)}
              onFocus={(e) => e.currentTarget.select()}
              className="h-10 min-w-0 flex-1 rounded-xl border border-border bg-surface px-3 text-sm text-fg focus:outline-2 focus:outline-accent"
              data-testid="share-url"
            />
            <Button
              variant="secondary"
              size="icon"
              aria-label={t('dialog.copy')}
              title={t('dialog.copy')}
              onClick={() => void copyLink(shareUrl(share), t)}
              data-testid="share-copy"
            >
              <Copy className="h-4 w-4" aria-hidden="true" />
            </Button>
            <a
              href={share.path}
              target="_blank"
              rel="noopener"
              className={buttonClass('secondary', 'icon')}
              aria-label={t('dialog.open')}
              title={t('dialog.open')}
            >
              <ExternalLink className="h-4 w-4" aria-hidden="true" />
            </a>
          </div>
          <p className="text-xs text-muted">
            {t('dialog.sharedAt', {
              date: dateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' }).format(
                new Date(share.updatedAt),
              ),
            })}
          </p>
        </div>
      ) : null}

      <div className="flex flex-wrap justify-end gap-2">
        {share ? (
          <Button variant="ghost" onClick={() => void turnOff()} disabled={busy} data-testid="share-revoke">
            <Unlink className="h-4 w-4" aria-hidden="true" />
            {t('dialog.revoke')}
          </Button>
        ) : null}
        <Button onClick={() => void save()} disabled={busy} data-testid="share-save">
          {share ? (
            <RefreshCw className="h-4 w-4" aria-hidden="true" />
          ) : (
            <Link2 className="h-4 w-4" aria-hidden="true" />
          )}
          {share ? t('dialog.update') : t('dialog.create')}
        </Button>
      </div>
    </div>
  );
}
