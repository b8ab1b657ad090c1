import type { SharedChat, SharedMessage } from '@polymath/shared';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { images } from '../../db/schema/index.ts';
import { ATTACHMENT_NAME, ATTACHMENT_URL_PREFIX } from '../attachments/index.ts';
import { answerReader, attachedFiles, threadMessages } from '../data-export/index.ts';
import type { ThreadFields } from '../threads/index.ts';

/**
 * What a shared chat shows, taken from the thread when it is shared (or the link updated): each
 * message's text (answers as the app reads them: web-search citations as links), the names of its
 * photos and PDFs, and the pictures its answer made. Nothing here names the owner or their account;
 * files are referred to by the random names and ids the app gave them, and served only through the
 * share (shares.service.ts) for as long as it is live.
 */

export type SnapshotMessage = {
  role: 'user' | 'assistant';
  text: string;
  status: SharedMessage['status'];
  createdAt: string;
  /**
   * `file`: the attachment's stored name when the owner shared their photos, else null (withheld). A
   * withheld photo keeps no name either: its original file name may say what it shows.
   */
  photos: { name: string | null; file: string | null }[];
  documents: { name: string }[];
  images: { id: string; alt: string; width: number | null; height: number | null }[];
  withheldImages: number;
};

export type Snapshot = { version: 1; messages: SnapshotMessage[] };

export type TakenSnapshot = {
  snapshot: Snapshot;
  /** The owner's images it shows (the share serves only these). */
  imageIds: string[];
  /** The owner's attachment names it shows. */
  photoNames: string[];
  /** Photos the person uploaded to the thread and pictures made from them: sharing them is their choice. */
  uploadedPhotos: number;
};

/** A picture made from a photo the person uploaded (a tattoo placed on it, a translated photo), not from a prompt alone. */
function fromUploadedPhoto(sourceKey: string | null): boolean {
  return sourceKey !== null && !sourceKey.startsWith('images/');
}

const ENDINGS = new Set(['stopped', 'interrupted', 'failed']);

/** The thread as it is now; an answer still being written is left out. */
export async function takeSnapshot(db: Db, thread: ThreadFields, includePhotos: boolean): Promise<TakenSnapshot> {
  const made = await db
    .select({
      id: images.id,
      answerId: images.answerId,
      prompt: images.prompt,
      width: images.width,
      height: images.height,
      sourceKey: images.sourceKey,
    })
    .from(images)
    .where(
      and(
        eq(images.threadId, thread.id),
        eq(images.userId, thread.userId),
        eq(images.status, 'ready'),
        isNull(images.deletedAt),
      ),
    )
    .orderBy(asc(images.createdAt), asc(images.id));
  const byAnswer = new Map<string, typeof made>();
  for (const image of made) {
    if (!image.answerId) continue;
    byAnswer.set(image.answerId, [...(byAnswer.get(image.answerId) ?? []), image]);
  }

  const messages: SnapshotMessage[] = [];
  const imageIds: string[] = [];
  const photoNames: string[] = [];
  let uploadedPhotos = 0;
  const answer = answerReader(thread.toolId);
  for await (const message of threadMessages(db, thread.userId, thread.id)) {
    if (message.status === 'streaming') continue;
    const user = message.role === 'user';
    const files = attachedFiles(message);
    const photos = files.photos.map((photo) => {
      const name = photo.url.startsWith(ATTACHMENT_URL_PREFIX) ? photo.url.slice(ATTACHMENT_URL_PREFIX.length) : '';
      const ours = ATTACHMENT_NAME.test(name);
      if (ours) uploadedPhotos++;
      const file = ours && includePhotos ? name : null;
      if (file) photoNames.push(file);
      return { name: file ? photo.name : null, file };
    });
    const pictures = user ? [] : (byAnswer.get(message.id) ?? []);
    const shown = pictures.filter((p) => includePhotos || !fromUploadedPhoto(p.sourceKey));
    uploadedPhotos += pictures.filter((p) => fromUploadedPhoto(p.sourceKey)).length;
    imageIds.push(...shown.map((p) => p.id));
    messages.push({
      role: user ? 'user' : 'assistant',
      text: user ? message.text : answer(message),
      status: !user && ENDINGS.has(message.status) ? (message.status as SnapshotMessage['status']) : null,
      createdAt: message.createdAt.toISOString(),
      photos,
      documents: files.documents.map((d) => ({ name: d.name })),
      images: shown.map((p) => ({ id: p.id, alt: p.prompt, width: p.width, height: p.height })),
      withheldImages: pictures.length - shown.length,
    });
  }
  return { snapshot: { version: 1, messages }, imageIds, photoNames, uploadedPhotos };
}

/** The snapshot as the public page reads it: files as URLs of the share. */
export function toSharedMessages(shareId: string, snapshot: Snapshot): SharedChat['messages'] {
  const base = `/api/shared/${encodeURIComponent(shareId)}`;
  return snapshot.messages.map((m) => ({
    role: m.role,
    text: m.text,
    status: m.status,
    createdAt: m.createdAt,
    // Snapshots taken before withheld photos lost their names still hold them: never sent.
    photos: m.photos.map((p) =>
      p.file ? { name: p.name, url: `${base}/photos/${p.file}` } : { name: null, url: null },
    ),
    documents: m.documents,
    images: m.images.map((i) => ({
      url: `${base}/images/${i.id}`,
      thumbUrl: `${base}/images/${i.id}?variant=thumb`,
      alt: i.alt,
      width: i.width,
      height: i.height,
    })),
    withheldImages: m.withheldImages,
  }));
}
