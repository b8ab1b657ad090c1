import { inspectPdf, type PdfInspection, readPdfPages } from './pdf-text.ts';

export type PdfTask =
  | { kind: 'inspect'; bytes: Uint8Array }
  | { kind: 'read'; bytes: Uint8Array; from: number; to: number };

/** The worker-thread entry pdf-reader.ts hands PDFs to (a piscina task). */
export default function pdfInWorker(task: PdfTask): Promise<PdfInspection | string[]> {
  return task.kind === 'inspect' ? inspectPdf(task.bytes) : readPdfPages(task.bytes, task.from, task.to);
}
