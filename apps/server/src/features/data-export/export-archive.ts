import { Readable } from 'node:stream';
import { APP_NAME, DATA_EXPORT_KEEP_DAYS, threadExportSchema } from '@polymath/shared';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import yazl from 'yazl';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import {
  accounts,
  documentPages,
  documents,
  images,
  messages,
  refunds,
  sandboxObjects,
  sessions,
  subscriptionChanges,
  subscriptions,
  threads,
  users,
  whatsappLinks,
} from '../../db/schema/index.ts';
import type { FileStore } from '../../lib/storage/file-store.ts';
import { ownerFolder } from '../../lib/storage/owner-folder.ts';
import { AVATAR_FOLDER, AVATAR_NAME } from '../account/index.ts';
import { ATTACHMENT_FOLDER, ATTACHMENT_NAME, ATTACHMENT_URL_PREFIX } from '../attachments/index.ts';
import { extraFilesOf, fileExtension, type ImageKindRegistry } from '../images/index.ts';
import type { ThreadFields } from '../threads/index.ts';
import { slugOf, type ThreadFileLinks, threadJson, threadMarkdown } from './thread-document.ts';

/**
 * The data export's zip, written as a stream (yazl): every entry is added with a function that opens
 * its content only when the zip reaches it, so at any moment the archive holds one entry's content
 * (one picture, one page of messages), never the archive. What it holds is listed in README.txt below.
 */

export type ArchiveProgress = (done: number, total: number) => void;

/** Where an attached photo lives in the file store, from its url in a message. */
function attachmentKey(folder: string, url: string): string | null {
  const name = url.startsWith(ATTACHMENT_URL_PREFIX) ? url.slice(ATTACHMENT_URL_PREFIX.length) : '';
  return ATTACHMENT_NAME.test(name) ? `${folder}/${name}` : null;
}

/** A file name of the archive from a person's own name for a file: no folders, no odd characters. */
function safeName(name: string, fallback: string): string {
  const cleaned = name
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}/\\:*?"<>|]+/gu, '_')
    .trim()
    .slice(0, 80);
  return cleaned || fallback;
}

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

function readme(createdAt: Date): string {
  return `${APP_NAME}: a copy of your data, made ${createdAt.toISOString()}

profile.json            your account: names, email, language, plan
profile/                your profile photo, if you set one
sign-in-methods.json    how you sign in (password, Google, Apple); no passwords or tokens
sessions.json           the devices signed in to your account
billing/                your subscription, its changes (started, cancelled, resumed, ended), refunds,
                        and the payments we keep a record of
whatsapp.json           the WhatsApp number linked to your account, if any
threads/                every chat, as Markdown (to read) and JSON (to reuse; schemas/thread.schema.json)
images/                 the pictures the tools made for you (images.json lists them, with prompts
                        and photo translations' texts)
uploads/                the photos you attached to messages or gave a tool
documents/              the PDFs you asked about, each with the text read from it (.txt)

Chats you deleted are not included. This copy can be downloaded for ${DATA_EXPORT_KEEP_DAYS} days.
`;
}

/** Counts and lists what the archive will hold, before writing it (for progress and for the entries). */
/** What building an archive reads: the database, the files, and what each kind of image adds to its entry. */
export type ArchiveDeps = { db: Db; files: FileStore; imageKinds: ImageKindRegistry };

async function inventory(db: Db, userId: string) {
  const [threadRows, imageRows, documentRows, attachmentUrls] = await Promise.all([
    db
      .select({
        id: threads.id,
        userId: threads.userId,
        toolId: threads.toolId,
        title: threads.title,
        starred: threads.starred,
        modelId: threads.modelId,
        createdAt: threads.createdAt,
        updatedAt: threads.updatedAt,
        deletedAt: threads.deletedAt,
        activeAnswerId: threads.activeAnswerId,
        toolInput: threads.toolInput,
      })
      .from(threads)
      .where(and(eq(threads.userId, userId), isNull(threads.deletedAt)))
      .orderBy(asc(threads.createdAt), asc(threads.id)),
    db
      .select()
      .from(images)
      .where(and(eq(images.userId, userId), isNull(images.deletedAt)))
      .orderBy(asc(images.createdAt), asc(images.id)),
    db.select().from(documents).where(eq(documents.userId, userId)).orderBy(asc(documents.createdAt)),
    // Attached photos have no table: their urls are in the messages' file parts.
    db
      .selectDistinct({ url: sql<string>`p->>'url'` })
      .from(sql`${messages}, jsonb_array_elements(${messages.parts}) as p`)
      .where(
        sql`${messages.userId} = ${userId} and p->>'type' = 'file' and p->>'url' like ${`${ATTACHMENT_URL_PREFIX}%`}`,
      ),
  ]);
  return { threads: threadRows as ThreadFields[], images: imageRows, documents: documentRows, attachmentUrls };
}

/**
 * Writes the person's archive into `zip` (each entry opened when reached) and ends it. `progress`
 * hears each item done (a thread, a picture, a file) out of all of them.
 */
export async function addArchiveEntries(
  zip: yazl.ZipFile,
  deps: ArchiveDeps,
  userId: string,
  progress: ArchiveProgress = () => {},
): Promise<void> {
  const { db, files, imageKinds } = deps;
  const now = new Date();
  const found = await inventory(db, userId);
  const uploads = [
    ...new Set(found.images.flatMap((i) => (i.sourceKey && !i.sourceKey.startsWith('images/') ? [i.sourceKey] : []))),
  ];
  const total =
    1 +
    found.threads.length +
    found.images.length +
    found.attachmentUrls.length +
    uploads.length +
    found.documents.length;
  let done = 0;
  const step = () => progress(++done, total);
  progress(0, total);

  /** Adds an entry whose content is made when the zip reaches it; `compress` off for pictures and PDFs. */
  const lazy = (
    path: string,
    make: () => AsyncIterable<string | Uint8Array> | Promise<Uint8Array | null>,
    compress = true,
  ) => {
    zip.addReadStreamLazy(path, { compress, mtime: now }, (cb) => {
      const made = make();
      if (made instanceof Promise) {
        made.then(
          (bytes) => cb(null, Readable.from(bytes ? [bytes] : [])),
          (err: unknown) => cb(err, Readable.from([])),
        );
      } else cb(null, Readable.from(made));
    });
  };
  /** A stored file, or nothing when it has gone meanwhile (the entry is then empty). */
  const stored = (key: string, onDone: () => void) => async () => {
    const bytes = await files.get(key);
    onDone();
    return bytes;
  };

  zip.addBuffer(Buffer.from(readme(now)), 'README.txt', { mtime: now });
  zip.addBuffer(
    Buffer.from(`${JSON.stringify(z.toJSONSchema(threadExportSchema), null, 2)}\n`),
    'schemas/thread.schema.json',
    {
      mtime: now,
    },
  );

  // The account.
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new Error('the account is gone');
  zip.addBuffer(
    json({
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      name: user.name,
      firstName: user.firstName,
      lastName: user.lastName,
      displayName: user.displayName,
      language: user.locale,
      plan: user.accessLevel,
      createdAt: user.createdAt,
      updatedAt: user.updatedAt,
    }),
    'profile.json',
    { mtime: now },
  );
  if (user.profilePhotoKey && AVATAR_NAME.test(user.profilePhotoKey)) {
    lazy(
      'profile/photo.webp',
      stored(`${AVATAR_FOLDER}/${user.profilePhotoKey}`, () => {}),
      false,
    );
  }
  // Sign-in methods without their secrets (password hashes, tokens).
  const methods = await db
    .select({
      provider: accounts.providerId,
      accountId: accounts.accountId,
      scope: accounts.scope,
      createdAt: accounts.createdAt,
      updatedAt: accounts.updatedAt,
    })
    .from(accounts)
    .where(eq(accounts.userId, userId));
  zip.addBuffer(json(methods), 'sign-in-methods.json', { mtime: now });
  const devices = await db
    .select({
      createdAt: sessions.createdAt,
      lastActive: sessions.updatedAt,
      expiresAt: sessions.expiresAt,
      ipAddress: sessions.ipAddress,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  zip.addBuffer(json(devices), 'sessions.json', { mtime: now });
  const [subscription] = await db
    .select({
      provider: subscriptions.provider,
      customerId: subscriptions.customerId,
      subscriptionId: subscriptions.subscriptionId,
      status: subscriptions.status,
      period: subscriptions.period,
      amount: subscriptions.amount,
      currency: subscriptions.currency,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      createdAt: subscriptions.providerCreatedAt,
      updatedAt: subscriptions.updatedAt,
    })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  zip.addBuffer(json(subscription ?? null), 'billing/subscription.json', { mtime: now });
  // Checkouts and subscriptions as the payment sandbox recorded them (with Stripe, its own records
  // and invoices are in Stripe's customer portal: My Plan → Manage).
  const payments = await db
    .select({
      kind: sandboxObjects.kind,
      id: sandboxObjects.id,
      data: sandboxObjects.data,
      createdAt: sandboxObjects.createdAt,
    })
    .from(sandboxObjects)
    .where(eq(sandboxObjects.userId, userId))
    .orderBy(asc(sandboxObjects.createdAt));
  zip.addBuffer(json(payments), 'billing/payments.json', { mtime: now });
  // What the money view keeps of the person's subscriptions (decision 039): each change, each refund.
  const changes = await db
    .select({
      provider: subscriptionChanges.provider,
      subscriptionId: subscriptionChanges.subscriptionId,
      change: subscriptionChanges.change,
      period: subscriptionChanges.period,
      amount: subscriptionChanges.amount,
      currency: subscriptionChanges.currency,
      at: subscriptionChanges.at,
    })
    .from(subscriptionChanges)
    .where(eq(subscriptionChanges.userId, userId))
    .orderBy(asc(subscriptionChanges.at), asc(subscriptionChanges.id));
  zip.addBuffer(json(changes), 'billing/subscription-changes.json', { mtime: now });
  const refundRows = await db
    .select({
      provider: refunds.provider,
      subscriptionId: refunds.subscriptionId,
      payment: refunds.payment,
      refundId: refunds.refundId,
      amount: refunds.amount,
      currency: refunds.currency,
      status: refunds.status,
      reason: refunds.reason,
      createdAt: refunds.createdAt,
      updatedAt: refunds.updatedAt,
    })
    .from(refunds)
    .where(eq(refunds.userId, userId))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
  zip.addBuffer(json(refundRows), 'billing/refunds.json', { mtime: now });
  const [whatsapp] = await db
    .select({
      phone: whatsappLinks.phone,
      country: whatsappLinks.country,
      modelId: whatsappLinks.modelId,
      language: whatsappLinks.locale,
      linkedAt: whatsappLinks.linkedAt,
    })
    .from(whatsappLinks)
    .where(eq(whatsappLinks.userId, userId));
  zip.addBuffer(json(whatsapp ?? null), 'whatsapp.json', { mtime: now });
  step();

  // Pictures: the original, and the SVG and previews beside it when its kind keeps them.
  const imagePaths = new Map<string, { name: string; path: string }[]>();
  const imageIndex = found.images.map((row) => {
    const base = `${row.createdAt.toISOString().slice(0, 10)}-${row.id}`;
    const filesOf: string[] = [];
    if (row.status === 'ready' && row.fileKey) {
      const extra = extraFilesOf(row);
      const entries: [string, string, boolean][] = [[`${base}.${fileExtension(row.mediaType)}`, row.fileKey, false]];
      if (extra.svg) entries.push([`${base}.svg`, extra.svg, true]);
      if (extra.light) entries.push([`${base}-on-light.png`, extra.light, false]);
      if (extra.dark) entries.push([`${base}-on-dark.png`, extra.dark, false]);
      entries.forEach(([name, key, compress], index) => {
        filesOf.push(name);
        lazy(`images/${name}`, stored(key, index === 0 ? step : () => {}), compress);
      });
      if (row.answerId) {
        const list = imagePaths.get(row.answerId) ?? [];
        list.push({ name: row.prompt.slice(0, 80) || row.id, path: `../images/${filesOf[0]}` });
        imagePaths.set(row.answerId, list);
      }
    } else step();
    return {
      id: row.id,
      tool: row.toolId,
      status: row.status,
      prompt: row.prompt,
      style: row.style,
      aspectRatio: row.aspectRatio,
      model: row.modelId,
      width: row.width,
      height: row.height,
      createdAt: row.createdAt,
      files: filesOf,
      madeFrom:
        row.sourceKey && !row.sourceKey.startsWith('images/')
          ? `uploads/photos/${row.sourceKey.split('/').pop()}`
          : null,
      ...imageKinds.get(row.modelId)?.exported?.(row),
    };
  });
  zip.addBuffer(json(imageIndex), 'images/images.json', { mtime: now });

  // What the person uploaded: photos attached to messages, photos given to the tattoo and photo tools.
  const filePaths = new Map<string, string>();
  for (const { url } of found.attachmentUrls) {
    const key = attachmentKey(ownerFolder(ATTACHMENT_FOLDER, userId), url);
    if (!key) {
      step();
      continue;
    }
    const path = `uploads/attachments/${key.split('/').pop()}`;
    filePaths.set(url, `../${path}`);
    lazy(path, stored(key, step), false);
  }
  for (const key of uploads) lazy(`uploads/photos/${key.split('/').pop()}`, stored(key, step), false);

  // PDFs with the text read from them, page by page.
  zip.addBuffer(
    json(
      found.documents.map((d) => ({
        id: d.id,
        name: d.name,
        bytes: d.bytes,
        pages: d.pageCount,
        status: d.status,
        createdAt: d.createdAt,
      })),
    ),
    'documents/documents.json',
    { mtime: now },
  );
  for (const document of found.documents) {
    const base = `documents/${document.id}-${safeName(document.name.replace(/\.pdf$/i, ''), 'document')}`;
    filePaths.set(`/api/documents/${document.id}`, `../${base}.pdf`);
    lazy(
      `${base}.pdf`,
      stored(document.fileKey, () => {}),
      false,
    );
    lazy(`${base}.txt`, async function* () {
      yield* documentText(db, document.id);
      step();
    });
  }

  // Every chat, as Markdown and as JSON.
  const links: ThreadFileLinks = {
    imagesOf: (answerId) => imagePaths.get(answerId) ?? [],
    fileOf: (url) => filePaths.get(url) ?? null,
  };
  const names = new Set<string>();
  for (const thread of found.threads) {
    let name = `${thread.createdAt.toISOString().slice(0, 10)}-${slugOf(thread.title)}`;
    if (names.has(name)) name = `${name}-${thread.id}`;
    names.add(name);
    lazy(`threads/${name}.md`, () => threadMarkdown(db, thread, links));
    lazy(`threads/${name}.json`, async function* () {
      yield* threadJson(db, thread);
      step();
    });
  }
  zip.end();
}

/** A document's text, a page at a time, each under its page number. */
async function* documentText(db: Db, documentId: string): AsyncGenerator<string> {
  let after = 0;
  for (;;) {
    const pages = await db
      .select({ page: documentPages.page, text: documentPages.text })
      .from(documentPages)
      .where(and(eq(documentPages.documentId, documentId), sql`${documentPages.page} > ${after}`))
      .orderBy(asc(documentPages.page))
      .limit(20);
    for (const page of pages) yield `--- Page ${page.page} ---\n${page.text}\n\n`;
    const last = pages.at(-1);
    if (!last || pages.length < 20) return;
    after = last.page;
  }
}

/**
 * The archive as a stream of bytes: entries are added (and the zip ended) as the stream is read. An
 * error anywhere (a query, the file store) fails the stream.
 */
export function archiveStream(deps: ArchiveDeps, userId: string, progress?: ArchiveProgress): Readable {
  const zip = new yazl.ZipFile();
  const output = zip.outputStream as Readable;
  zip.on('error', (err: Error) => output.destroy(err));
  addArchiveEntries(zip, deps, userId, progress).catch((err: unknown) =>
    output.destroy(err instanceof Error ? err : new Error(String(err))),
  );
  return output;
}
