import { CHAT_ATTACHMENTS_PER_MESSAGE } from '@polymath/shared';
import type { FileUIPart } from 'ai';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ATTACHMENT_MAX_MB, AttachmentUploadError, checkAttachment, uploadAttachment } from './attachments.ts';

export type Attachment = {
  id: string;
  name: string;
  /** A local preview (object URL) while the image is new, else the uploaded URL. */
  previewUrl: string;
  status: 'uploading' | 'done';
  progress: number;
  part?: FileUIPart;
};

export type AttachmentsControl = {
  items: Attachment[];
  /** The current model reads images. */
  enabled: boolean;
  uploading: boolean;
  add: (files: Iterable<File>) => void;
  remove: (id: string) => void;
};

let counter = 0;
const nextId = () => `att-${Date.now().toString(36)}-${(counter++).toString(36)}`;

/** Images attached to the next message: checked, uploaded at once (with progress), then sent as file parts. */
export function useAttachments({ enabled }: { enabled: boolean }) {
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

  const add = useCallback(
    (files: Iterable<File>) => {
      if (!enabled) {
        toast.error(t('attach.noVision'));
        return;
      }
      let count = itemsRef.current.length;
      const added: Attachment[] = [];
      for (const file of files) {
        const problem = checkAttachment(file, count);
        if (problem) {
          toast.error(
            t(`attach.${problem}`, {
              max: problem === 'tooMany' ? CHAT_ATTACHMENTS_PER_MESSAGE : ATTACHMENT_MAX_MB,
              name: file.name,
            }),
          );
          if (problem === 'tooMany') break;
          continue;
        }
        count++;
        const previewUrl = URL.createObjectURL(file);
        objectUrls.current.add(previewUrl);
        const item: Attachment = { id: nextId(), name: file.name, previewUrl, status: 'uploading', progress: 0 };
        added.push(item);
        const controller = new AbortController();
        uploads.current.set(item.id, controller);
        const update = (patch: Partial<Attachment>) =>
          setItems((all) => all.map((a) => (a.id === item.id ? { ...a, ...patch } : a)));
        uploadAttachment(file, { signal: controller.signal, onProgress: (progress) => update({ progress }) })
          .then((result) => {
            uploads.current.delete(item.id);
            update({
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
          .catch((error: unknown) => {
            uploads.current.delete(item.id);
            const code = error instanceof AttachmentUploadError ? error.code : 'INVALID_FILE';
            if (code === 'ABORTED') return;
            toast.error(`${t('attach.uploadFailed', { name: file.name })} ${t(`errors:${code}`)}`);
            setItems((all) => all.filter((a) => a.id !== item.id));
            if (objectUrls.current.delete(previewUrl)) URL.revokeObjectURL(previewUrl);
          });
      }
      if (added.length) setItems((all) => [...all, ...added]);
    },
    [enabled, t],
  );

  const remove = useCallback(
    (id: string) => {
      const item = itemsRef.current.find((a) => a.id === id);
      if (item) release(item);
      setItems((all) => all.filter((a) => a.id !== id));
    },
    [release],
  );

  /** Hands the uploaded images over for sending and empties the tray. */
  const take = useCallback((): FileUIPart[] => {
    const parts = itemsRef.current.flatMap((a) => (a.part ? [a.part] : []));
    for (const item of itemsRef.current) release(item);
    setItems([]);
    return parts;
  }, [release]);

  /** Puts images of a message that could not be sent back in the tray. */
  const restore = useCallback((parts: FileUIPart[]) => {
    if (!parts.length) return;
    setItems((all) => [
      ...all,
      ...parts.map((part) => ({
        id: nextId(),
        name: part.filename ?? part.url,
        previewUrl: part.url,
        status: 'done' as const,
        progress: 1,
        part,
      })),
    ]);
  }, []);

  useEffect(
    () => () => {
      for (const controller of uploads.current.values()) controller.abort();
      for (const url of objectUrls.current) URL.revokeObjectURL(url);
    },
    [],
  );

  const uploading = items.some((a) => a.status === 'uploading');
  const control: AttachmentsControl = useMemo(
    () => ({ items, enabled, uploading, add, remove }),
    [items, enabled, uploading, add, remove],
  );
  return { control, take, restore };
}
