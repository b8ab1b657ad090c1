import type { Db } from '../../db/client.ts';
import { defineJob } from '../../lib/queue/job.ts';
import type { FileStore } from '../../lib/storage/file-store.ts';
import { documentJob, markDocumentFailed, readDocument } from './documents.service.ts';
import { type PdfReader, pdfReader } from './pdf-reader.ts';

/**
 * Reads one uploaded PDF, page by page, into the database (readDocument): the attachment chip shows
 * its progress. A failure is tried again, going on after the pages already stored; when every try
 * is used the document is marked failed, which the chip and Settings show.
 */
export function createDocumentJob(deps: {
  db: Db;
  files: FileStore;
  reader?: PdfReader;
  /** Seconds before the first retry (doubled after); tests make it 0. */
  retryDelaySeconds?: number;
}) {
  const { db, files } = deps;
  const reader = deps.reader ?? pdfReader;
  return defineJob({
    ...documentJob,
    retries: 2,
    retryDelaySeconds: deps.retryDelaySeconds ?? 5,
    // 500 pages take well under a minute on these machines; the rest is slack for a busy one.
    timeoutSeconds: 600,
    concurrency: 1,
    async handler({ documentId }, run) {
      await readDocument({ db, files, reader }, documentId, run.signal);
    },
    async onDead({ documentId }) {
      await markDocumentFailed(db, documentId, 'PDF_FAILED');
    },
  });
}
