import {
  CHAT_ATTACHMENTS_PER_MESSAGE,
  type DocumentItem,
  documentIdFromUrl,
  documentUrl,
  type ErrorCode,
  PDF_MEDIA_TYPE,
  PDFS_PER_MESSAGE,
} from '@polymath/shared';
import type { FileUIPart } from 'ai';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast/toast.ts';
import {
  ATTACHMENT_MAX_MB,
  AttachmentUploadError,
  checkAttachment,
  checkPdf,
  isPdfFile,
  PDF_MAX_MB,
  uploadAttachment,
  uploadDocument,
} from './attachment-upload.ts';

export type Attachment = {
  id: string;
  name: string;
  kind: 'image' | 'pdf';
  /** A local preview (object URL) while an image is new, else the uploaded URL; empty for a PDF. */
  previewUrl: string;
  /** uploading → (a PDF: reading, while the server reads its pages) → done, or failed (a PDF it cannot read). */
  status: 'uploading' | 'reading' | 'done' | 'failed';
  progress: number;
  part?: FileUIPart;
  /** A PDF's document id, pages read so far, its pages, and why it failed. */
  documentId?: string;
  pagesRead?: number;
  pages?: number;
  queued?: boolean;
  error?: ErrorCode;
};

/**
 * Whether this chat takes PDFs (ask PDF): `off` (another tool), `locked` (a free person: the PRO
 * lock and the upgrade dialog), `on`.
 */
export type DocumentsMode = 'off' | 'locked' | 'on';

export type AttachmentsControl = {
  items: Attachment[];
  /** The current model reads images. */
  enabled: boolean;
  documents: DocumentsMode;
  /** Something is still uploading or being read: the message waits for it. */
  uploading: boolean;
  add: (files: Iterable<File>) => void;
  remove: (id: string) => void;
  /** What polling learnt about a PDF being read (the chip polls). */
  documentRead: (id: string, document: DocumentItem) => void;
  /** A free person reached for a PDF. */
  onLocked: () => void;
};

let counter = 0;
const nextId = () => `att-${Date.now().toString(36)}-${(counter++).toString(36)}`;

/**
 * Files attached to the next message, checked and uploaded at once (with progress), then sent as
 * file parts: images for vision models, and PDFs (Pro) that the server reads page by page before
 * the message can go.
 */
export function useAttachments({
  enabled,
  documents = 'off',
  onLocked = () => undefined,
}: {
  enabled: boolean;
  documents?: DocumentsMode;
  onLocked?: () => void;
}) {
  const { t } = useTranslation('chat');
  const [items, setItems] = useState<Attachment[]>([]);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const uploads = useRef(new Map<string, AbortController>());
  const objectUrls = useRef(new Set<string>());

  const release = useCallback((item: Attachment) => {
    uploads.current.get(item.id)?.abort();
    uploads.current.delete(item.id);
    if (objectUrls.current.delete(item.previewUrl)) URL.revokeObjectURL(item.previewUrl);
  }, []);

  const update = useCallback(
    (id: string, patch: Partial<Attachment>) =>
      setItems((all) => all.map((a) => (a.id === id ? { ...a, ...patch } : a))),
    [],
  );

  const failUpload = useCallback(
    (item: Attachment, error: unknown) => {
      uploads.current.delete(item.id);
      const code = error instanceof AttachmentUploadError ? error.code : 'INVALID_FILE';
      if (code === 'ABORTED') return;
      if (code === 'PDF_REQUIRES_PRO') onLocked();
      toast.error(`${t('attach.uploadFailed', { name: item.name })} ${t(`errors:${code}`)}`);
      setItems((all) => all.filter((a) => a.id !== item.id));
      if (objectUrls.current.delete(item.previewUrl)) URL.revokeObjectURL(item.previewUrl);
    },
    [t, onLocked],
  );

  const addPdf = useCallback(
    (file: File, count: number): Attachment | null => {
      if (documents === 'off') {
        toast.error(t('documents:attach.notHere'));
        return null;
      }
      if (documents === 'locked') {
        onLocked();
        return null;
      }
      const problem = checkPdf(file, count);
      if (problem) {
        toast.error(
          t(`documents:attach.${problem}`, {
            name: file.name,
            max: problem === 'tooMany' ? PDFS_PER_MESSAGE : PDF_MAX_MB,
          }),
        );
        return null;
      }
      const item: Attachment = {
        id: nextId(),
        name: file.name,
        kind: 'pdf',
        previewUrl: '',
        status: 'uploading',
        progress: 0,
      };
      const controller = new AbortController();
      uploads.current.set(item.id, controller);
      uploadDocument(file, { signal: controller.signal, onProgress: (progress) => update(item.id, { progress }) })
        .then((document) => {
          uploads.current.delete(item.id);
          update(item.id, {
            status: 'reading',
            progress: 1,
            documentId: document.id,
            pages: document.pages,
            pagesRead: document.pagesRead,
            queued: document.status === 'queued',
            part: { type: 'file', mediaType: PDF_MEDIA_TYPE, url: documentUrl(document.id), filename: document.name },
          });
        })
        .catch((error: unknown) => failUpload(item, error));
      return item;
    },
    [documents, onLocked, t, update, failUpload],
  );

  const addImage = useCallback(
    (file: File, count: number): Attachment | null => {
      if (!enabled) {
        toast.error(t('attach.noVision'));
        return null;
      }
      const problem = checkAttachment(file, count);
      if (problem) {
        toast.error(
          t(`attach.${problem}`, {
            max: problem === 'tooMany' ? CHAT_ATTACHMENTS_PER_MESSAGE : ATTACHMENT_MAX_MB,
            name: file.name,
          }),
        );
        return null;
      }
      const previewUrl = URL.createObjectURL(file);
      objectUrls.current.add(previewUrl);
      const item: Attachment = {
        id: nextId(),
        name: file.name,
        kind: 'image',
        previewUrl,
        status: 'uploading',
        progress: 0,
      };
      const controller = new AbortController();
      uploads.current.set(item.id, controller);
      uploadAttachment(file, { signal: controller.signal, onProgress: (progress) => update(item.id, { progress }) })
        .then((result) => {
          uploads.current.delete(item.id);
          update(item.id, {
            status: 'done',
            progress: 1,
            part: {
              type: 'file',
              mediaType: result.mediaType,
              url: result.url,
              filename: result.filename ?? file.name,
            },
          });
        })
        .catch((error: unknown) => failUpload(item, error));
      return item;
    },
    [enabled, t, update, failUpload],
  );

  const add = useCallback(
    (files: Iterable<File>) => {
      const added: Attachment[] = [];
      const count = (kind: Attachment['kind']) =>
        itemsRef.current.filter((a) => a.kind === kind).length + added.filter((a) => a.kind === kind).length;
      for (const file of files) {
        const item = isPdfFile(file) ? addPdf(file, count('pdf')) : addImage(file, count('image'));
        if (item) added.push(item);
      }
      if (added.length) setItems((all) => [...all, ...added]);
    },
    [addPdf, addImage],
  );

  const remove = useCallback(
    (id: string) => {
      const item = itemsRef.current.find((a) => a.id === id);
      if (item) release(item);
      setItems((all) => all.filter((a) => a.id !== id));
    },
    [release],
  );

  const documentRead = useCallback(
    (id: string, document: DocumentItem) => {
      update(id, {
        pagesRead: document.pagesRead,
        pages: document.pages,
        queued: document.status === 'queued',
        ...(document.status === 'ready'
          ? { status: 'done' as const }
          : document.status === 'failed'
            ? { status: 'failed' as const, error: document.error?.code ?? 'PDF_FAILED' }
            : {}),
      });
    },
    [update],
  );

  /** Hands the attached files over for sending and empties the tray (a PDF that failed stays out). */
  const take = useCallback((): FileUIPart[] => {
    const parts = itemsRef.current.flatMap((a) => (a.part && a.status === 'done' ? [a.part] : []));
    for (const item of itemsRef.current) release(item);
    setItems([]);
    return parts;
  }, [release]);

  /** Puts the files of a message that could not be sent back in the tray. */
  const restore = useCallback((parts: FileUIPart[]) => {
    if (!parts.length) return;
    setItems((all) => [
      ...all,
      ...parts.map((part): Attachment => {
        const documentId = documentIdFromUrl(part.url);
        return {
          id: nextId(),
          name: part.filename ?? part.url,
          kind: documentId ? 'pdf' : 'image',
          previewUrl: documentId ? '' : part.url,
          status: 'done',
          progress: 1,
          part,
          ...(documentId ? { documentId } : {}),
        };
      }),
    ]);
  }, []);

  useEffect(
    () => () => {
      for (const controller of uploads.current.values()) controller.abort();
      for (const url of objectUrls.current) URL.revokeObjectURL(url);
    },
    [],
  );

  const uploading = items.some((a) => a.status === 'uploading' || a.status === 'reading');
  const control: AttachmentsControl = useMemo(
    () => ({ items, enabled, documents, uploading, add, remove, documentRead, onLocked }),
    [items, enabled, documents, uploading, add, remove, documentRead, onLocked],
  );
  return { control, take, restore };
}
