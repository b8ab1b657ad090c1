import { type AttachmentResponse, CHAT_ATTACHMENT_MAX_BYTES } from '@polymath/shared';
import { AppError } from '../../lib/app-error.ts';
import { reencodeImage } from '../../lib/images.ts';
import { type FileStore, newFileName } from '../../lib/storage/file-store.ts';
import { ownerFolder } from '../../lib/storage/owner-folder.ts';

/**
 * Images attached to chat messages. Each user's live in their own sub-folder of the file store
 * (attachments/<folder of the user id>/<random>.webp), so ownership needs no table: a name is only
 * ever looked up in the asking user's folder, and deleting the account removes the folder.
 */
export const ATTACHMENT_FOLDER = 'attachments';
export const ATTACHMENT_URL_PREFIX = '/api/files/attachments/';
/** Names the server gives attachments: 16 random bytes in base64url, always WebP. */
export const ATTACHMENT_NAME = /^[A-Za-z0-9_-]{22}\.webp$/;
/** The long side of a stored attachment; larger images are scaled down. */
export const ATTACHMENT_MAX_SIDE = 2048;
const FILENAME_MAX_LENGTH = 255;

function userFolder(userId: string): string {
  return ownerFolder(ATTACHMENT_FOLDER, userId);
}

/**
 * Checks an uploaded image by content (JPEG, PNG, WebP or GIF; first frame only), re-encodes it to a
 * WebP of at most 2048 px on the long side without metadata, and stores it under a random name.
 */
export async function saveAttachment(
  files: FileStore,
  userId: string,
  bytes: Uint8Array,
  filename?: string,
): Promise<AttachmentResponse> {
  if (bytes.length > CHAT_ATTACHMENT_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', 'The image is larger than 5 MB.');
  }
  const webp = await reencodeImage(bytes, {
    accepted: ['jpeg', 'png', 'webp', 'gif'],
    unsupportedMessage: 'Attach a JPEG, PNG, WebP or GIF image.',
    encode: (image) =>
      image
        .resize(ATTACHMENT_MAX_SIDE, ATTACHMENT_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 85 }),
  });
  const name = newFileName('webp');
  await files.put(`${userFolder(userId)}/${name}`, webp, { contentType: 'image/webp' });
  const shown = cleanFilename(filename);
  return { url: `${ATTACHMENT_URL_PREFIX}${name}`, mediaType: 'image/webp', ...(shown ? { filename: shown } : {}) };
}

/** The bytes of attachment `name` when it is one of `userId`'s; null otherwise (someone else's, gone, malformed). */
export async function readAttachment(files: FileStore, userId: string, name: string): Promise<Uint8Array | null> {
  if (!ATTACHMENT_NAME.test(name)) return null;
  return files.get(`${userFolder(userId)}/${name}`);
}

/**
 * The bytes behind a file part's url (`/api/files/attachments/<name>.webp`) when the attachment is
 * `userId`'s; null for any other url or user. For the chat core, to hand images to a model.
 */
export async function readOwnedAttachment(files: FileStore, userId: string, url: string): Promise<Uint8Array | null> {
  if (!url.startsWith(ATTACHMENT_URL_PREFIX)) return null;
  return readAttachment(files, userId, url.slice(ATTACHMENT_URL_PREFIX.length));
}

/** Removes every attachment of the user (account deletion). */
export async function deleteUserAttachments(files: FileStore, userId: string): Promise<void> {
  await files.deleteFolder(userFolder(userId));
}

/**
 * The name the browser gave the file, for display only: no folders, no control characters, at most
 * 255 UTF-16 units (the file part's limit) without splitting a character; undefined when empty.
 */
export function cleanFilename(name: string | undefined): string | undefined {
  if (!name) return undefined;
  const base = (name.split(/[/\\]/).pop() ?? '')
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .trim();
  let out = '';
  for (const ch of base) {
    if (out.length + ch.length > FILENAME_MAX_LENGTH) break;
    out += ch;
  }
  return out.trim() || undefined;
}
