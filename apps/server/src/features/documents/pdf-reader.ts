import { Piscina } from 'piscina';
import type { PdfInspection } from './pdf-text.ts';
import type { PdfTask } from './pdf-text.worker.ts';

/** Reads PDFs off the event loop: one worker thread, started on first use, ended when idle. */
export type PdfReader = {
  /** Opens the document: its page count, or why it cannot be read. */
  inspect(bytes: Uint8Array, options?: { signal?: AbortSignal }): Promise<PdfInspection>;
  /** The text of pages from..to (1-based, inclusive), one string per page. */
  readPages(bytes: Uint8Array, from: number, to: number, options?: { signal?: AbortSignal }): Promise<string[]>;
};

/** Opening a 25 MB document takes well under a second; this is for a file built to be slow. */
const INSPECT_TIMEOUT_MS = 30_000;

export function createPdfReader(): PdfReader {
  let pool: Piscina<PdfTask, PdfInspection | string[]> | undefined;
  const workers = () => {
    // One thread: the machines have two cores for everything, and uploads and jobs share it.
    pool ??= new Piscina({
      filename: new URL('./pdf-text.worker.ts', import.meta.url).href,
      minThreads: 0,
      maxThreads: 1,
      idleTimeout: 30_000,
      maxQueue: 64,
    });
    return pool;
  };
  return {
    async inspect(bytes, options = {}) {
      const deadline = AbortSignal.timeout(INSPECT_TIMEOUT_MS);
      const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
      try {
        return (await workers().run({ kind: 'inspect', bytes }, { signal })) as PdfInspection;
      } catch (error) {
        if (deadline.aborted) return { ok: false, problem: 'invalid' };
        throw error;
      }
    },
    async readPages(bytes, from, to, options = {}) {
      return (await workers().run(
        { kind: 'read', bytes, from, to },
        options.signal ? { signal: options.signal } : {},
      )) as string[];
    },
  };
}

/** The process's reader (routes and the job share its one thread). */
export const pdfReader: PdfReader = createPdfReader();
