import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import sharp from 'sharp';

/**
 * PDFs the tests make for themselves: pages with known text, a long one that needs retrieval, one
 * protected with a password, one with only a picture (a "scan"), and one cut short. Written with
 * pdf-lib (the cantoo fork, which can encrypt); read by the app with unpdf, a different code base.
 */

const PAGE = { width: 595, height: 842 };
const LINE_CHARS = 90;

/** Breaks a paragraph into lines that fit the page (Helvetica 10 pt, about 90 characters). */
function lines(text: string): string[] {
  const out: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      if (line && line.length + 1 + word.length > LINE_CHARS) {
        out.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    out.push(line);
  }
  return out;
}

/** A PDF whose page n (1-based) holds pages[n - 1] as text. */
export async function textPdf(pages: readonly string[], options: { password?: string } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of pages) {
    const page = doc.addPage([PAGE.width, PAGE.height]);
    lines(text).forEach((line, i) => {
      page.drawText(line, { x: 40, y: PAGE.height - 50 - i * 13, size: 10, font });
    });
  }
  if (options.password) doc.encrypt({ userPassword: options.password, ownerPassword: `${options.password}-owner` });
  return doc.save();
}

/** The sentences filler pages are made of: none says anything the tests ask about. */
const FILLER = [
  'The committee reviewed the quarterly figures and noted steady progress across all regions.',
  'Weather conditions during the survey period were mild, with occasional rain in the north.',
  'Several suppliers delivered materials ahead of schedule, which reduced storage costs.',
  'Training sessions were held for new staff members in the spring and the autumn.',
  'The maintenance team replaced worn parts on the conveyor belts of the western hall.',
  'Visitors to the museum increased slightly compared with the same months last year.',
  'A new filing system made it easier to find older records in the archive.',
  'The board approved a modest budget for repairs to the car park and the fences.',
];

/** A page of filler text, about `chars` long, different on every page. */
export function fillerPage(page: number, chars = 1500): string {
  const sentences = [`Section ${page}.`];
  let length = sentences[0]?.length ?? 0;
  for (let i = 0; length < chars; i++) {
    const sentence = FILLER[(page * 3 + i) % FILLER.length] as string;
    sentences.push(sentence);
    length += sentence.length + 1;
  }
  return sentences.join(' ');
}

/** Where the long document's answer is, and what it says. */
export const LONG_DOCUMENT = {
  pages: 200,
  answerPage: 137,
  question: "What is the lighthouse keeper's secret password?",
  answer: 'The lighthouse keeper guards the secret password AMBERWOLF near the northern cliffs.',
};

/** 200 pages of about 1,500 characters (far over the whole-document budget) with one answer page. */
export function longDocumentPages(): string[] {
  return Array.from({ length: LONG_DOCUMENT.pages }, (_, i) => {
    const page = i + 1;
    const text = fillerPage(page);
    return page === LONG_DOCUMENT.answerPage ? `${text} ${LONG_DOCUMENT.answer} ${fillerPage(page + 1, 300)}` : text;
  });
}

/** A PDF with a picture and no text layer, like a scanned page. */
export async function imageOnlyPdf(pages = 2): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const png = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#d8d2c4' } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400"><g fill="#333">' +
            '<rect x="30" y="40" width="240" height="10"/><rect x="30" y="70" width="200" height="10"/>' +
            '<rect x="30" y="100" width="220" height="10"/></g></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
  const image = await doc.embedPng(png);
  for (let i = 0; i < pages; i++) {
    doc.addPage([PAGE.width, PAGE.height]).drawImage(image, { x: 0, y: 0, width: PAGE.width, height: PAGE.height });
  }
  return doc.save();
}

/** A real PDF cut off halfway, as an interrupted download leaves it. */
export async function truncatedPdf(): Promise<Uint8Array> {
  const whole = await textPdf(['This document was cut off.', 'Page two.', 'Page three.']);
  return whole.slice(0, Math.floor(whole.length / 2));
}
