import { randomBytes } from 'node:crypto';
import type { Profile } from '@polymath/shared';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { documentPages, documents, images, messages, threads, whatsappLinks } from '../src/db/schema/index.ts';
import { ATTACHMENT_FOLDER, ATTACHMENT_URL_PREFIX } from '../src/features/attachments/attachments.service.ts';
import { imageFolder } from '../src/features/images/images.service.ts';
import { TATTOO_PHOTO_FOLDER } from '../src/features/tools/tattoo-generator/tattoo-photos.service.ts';
import type { FileStore } from '../src/lib/storage/file-store.ts';
import { ownerFolder } from '../src/lib/storage/owner-folder.ts';
import type { TestClient } from './auth-helpers.ts';

/**
 * An account's chats as the chat core and the tools leave them, written straight to the database
 * and the file store: for the data export and shared chat tests.
 */

export const newId = (bytes = 12) => randomBytes(bytes).toString('base64url');

export async function profileOf(c: TestClient): Promise<Profile> {
  const res = await c.get('/api/me');
  expect(res.status).toBe(200);
  return (await res.json()) as Profile;
}

export async function pngBytes(colour: string, size = 8): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

export async function seedThread(
  db: Db,
  userId: string,
  values: { toolId?: string; title?: string; id?: string } = {},
): Promise<string> {
  const id = values.id ?? newId();
  await db.insert(threads).values({
    id,
    userId,
    toolId: values.toolId ?? 'web-main',
    title: values.title ?? `Chat ${id}`,
    modelId: 'gpt-4o-mini',
  });
  return id;
}

export async function seedMessage(
  db: Db,
  userId: string,
  threadId: string,
  role: 'user' | 'assistant',
  parts: Record<string, unknown>[],
  status = 'complete',
): Promise<string> {
  const id = newId();
  const text = parts
    .filter((p) => p.type === 'text')
    .map((p) => String(p.text))
    .join('\n');
  await db.insert(messages).values({
    id,
    threadId,
    userId,
    role,
    parts,
    text,
    status,
    modelId: role === 'assistant' ? 'gpt-4o-mini' : null,
  });
  return id;
}

/** A photo attached to a message: stored in the person's attachment folder; its file part. */
export async function seedAttachment(files: FileStore, userId: string, filename = 'holiday.webp') {
  const name = `${newId(16)}.webp`;
  const bytes = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#123456' } })
    .webp()
    .toBuffer();
  await files.put(`${ownerFolder(ATTACHMENT_FOLDER, userId)}/${name}`, bytes, { contentType: 'image/webp' });
  return {
    name,
    bytes,
    part: { type: 'file', mediaType: 'image/webp', url: `${ATTACHMENT_URL_PREFIX}${name}`, filename },
  };
}

/** A ready picture an answer made (its original and thumbnail stored); `fromPhoto` makes it an edit of an uploaded photo. */
export async function seedImage(
  db: Db,
  files: FileStore,
  userId: string,
  values: { threadId: string; answerId: string; prompt: string; toolId?: string; fromPhoto?: boolean },
) {
  const id = newId();
  const bytes = await pngBytes('#ff0000');
  const fileKey = `${imageFolder(userId)}/${id}.png`;
  const thumbKey = `${imageFolder(userId)}/${id}-thumb.webp`;
  await files.put(fileKey, bytes, { contentType: 'image/png' });
  await files.put(thumbKey, await sharp(bytes).webp().toBuffer(), { contentType: 'image/webp' });
  let sourceKey: string | null = null;
  if (values.fromPhoto) {
    sourceKey = `${ownerFolder(TATTOO_PHOTO_FOLDER, userId)}/${newId(16)}.jpg`;
    await files.put(sourceKey, await sharp(bytes).jpeg().toBuffer(), { contentType: 'image/jpeg' });
  }
  await db.insert(images).values({
    id,
    userId,
    toolId: values.toolId ?? 'image-generator',
    threadId: values.threadId,
    answerId: values.answerId,
    prompt: values.prompt,
    modelId: 'demo-image',
    aspectRatio: '1:1',
    status: 'ready',
    mediaType: 'image/png',
    width: 8,
    height: 8,
    bytes: bytes.length,
    fileKey,
    thumbKey,
    sourceKey,
  });
  return { id, bytes, fileKey, sourceKey };
}

/** A PDF the person asked about, read: its file and two pages of text. */
export async function seedDocument(db: Db, files: FileStore, userId: string, name = 'Report 2026.pdf') {
  const id = newId(12).slice(0, 16);
  const fileKey = `${ownerFolder('documents', userId)}/${id}.pdf`;
  const bytes = Buffer.from('%PDF-1.4\n% a stand-in for a PDF\n');
  await files.put(fileKey, bytes, { contentType: 'application/pdf' });
  await db.insert(documents).values({
    id,
    userId,
    name,
    bytes: bytes.length,
    pageCount: 2,
    pagesRead: 2,
    textChars: 40,
    status: 'ready',
    fileKey,
  });
  await db.insert(documentPages).values([
    { documentId: id, page: 1, text: 'Revenue grew by twelve percent.' },
    { documentId: id, page: 2, text: 'Costs stayed flat.' },
  ]);
  return {
    id,
    bytes,
    part: { type: 'file', mediaType: 'application/pdf', url: `/api/documents/${id}`, filename: name },
  };
}

export async function seedWhatsAppLink(
  db: Db,
  userId: string,
  phone = `+90532${Math.floor(1e6 + Math.random() * 8e6)}`,
) {
  await db.insert(whatsappLinks).values({ userId, phone, country: 'TR', modelId: 'gpt-4o-mini', locale: 'tr' });
  return phone;
}

/**
 * A person's chats of several kinds: AI Chat with a photo and a PDF, an image tool's answer with its
 * picture, a web search answer citing a source, and a tattoo made from their photo.
 */
export async function seedAccountChats(db: Db, files: FileStore, userId: string) {
  const photo = await seedAttachment(files, userId);
  const pdf = await seedDocument(db, files, userId);
  const chat = await seedThread(db, userId, { title: 'Trip to İzmir **bold**' });
  await seedMessage(db, userId, chat, 'user', [
    { type: 'text', text: 'Where should I go? Look at this.' },
    photo.part,
    pdf.part,
  ]);
  const chatAnswer = await seedMessage(db, userId, chat, 'assistant', [
    { type: 'text', text: 'Visit **Alaçatı** and the [Agora](https://example.com/agora) (p. 2).' },
  ]);
  const draw = await seedThread(db, userId, { toolId: 'image-generator', title: 'A red square' });
  await seedMessage(db, userId, draw, 'user', [{ type: 'text', text: 'Draw a red square' }]);
  const drawAnswer = await seedMessage(db, userId, draw, 'assistant', [
    { type: 'tool-generate_image', toolCallId: 'call-1', state: 'output-available', input: {}, output: { ok: true } },
    { type: 'text', text: 'Here is your red square.' },
  ]);
  const image = await seedImage(db, files, userId, { threadId: draw, answerId: drawAnswer, prompt: 'a red square' });
  const search = await seedThread(db, userId, { toolId: 'web-search', title: 'Weather news' });
  await seedMessage(db, userId, search, 'user', [{ type: 'text', text: 'Any weather news?' }]);
  await seedMessage(db, userId, search, 'assistant', [
    {
      type: 'tool-web_search',
      toolCallId: 'call-2',
      state: 'output-available',
      input: { query: 'weather' },
      output: { results: [{ n: 1, url: 'https://news.example.org/storm', title: 'Storm ahead', siteName: 'News' }] },
    },
    { type: 'text', text: 'A storm is coming [1].' },
  ]);
  const tattoo = await seedThread(db, userId, { toolId: 'tattoo-generator', title: 'Rose tattoo' });
  await seedMessage(db, userId, tattoo, 'user', [{ type: 'text', text: 'A rose on my arm' }]);
  const tattooAnswer = await seedMessage(db, userId, tattoo, 'assistant', [{ type: 'text', text: 'Placed it.' }]);
  const tattooImage = await seedImage(db, files, userId, {
    threadId: tattoo,
    answerId: tattooAnswer,
    prompt: 'a rose',
    toolId: 'tattoo-generator',
    fromPhoto: true,
  });
  return { photo, pdf, chat, chatAnswer, draw, image, search, tattoo, tattooImage };
}
