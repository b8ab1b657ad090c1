import { ChevronLeft, ChevronRight, FileText, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useGetDocumentPageQuery } from '../../lib/api/documents-api.ts';

/** A line that starts its own line when read: a list item, a numbered point. */
const STARTS_ITEM = /^(?:[-•*–▪◦]|\d{1,3}[.)]|[a-z][.)])\s/i;

/**
 * A page's text as paragraphs to read: the PDF's hard line breaks inside a paragraph become spaces
 * (a blank line still ends one), while list items and short lines such as headings keep their own line.
 */
export function readableParagraphs(text: string): string[] {
  return text
    .split(/\n{2,}/)
    .map((block) => {
      const lines = block.split('\n');
      let out = lines[0] ?? '';
      for (let i = 1; i < lines.length; i++) {
        const line = lines[i] ?? '';
        const previous = lines[i - 1] ?? '';
        const keepBreak = STARTS_ITEM.test(line) || previous.length < 40 || /[:;]$/.test(previous);
        out += keepBreak ? `\n${line}` : out.endsWith('-') ? line : ` ${line}`;
      }
      return out.trim();
    })
    .filter(Boolean);
}

/**
 * A document's page, beside the chat (over it on a phone): what a citation opens. Its text as the
 * server read it, with the previous and next pages a click away; Escape or the close button shut it.
 */
export function DocumentPanel({
  documentId,
  page,
  onPage,
  onClose,
}: {
  documentId: string;
  page: number;
  onPage: (page: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('documents');
  const { data, currentData, isFetching, isError } = useGetDocumentPageQuery({ id: documentId, page });
  const closeRef = useRef<HTMLButtonElement>(null);
  const pages = data?.pages ?? 0;

  useEffect(() => {
    closeRef.current?.focus();
  }, []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <aside
      className="fixed inset-0 z-40 flex flex-col bg-bg text-fg shadow-2xl sm:left-auto sm:w-[28rem] sm:border-l sm:border-border lg:static lg:z-auto lg:w-[26rem] lg:shrink-0 lg:shadow-none"
      aria-label={t('panel.label')}
      data-testid="document-panel"
    >
      <header className="flex items-center gap-2 border-b border-border px-4 py-3">
        <FileText className="h-5 w-5 shrink-0 text-accent" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-semibold" title={data?.name}>
            {data?.name ?? '…'}
          </h2>
          <p className="text-xs text-muted" data-testid="document-panel-page">
            {pages ? t('panel.page', { page, pages }) : '\u00a0'}
          </p>
        </div>
        <button
          type="button"
          className={buttonClass('ghost', 'icon', 'shrink-0 rounded-full')}
          onClick={() => onPage(page - 1)}
          disabled={page <= 1}
          aria-label={t('panel.previous')}
          title={t('panel.previous')}
        >
          <ChevronLeft className="h-5 w-5" aria-hidden="true" />
        </button>
        <button
          type="button"
          className={buttonClass('ghost', 'icon', 'shrink-0 rounded-full')}
          onClick={() => onPage(page + 1)}
          disabled={!pages || page >= pages}
          aria-label={t('panel.next')}
          title={t('panel.next')}
        >
          <ChevronRight className="h-5 w-5" aria-hidden="true" />
        </button>
        <button
          ref={closeRef}
          type="button"
          className={buttonClass('ghost', 'icon', 'shrink-0 rounded-full')}
          onClick={onClose}
          aria-label={t('panel.close')}
          title={t('panel.close')}
          data-testid="document-panel-close"
        >
          <X className="h-5 w-5" aria-hidden="true" />
        </button>
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4" aria-live="polite" aria-busy={isFetching}>
        {isFetching && !currentData ? (
          <p className="flex items-center gap-2 text-sm text-muted" role="status">
            <Spinner className="h-4 w-4 border-2" />
            {t('panel.loading')}
          </p>
        ) : isError ? (
          <p className="text-sm text-danger" role="alert">
            {t('panel.failed')}
          </p>
        ) : currentData ? (
          currentData.text.trim() ? (
            <div
              className="flex flex-col gap-3 break-words text-[0.95rem] leading-relaxed"
              data-testid="document-panel-text"
            >
              {readableParagraphs(currentData.text).map((paragraph, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a page's paragraphs never move
                <p key={i} className="whitespace-pre-line">
                  {paragraph}
                </p>
              ))}
            </div>
          ) : (
            <p className="text-sm text-muted">{t('panel.empty')}</p>
          )
        ) : null}
      </div>
    </aside>
  );
}
