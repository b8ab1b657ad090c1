import { randomBytes } from 'node:crypto';
import {
  type DocumentItem,
  type DocumentList,
  type DocumentPage,
  type DocumentStatus,
  ERROR_MESSAGES,
  type ErrorCode,
  PDF_MAX_BYTES,
  PDF_MAX_PAGES,
  type Plan,
} from '@polymath/shared';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { documentChunks, documentPages, documents } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { jobRef } from '../../lib/queue/job.ts';
import type { JobQueue } from '../../lib/queue/job-queue.ts';
import type { FileStore } from '../../lib/storage/file-store.ts';
import { ownerFolder } from '../../lib/storage/owner-folder.ts';
import { cleanFilename } from '../attachments/index.ts';
import { chunkPages, questionTerms } from './document-chunks.ts';
import type { PdfReader } from './pdf-reader.ts';

export type DocumentRow = typeof documents.$inferSelect;

/** Where a person's PDFs live in the file store: documents/<their folder>/<document id>.pdf. */
export const DOCUMENT_FOLDER = 'documents';

export function documentFolder(userId: string): string {
  return ownerFolder(DOCUMENT_FOLDER, userId);
}

/** A new document id: 12 random bytes, base64url (16 characters; the shared DOCUMENT_ID). */
export function newDocumentId(): string {
  return randomBytes(12).toString('base64url');
}

/** The job that reads a document's pages (document.job.ts works it). */
export const documentJob = jobRef('document-read', z.object({ documentId: z.string().min(1).max(64) }));

/** The one place a row becomes what the browser sees. */
export function toDocumentItem(row: DocumentRow): DocumentItem {
  const code = (row.errorCode ?? 'PDF_FAILED') as ErrorCode;
  return {
    id: row.id,
    name: row.name,
    bytes: row.bytes,
    pages: row.pageCount,
    pagesRead: row.pagesRead,
    status: row.status as DocumentStatus,
    error: row.status === 'failed' ? { code, message: ERROR_MESSAGES[code] } : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Ask PDF is Pro's (spec §1, §6): refused on the server whatever the page shows. */
export function checkDocumentPlan(plan: Plan): void {
  if (plan !== 'pro') throw new AppError('PDF_REQUIRES_PRO');
}

/**
 * Takes an uploaded PDF: checks it by content (`%PDF-` as its first bytes and a document pdf.js opens, with no
 * password and at most 500 pages), stores the file, and queues the job that reads its pages, the
 * row and the job in one transaction (a row never waits for a job that does not exist).
 */
export async function saveDocument(
  deps: { db: Db; files: FileStore; jobs: JobQueue; reader: PdfReader },
  args: { userId: string; plan: Plan; bytes: Uint8Array; filename?: string | undefined; now: Date },
): Promise<DocumentItem> {
  checkDocumentPlan(args.plan);
  if (args.bytes.length > PDF_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', 'The PDF is larger than 25 MB.');
  const inspection = await deps.reader.inspect(args.bytes);
  if (!inspection.ok) throw new AppError(inspection.problem === 'encrypted' ? 'PDF_ENCRYPTED' : 'PDF_INVALID');
  if (inspection.pages > PDF_MAX_PAGES) throw new AppError('PDF_TOO_MANY_PAGES');

  const id = newDocumentId();
  const fileKey = `${documentFolder(args.userId)}/${id}.pdf`;
  await deps.files.put(fileKey, args.bytes, { contentType: 'application/pdf' });
  try {
    const row = await deps.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(documents)
        .values({
          id,
          userId: args.userId,
          name: cleanFilename(args.filename) ?? 'document.pdf',
          bytes: args.bytes.length,
          pageCount: inspection.pages,
          status: 'queued',
          fileKey,
          createdAt: args.now,
          updatedAt: args.now,
        })
        .returning();
      await deps.jobs.send(documentJob, { documentId: id }, { tx });
      return inserted;
    });
    if (!row) throw new Error('document row not stored');
    return toDocumentItem(row);
  } catch (error) {
    await deps.files.delete(fileKey).catch(() => {});
    throw error;
  }
}

/** The person's documents, newest first, with their total size (Settings → Account). */
export async function listDocuments(db: Db, userId: string): Promise<DocumentList> {
  const rows = await db
    .select()
    .from(documents)
    .where(eq(documents.userId, userId))
    .orderBy(desc(documents.createdAt), desc(documents.id));
  return { documents: rows.map(toDocumentItem), totalBytes: rows.reduce((sum, row) => sum + row.bytes, 0) };
}

/** The person's document, or NOT_FOUND: another person's id looks exactly like a missing one. */
export async function getOwnedDocument(db: Db, userId: string, documentId: string): Promise<DocumentRow> {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, documentId), eq(documents.userId, userId)));
  if (!row) throw new AppError('NOT_FOUND', 'Document not found.');
  return row;
}

/** The person's documents among these ids (any order); ids of others or of nothing are left out. */
export async function ownedDocuments(db: Db, userId: string, ids: readonly string[]): Promise<DocumentRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(documents)
    .where(and(inArray(documents.id, [...ids]), eq(documents.userId, userId)));
}

/** One page's text, for the citation panel: only of the person's own, read document. */
export async function readDocumentPage(
  db: Db,
  userId: string,
  documentId: string,
  page: number,
): Promise<DocumentPage> {
  const row = await getOwnedDocument(db, userId, documentId);
  if (page > row.pageCount) throw new AppError('NOT_FOUND', 'The document has no such page.');
  const [found] = await db
    .select({ text: documentPages.text })
    .from(documentPages)
    .where(and(eq(documentPages.documentId, documentId), eq(documentPages.page, page)));
  if (!found) throw new AppError('PDF_NOT_READY');
  return { documentId, name: row.name, page, pages: row.pageCount, text: found.text };
}

/** Deletes the document, its text and its file. */
export async function deleteDocument(db: Db, files: FileStore, userId: string, documentId: string): Promise<void> {
  const [row] = await db
    .delete(documents)
    .where(and(eq(documents.id, documentId), eq(documents.userId, userId)))
    .returning({ fileKey: documents.fileKey });
  if (!row) throw new AppError('NOT_FOUND', 'Document not found.');
  await files.delete(row.fileKey);
}

/** Every PDF file of the person (the rows go with the account through ON DELETE CASCADE). */
export async function deleteUserDocuments(files: FileStore, userId: string): Promise<void> {
  await files.deleteFolder(documentFolder(userId));
}

// ---------------------------------------------------------------------------------------------
// Reading (the job)

/** How many pages one worker task reads: about 25 progress steps for any document, 5 pages at least. */
export function pagesPerStep(pageCount: number): number {
  return Math.max(5, Math.ceil(pageCount / 25));
}

/** Pages already stored for the document (a retried job goes on after them). */
async function storedPages(db: Db, documentId: string): Promise<number> {
  const [row] = await db
    .select({ last: sql<number | null>`max(${documentPages.page})` })
    .from(documentPages)
    .where(eq(documentPages.documentId, documentId));
  return Number(row?.last ?? 0);
}

/**
 * Reads the document's pages into the database step by step (progress in pages_read), then cuts
 * them into chunks and settles it: ready, or failed with PDF_NO_TEXT when no page has text. Safe to
 * run again: a settled document is left alone, pages already read are not read again, and the
 * chunks are rebuilt whole.
 */
export async function readDocument(
  deps: { db: Db; files: FileStore; reader: PdfReader },
  documentId: string,
  signal?: AbortSignal,
): Promise<void> {
  const { db } = deps;
  const [row] = await db.select().from(documents).where(eq(documents.id, documentId));
  if (!row || row.status === 'ready' || row.status === 'failed') return;
  const done = await storedPages(db, documentId);
  await db
    .update(documents)
    .set({ status: 'reading', pagesRead: done, updatedAt: new Date() })
    .where(eq(documents.id, documentId));
  if (done < row.pageCount) {
    const bytes = await deps.files.get(row.fileKey);
    if (!bytes) {
      await markDocumentFailed(db, documentId, 'PDF_FAILED');
      return;
    }
    const step = pagesPerStep(row.pageCount);
    for (let from = done + 1; from <= row.pageCount; from += step) {
      const to = Math.min(from + step - 1, row.pageCount);
      const texts = await deps.reader.readPages(bytes, from, to, signal ? { signal } : {});
      await db.transaction(async (tx) => {
        await tx
          .insert(documentPages)
          .values(texts.map((text, i) => ({ documentId, page: from + i, text })))
          .onConflictDoNothing();
        await tx.update(documents).set({ pagesRead: to, updatedAt: new Date() }).where(eq(documents.id, documentId));
      });
    }
  }
  const pages = await db
    .select({ page: documentPages.page, text: documentPages.text })
    .from(documentPages)
    .where(eq(documentPages.documentId, documentId))
    .orderBy(asc(documentPages.page));
  const chunks = chunkPages(pages);
  const textChars = pages.reduce((sum, p) => sum + p.text.length, 0);
  await db.transaction(async (tx) => {
    await tx.delete(documentChunks).where(eq(documentChunks.documentId, documentId));
    for (let i = 0; i < chunks.length; i += 500) {
      await tx
        .insert(documentChunks)
        .values(chunks.slice(i, i + 500).map((c, j) => ({ documentId, seq: i + j, page: c.page, text: c.text })));
    }
    await tx
      .update(documents)
      .set(
        chunks.length === 0
          ? { status: 'failed', errorCode: 'PDF_NO_TEXT', textChars: 0, updatedAt: new Date() }
          : { status: 'ready', errorCode: null, textChars, updatedAt: new Date() },
      )
      .where(eq(documents.id, documentId));
  });
}

export async function markDocumentFailed(db: Db, documentId: string, code: ErrorCode): Promise<void> {
  await db
    .update(documents)
    .set({ status: 'failed', errorCode: code, updatedAt: new Date() })
    .where(and(eq(documents.id, documentId), sql`${documents.status} <> 'ready'`));
}

// ---------------------------------------------------------------------------------------------
// Answering

export type DocumentText = { page: number; text: string };

/** Every page of a document, in order (a document that fits the model's context goes in whole). */
export async function documentText(db: Db, documentId: string): Promise<DocumentText[]> {
  return db
    .select({ page: documentPages.page, text: documentPages.text })
    .from(documentPages)
    .where(eq(documentPages.documentId, documentId))
    .orderBy(asc(documentPages.page));
}

export type FoundPassage = { documentId: string; page: number; seq: number; text: string; rank: number };

/**
 * The passages of these documents that best match a question: PostgreSQL full-text search over the
 * chunks (the `simple` configuration, as the rest of the app's search, identical on PGlite), any of
 * the question's words as a prefix, best first. The terms are letters and digits only, so odd input
 * cannot break the query. Empty when no word matches.
 */
export async function searchPassages(
  db: Db,
  documentIds: readonly string[],
  question: string,
  limit: number,
): Promise<FoundPassage[]> {
  const terms = questionTerms(question);
  if (documentIds.length === 0 || terms.length === 0) return [];
  const query = terms.map((t) => `${t}:*`).join(' | ');
  const tsquery = sql`to_tsquery('simple', ${query})`;
  const rank = sql<number>`ts_rank(${documentChunks.search}, ${tsquery}, 1)`;
  const rows = await db
    .select({
      documentId: documentChunks.documentId,
      page: documentChunks.page,
      seq: documentChunks.seq,
      text: documentChunks.text,
      rank,
    })
    .from(documentChunks)
    .where(and(inArray(documentChunks.documentId, [...documentIds]), sql`${documentChunks.search} @@ ${tsquery}`))
    .orderBy(desc(rank), asc(documentChunks.seq))
    .limit(limit);
  return rows.map((r) => ({ ...r, rank: Number(r.rank) }));
}

/** The first passages of a document (a question with no words to search for: "summarise this"). */
export async function openingPassages(db: Db, documentId: string, limit: number): Promise<FoundPassage[]> {
  const rows = await db
    .select({
      documentId: documentChunks.documentId,
      page: documentChunks.page,
      seq: documentChunks.seq,
      text: documentChunks.text,
    })
    .from(documentChunks)
    .where(eq(documentChunks.documentId, documentId))
    .orderBy(asc(documentChunks.seq))
    .limit(limit);
  return rows.map((r) => ({ ...r, rank: 0 }));
}
