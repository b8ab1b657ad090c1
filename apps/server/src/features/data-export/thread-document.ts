import {
  type ChatToolId,
  DOCUMENT_URL_PREFIX,
  extractCitations,
  mergeSources,
  sourcesInParts,
  type ThreadExport,
  type WebSource,
} from '@polymath/shared';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { messages } from '../../db/schema/index.ts';
import type { ThreadFields } from '../threads/index.ts';

/**
 * One thread as a document a person can read or a program can parse: Markdown and JSON, written
 * message page by message page (a thread of 10,000 messages is never held whole). The data export's
 * zip and the thread menu's downloads both use these, and the shared chat's snapshot reads answers
 * with the same `answerMarkdown`.
 */

/** Messages read at a time. */
const PAGE = 200;

export type StoredMessage = {
  id: string;
  seq: number;
  role: string;
  parts: unknown;
  text: string;
  status: string;
  modelId: string | null;
  createdAt: Date;
};

type Part = { type: string; text?: string; url?: string; filename?: string; mediaType?: string } & Record<
  string,
  unknown
>;

export function partsOf(message: Pick<StoredMessage, 'parts'>): Part[] {
  return Array.isArray(message.parts)
    ? (message.parts as unknown[]).filter((p): p is Part => typeof p === 'object' && p !== null && 'type' in p)
    : [];
}

/** The thread's messages in order, a page at a time. */
export async function* threadMessages(db: Db, userId: string, threadId: string): AsyncGenerator<StoredMessage> {
  let after = -1;
  for (;;) {
    const rows = await db
      .select({
        id: messages.id,
        seq: messages.seq,
        role: messages.role,
        parts: messages.parts,
        text: messages.text,
        status: messages.status,
        modelId: messages.modelId,
        createdAt: messages.createdAt,
      })
      .from(messages)
      .where(and(eq(messages.threadId, threadId), eq(messages.userId, userId), gt(messages.seq, after)))
      .orderBy(asc(messages.seq))
      .limit(PAGE);
    yield* rows;
    const last = rows.at(-1);
    if (!last || rows.length < PAGE) return;
    after = last.seq;
  }
}

/**
 * Reads a thread's answers as the app shows them. A web-search answer's [n] markers become links to
 * the thread's sources so far (its own and earlier answers', as the page does); every other answer's
 * text is its text parts as written.
 */
export function answerReader(toolId: string) {
  let sources: WebSource[] = [];
  return (message: Pick<StoredMessage, 'parts' | 'role'>): string => {
    const parts = partsOf(message);
    const text = parts
      .filter((p) => p.type === 'text' && typeof p.text === 'string')
      .map((p) => p.text as string)
      .join('\n\n');
    if (toolId !== 'web-search' || message.role !== 'assistant') return text;
    sources = mergeSources(sources, sourcesInParts(parts as Parameters<typeof sourcesInParts>[0]));
    return extractCitations(text, sources).text;
  };
}

/** A message's attached files: photos (image file parts) and PDFs, by url and name. */
export function attachedFiles(message: Pick<StoredMessage, 'parts'>): {
  photos: { url: string; name: string | null }[];
  documents: { url: string; name: string }[];
} {
  const files = partsOf(message).filter((p) => p.type === 'file' && typeof p.url === 'string');
  return {
    photos: files
      .filter((p) => String(p.mediaType ?? '').startsWith('image/'))
      .map((p) => ({ url: p.url as string, name: typeof p.filename === 'string' ? p.filename : null })),
    documents: files
      .filter((p) => (p.url as string).startsWith(DOCUMENT_URL_PREFIX))
      .map((p) => ({ url: p.url as string, name: typeof p.filename === 'string' ? p.filename : 'document.pdf' })),
  };
}

/** Where the archive keeps what a message refers to; without it (one thread's download) files are named only. */
export type ThreadFileLinks = {
  /** Files of the pictures an answer made, relative to the thread's file. */
  imagesOf(answerId: string): { name: string; path: string }[];
  /** The archive path of an attached photo or PDF (by its url in the message), if it holds it. */
  fileOf(url: string): string | null;
};

const TOOL_NAMES: Record<ChatToolId, string> = {
  'web-main': 'AI Chat',
  'image-generator': 'Image generator',
  'photo-translate': 'Photo translate',
  horoscope: 'Horoscope',
  'logo-maker': 'Logo maker',
  'tattoo-generator': 'Tattoo generator',
  'web-search': 'Web search',
  whatsapp: 'WhatsApp',
};

/** A Markdown link target with spaces and brackets escaped. */
function target(path: string): string {
  return path.replace(/[ ()<>]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** A line of Markdown that shows a name literally (no emphasis, links or HTML from it). */
function literal(text: string): string {
  return text.replace(/[\\`*_{}[\]<>|~]/g, (c) => `\\${c}`);
}

/** The thread as Markdown: a heading, a line of facts, then each message under its own heading. */
export async function* threadMarkdown(db: Db, thread: ThreadFields, links?: ThreadFileLinks): AsyncGenerator<string> {
  const tool = TOOL_NAMES[thread.toolId as ChatToolId] ?? thread.toolId;
  yield `# ${literal(thread.title)}\n\n`;
  yield `${tool} · started ${thread.createdAt.toISOString()} · last active ${thread.updatedAt.toISOString()}\n`;
  const answer = answerReader(thread.toolId);
  for await (const message of threadMessages(db, thread.userId, thread.id)) {
    const user = message.role === 'user';
    const who = user ? 'You' : `Assistant${message.modelId ? ` (${literal(message.modelId)})` : ''}`;
    let out = `\n---\n\n## ${who} · ${message.createdAt.toISOString()}\n\n`;
    const text = user ? message.text : answer(message);
    if (text.trim()) out += `${text.trim()}\n`;
    const { photos, documents } = attachedFiles(message);
    for (const file of [
      ...photos.map((p) => ({ ...p, kind: 'Photo' })),
      ...documents.map((d) => ({ ...d, kind: 'PDF' })),
    ]) {
      const name = literal(file.name ?? file.kind.toLowerCase());
      const path = links?.fileOf(file.url);
      out += `\n${file.kind}: ${path ? `[${name}](${target(path)})` : name}\n`;
    }
    for (const image of links?.imagesOf(message.id) ?? [])
      out += `\n![${literal(image.name)}](${target(image.path)})\n`;
    if (!user && message.status !== 'complete' && message.status !== 'streaming') out += `\n*(${message.status})*\n`;
    yield out;
  }
}

/** The thread as JSON (threadExportSchema), written message by message. */
export async function* threadJson(db: Db, thread: ThreadFields): AsyncGenerator<string> {
  const head: Omit<ThreadExport, 'messages'> = {
    format: 'polymath-thread',
    version: 1,
    thread: {
      id: thread.id,
      title: thread.title,
      toolId: thread.toolId as ChatToolId,
      modelId: thread.modelId,
      starred: thread.starred,
      createdAt: thread.createdAt.toISOString(),
      updatedAt: thread.updatedAt.toISOString(),
    },
  };
  yield `${JSON.stringify(head).slice(0, -1)},"messages":[\n`;
  const answer = answerReader(thread.toolId);
  let first = true;
  for await (const message of threadMessages(db, thread.userId, thread.id)) {
    const item: ThreadExport['messages'][number] = {
      id: message.id,
      role: message.role === 'user' ? 'user' : 'assistant',
      createdAt: message.createdAt.toISOString(),
      status: message.status,
      modelId: message.modelId,
      text: message.role === 'user' ? message.text : answer(message),
      parts: partsOf(message),
    };
    yield `${first ? '' : ',\n'}${JSON.stringify(item)}`;
    first = false;
  }
  yield '\n]}\n';
}

/** A file name made from a title: lowercase ASCII words joined by dashes, at most 40 characters. */
export function slugOf(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ı/g, 'i')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return slug || 'chat';
}
