import { getDocumentProxy } from 'unpdf';

/**
 * Reading PDFs with unpdf (its own bundled pdf.js, offline; pdfjs-dist must never be loaded in the
 * same process). Pure and self-contained: pdf-reader.ts runs these in a worker thread, so a large
 * document never stalls the server's event loop.
 */

/** Why a PDF cannot be read: it needs a password, or it is not a PDF pdf.js can parse. */
export type PdfProblem = 'encrypted' | 'invalid';

export type PdfInspection = { ok: true; pages: number } | { ok: false; problem: PdfProblem };

/**
 * `%PDF-` and a version digit as the file's very first bytes, where every PDF writer puts them (ISO
 * 32000 §7.5.2; PDF/A requires byte 0). Readers' tolerance of anything before it (Acrobat looks in
 * the first KB) is what lets an HTML page carry a PDF: nothing, not even a BOM, may come first
 * (decision 023).
 */
export function looksLikePdf(bytes: Uint8Array): boolean {
  return /^%PDF-\d/.test(Buffer.from(bytes.subarray(0, 6)).toString('latin1'));
}

async function open(bytes: Uint8Array) {
  // verbosity 0: pdf.js's warnings about damaged files go to stdout, not through our logger.
  return getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
}

function problemOf(error: unknown): PdfProblem {
  return (error as { name?: string } | null)?.name === 'PasswordException' ? 'encrypted' : 'invalid';
}

/** Opens the document: how many pages it has, or why it cannot be read. */
export async function inspectPdf(bytes: Uint8Array): Promise<PdfInspection> {
  if (!looksLikePdf(bytes)) return { ok: false, problem: 'invalid' };
  let pdf: Awaited<ReturnType<typeof open>> | undefined;
  try {
    pdf = await open(bytes);
    // The first page must parse too: a file whose page tree is cut off opens but has no pages.
    if (pdf.numPages < 1) return { ok: false, problem: 'invalid' };
    await (await pdf.getPage(1)).getTextContent();
    return { ok: true, pages: pdf.numPages };
  } catch (error) {
    return { ok: false, problem: problemOf(error) };
  } finally {
    await pdf?.loadingTask.destroy().catch(() => {});
  }
}

/** Text that PostgreSQL can store and a person can read: no NUL or lone surrogates, tidy whitespace. */
export function cleanPageText(raw: string): string {
  return raw
    .replace(/\p{Cs}|(?![\n\t])\p{Cc}/gu, ' ')
    .split('\n')
    .map((line) => line.replace(/[ \t\u00A0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * The text of pages `from` to `to` (1-based, inclusive), one string per page. A page pdf.js fails
 * on reads as empty rather than failing the document. Throws when the document itself cannot open.
 */
export async function readPdfPages(bytes: Uint8Array, from: number, to: number): Promise<string[]> {
  const pdf = await open(bytes);
  try {
    const last = Math.min(to, pdf.numPages);
    const texts: string[] = [];
    for (let n = from; n <= last; n++) {
      try {
        const page = await pdf.getPage(n);
        const content = await page.getTextContent();
        // As unpdf's extractText joins them: pdf.js puts the spaces between words into the items.
        const raw = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
        texts.push(cleanPageText(raw));
        page.cleanup();
      } catch {
        texts.push('');
      }
    }
    return texts;
  } finally {
    await pdf.loadingTask.destroy().catch(() => {});
  }
}
