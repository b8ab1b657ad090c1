import { FileText, Loader2, TriangleAlert, X } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn.ts';
import { useGetDocumentQuery } from '../../lib/api/documents-api.ts';
import type { Attachment, AttachmentsControl } from './use-attachments.ts';

const removeClass =
  'absolute -right-1.5 -top-1.5 flex h-6 w-6 cursor-pointer items-center justify-center rounded-full border border-border bg-bg text-fg shadow-sm hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-accent';

/** The files attached to the next message, above the message box. */
export function AttachmentTray({ attachments }: { attachments: AttachmentsControl }) {
  const { t } = useTranslation('chat');
  if (attachments.items.length === 0) return null;
  const imagesOnly = attachments.items.every((item) => item.kind === 'image');
  return (
    <ul
      className="flex flex-wrap gap-2 px-1 pt-1"
      aria-label={t(imagesOnly ? 'attach.listLabel' : 'attach.filesListLabel')}
    >
      {attachments.items.map((item) =>
        item.kind === 'pdf' ? (
          <DocumentChip key={item.id} item={item} attachments={attachments} />
        ) : (
          <ImageChip key={item.id} item={item} onRemove={() => attachments.remove(item.id)} />
        ),
      )}
    </ul>
  );
}

function ImageChip({ item, onRemove }: { item: Attachment; onRemove: () => void }) {
  const { t } = useTranslation('chat');
  return (
    <li className="relative h-16 w-16 shrink-0">
      <img
        src={item.previewUrl}
        alt={item.name}
        className={cn(
          'h-16 w-16 rounded-xl border border-border object-cover',
          item.status === 'uploading' && 'opacity-60',
        )}
      />
      {item.status === 'uploading' ? (
        <span
          className="absolute inset-0 flex items-center justify-center rounded-xl bg-bg/40 text-xs font-semibold"
          role="status"
        >
          <Loader2 className="h-5 w-5 animate-spin text-accent" aria-hidden="true" />
          <span className="sr-only">{t('attach.uploading', { name: item.name })}</span>
          {item.progress > 0 ? (
            <span className="absolute bottom-0.5 rounded bg-bg/80 px-1 text-[10px]" aria-hidden="true">
              {Math.round(item.progress * 100)}%
            </span>
          ) : null}
        </span>
      ) : null}
      <button
        type="button"
        onClick={onRemove}
        className={removeClass}
        aria-label={t('attach.remove', { name: item.name })}
        data-testid="attachment-remove"
      >
        <X className="h-3.5 w-3.5" aria-hidden="true" />
      </button>
    </li>
  );
}

/** A PDF: its name and where it stands (uploading, "Reading page 40 of 120", its pages, or why it failed). */
function DocumentChip({ item, attachments }: { item: Attachment; attachments: AttachmentsControl }) {
  const { t } = useTranslation('documents');
  const reading = item.status === 'reading' && item.documentId !== undefined;
  const { data } = useGetDocumentQuery(item.documentId ?? '', {
    skip: !reading,
    pollingInterval: reading ? 1000 : 0,
    refetchOnMountOrArgChange: true,
  });
  const { documentRead } = attachments;
  useEffect(() => {
    if (data && reading) documentRead(item.id, data);
  }, [data, reading, documentRead, item.id]);

  const status =
    item.status === 'uploading'
      ? t('chip.uploading', { percent: Math.round(item.progress * 100) })
      : item.status === 'reading'
        ? item.queued || !item.pagesRead
          ? t('chip.queued')
          : t('chip.reading', { page: item.pagesRead, pages: item.pages })
        : item.status === 'failed'
          ? t(`errors:${item.error ?? 'PDF_FAILED'}`)
          : t('chip.ready', { count: item.pages ?? 0 });
  const busy = item.status === 'uploading' || item.status === 'reading';
  return (
    <li
      className={cn(
        'relative flex w-60 max-w-full shrink-0 items-start gap-2 rounded-xl border bg-bg px-2.5 py-2',
        item.status === 'failed' ? 'border-danger/50' : 'border-border',
      )}
      data-testid="document-chip"
      data-status={item.status}
    >
      <span
        className={cn(
          'mt-0.5 flex h-8 w-8 shrink-0 items-center justify-center rounded-lg',
          item.status === 'failed' ? 'bg-danger/10 text-danger' : 'bg-accent-soft text-accent',
        )}
      >
        {busy ? (
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
        ) : item.status === 'failed' ? (
          <TriangleAlert className="h-4 w-4" aria-hidden="true" />
        ) : (
          <FileText className="h-4 w-4" aria-hidden="true" />
        )}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium" title={item.name}>
          {item.name}
        </span>
        <span
          className={cn('block text-xs', item.status === 'failed' ? 'text-danger' : 'text-muted')}
          role="status"
          data-testid="document-chip-status"
        >
          {status}
        </span>
        {item.status === 'reading' && item.pages ? (
          <span className="mt-1 block h-1 overflow-hidden rounded-full bg-surface-2" aria-hidden="true">
            <span
              className="block h-full rounded-full bg-accent transition-[width]"
              style={{ width: `${Math.round(((item.pagesRead ?? 0) / item.pages) * 100)}%` }}
            />
          </span>
        ) : null}
      </span>
      <button
        type="button"
        onClick={() => attachments.remove(item.id)}
        className={removeClass}
        aria-label={t('chip.remove', { name: item.name })}
        data-testid="attachment-remove"
      >
        <X className="h-3.5 w-3.5" aria-hidden="true" />
      </button>
    </li>
  );
}
