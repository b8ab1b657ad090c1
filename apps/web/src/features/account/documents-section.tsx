import type { DocumentItem } from '@polymath/shared';
import { FileText, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button.tsx';
import { SettingsSection } from '../../components/ui/settings-section.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useDeleteDocumentMutation, useListDocumentsQuery } from '../../lib/api/documents-api.ts';
import { formatBytes } from '../../lib/intl/formatters.ts';
import { toast } from '../../lib/toast/toast.ts';

/**
 * Settings → Account: the PDFs the person attached to AI Chat (ask PDF), with their size, each
 * deletable. They go with the account when it is deleted.
 */
export function DocumentsSection() {
  const { t, i18n } = useTranslation('documents');
  const { data, isLoading, isError } = useListDocumentsQuery();
  const [remove, { isLoading: deleting, originalArgs }] = useDeleteDocumentMutation();
  const documents = data?.documents ?? [];

  const onDelete = async (document: DocumentItem) => {
    const result = await remove(document.id);
    if (result.error) toast.error(t('settings.deleteFailed'));
    else toast.success(t('settings.deleted', { name: document.name }));
  };

  return (
    <SettingsSection title={t('settings.title')} description={t('settings.description')}>
      <div data-testid="documents-settings">
        {isLoading ? (
          <p className="flex items-center gap-2 text-sm text-muted" role="status">
            <Spinner className="h-4 w-4 border-2" />
          </p>
        ) : isError ? (
          <p className="text-sm text-danger" role="alert">
            {t('settings.loadFailed')}
          </p>
        ) : documents.length === 0 ? (
          <p className="text-sm text-muted">{t('settings.empty')}</p>
        ) : (
          <>
            <p className="mb-3 text-sm text-muted" data-testid="documents-total">
              {t('settings.total', {
                count: documents.length,
                size: formatBytes(data?.totalBytes ?? 0, i18n.language),
              })}
            </p>
            <ul className="divide-y divide-border rounded-xl border border-border">
              {documents.map((document) => (
                <li key={document.id} className="flex items-center gap-3 px-3 py-2.5" data-testid="document-row">
                  <FileText className="h-5 w-5 shrink-0 text-accent" aria-hidden="true" />
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium" title={document.name}>
                      {document.name}
                    </p>
                    <p className="text-xs text-muted">
                      {formatBytes(document.bytes, i18n.language)} · {t('settings.pages', { count: document.pages })} ·{' '}
                      {document.status === 'reading'
                        ? t('settings.status.reading', { page: document.pagesRead, pages: document.pages })
                        : document.status === 'failed'
                          ? t(`errors:${document.error?.code ?? 'PDF_FAILED'}`)
                          : t(`settings.status.${document.status}`)}
                    </p>
                  </div>
                  <button
                    type="button"
                    className={buttonClass('ghost', 'icon', 'shrink-0 rounded-full text-danger')}
                    onClick={() => onDelete(document)}
                    disabled={deleting && originalArgs === document.id}
                    aria-label={t('settings.delete', { name: document.name })}
                    title={t('settings.delete', { name: document.name })}
                    data-testid="document-delete"
                  >
                    <Trash2 className="h-4 w-4" aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </SettingsSection>
  );
}
