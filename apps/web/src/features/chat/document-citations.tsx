import { resolveCitedDocument } from '@polymath/shared';
import { FileText } from 'lucide-react';
import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';

/** A PDF attached in the chat, as citations and chips name it. */
export type ChatDocument = { id: string; name: string };

/** The chat's documents and how to open one of their pages (the side panel). */
export type DocumentCitations = { documents: ChatDocument[]; open(documentId: string, page: number): void };

/** Provided by the conversation; null where answers have no documents to cite. */
export const DocumentCitationsContext = createContext<DocumentCitations | null>(null);

export function useDocumentCitations(): DocumentCitations | null {
  return useContext(DocumentCitationsContext);
}

/**
 * A "(p. 12)" of an answer as a button that opens the page in the side panel. Stays plain text
 * when it names no document of the chat (the model made it up, or the document is gone).
 */
export function PageCitationButton({
  text,
  pages,
  documentName,
}: {
  text: string;
  pages: number[];
  documentName?: string;
}) {
  const { t } = useTranslation('documents');
  const citations = useDocumentCitations();
  const document = citations ? resolveCitedDocument(documentName ? { documentName } : {}, citations.documents) : null;
  const page = pages[0];
  if (!citations || !document || page === undefined) return <>{text}</>;
  return (
    <button
      type="button"
      className="mx-0.5 inline cursor-pointer rounded-md bg-accent-soft px-1 py-px align-baseline text-[0.9em] font-medium text-accent hover:underline focus-visible:outline-2 focus-visible:outline-accent"
      onClick={() => citations.open(document.id, page)}
      aria-label={t('citation.open', { page, name: document.name })}
      title={t('citation.open', { page, name: document.name })}
      data-testid="page-citation"
      data-page={page}
    >
      {text}
    </button>
  );
}

/** A PDF the person sent with a message: opens its first page. */
export function SentDocument({ document }: { document: ChatDocument }) {
  const { t } = useTranslation('documents');
  const citations = useDocumentCitations();
  return (
    <button
      type="button"
      className="flex max-w-[16rem] cursor-pointer items-center gap-2 rounded-xl border border-border bg-surface px-3 py-2 text-left text-sm hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-accent"
      onClick={() => citations?.open(document.id, 1)}
      aria-label={t('chip.open', { name: document.name })}
      data-testid="sent-document"
    >
      <FileText className="h-4 w-4 shrink-0 text-accent" aria-hidden="true" />
      <span className="truncate">{document.name}</span>
    </button>
  );
}
