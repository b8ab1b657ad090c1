import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { textPdf } from '../../../test/pdf-fixtures.ts';
import { inspectPdf, looksLikePdf } from './pdf-text.ts';

/** A page printed to PDF by Chromium (Skia/PDF): a writer other than the tests' own pdf-lib. */
const chromiumPdf = new Uint8Array(readFileSync(new URL('../../../test/fixtures/chromium-print.pdf', import.meta.url)));

describe('the PDF header check', () => {
  it('real PDFs (pdf-lib, Chromium) start with %PDF- at byte 0 and open', async () => {
    for (const pdf of [await textPdf(['The orchard has 412 apple trees.']), chromiumPdf]) {
      expect(looksLikePdf(pdf)).toBe(true);
      expect(await inspectPdf(pdf)).toEqual({ ok: true, pages: 1 });
    }
  });

  it('anything before %PDF- is refused, though a reader would open the PDF behind it', async () => {
    const pdf = await textPdf(['The orchard has 412 apple trees.']);
    const before = {
      'an HTML page (a polyglot)': '<!doctype html><html><body><script>alert(1)</script></body></html>\n',
      'a UTF-8 byte order mark': '\uFEFF',
      'a newline': '\n',
      'a space': ' ',
    };
    for (const [label, prefix] of Object.entries(before)) {
      const bytes = new Uint8Array(Buffer.concat([Buffer.from(prefix), pdf]));
      expect({ label, looksLikePdf: looksLikePdf(bytes) }).toEqual({ label, looksLikePdf: false });
      expect({ label, inspection: await inspectPdf(bytes) }).toEqual({
        label,
        inspection: { ok: false, problem: 'invalid' },
      });
    }
  });

  it('a header without a version, or a file too short to hold one, is not a PDF', () => {
    for (const text of ['%PDF-', '%PDF-x.y\n', '%PDF', '', 'PDF-1.7']) {
      expect({ text, looksLikePdf: looksLikePdf(new TextEncoder().encode(text)) }).toEqual({
        text,
        looksLikePdf: false,
      });
    }
  });
});
