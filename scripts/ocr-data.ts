/**
 * Photo translate's install step for OCR language data (`npm run ocr:data`, also run by `npm run
 * build`, so `npm start` does it): assembles the tesseract.js `langPath` folder from the installed
 * `@tesseract.js-data/*` packages and Debian's `tesseract-ocr-<lang>` packages, and reports which
 * source languages photos can be read in. Never downloads anything; a missing language is reported,
 * not an error. The server does the same on its first OCR job, so this step only saves that time.
 */
import { PHOTO_LANGUAGES } from '@polymath/shared';
import { prepareOcrData } from '../apps/server/src/features/tools/photo-translate/ocr-data.ts';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const manifest = await prepareOcrData();
const installed = new Map(manifest.languages.map((l) => [l.code, l]));
const total = manifest.languages.reduce((sum, l) => sum + l.bytes, 0);

console.log(`ocr-data: ${manifest.languages.length} languages readable from photos, ${mb(total)} in ${manifest.dir}`);
for (const language of PHOTO_LANGUAGES) {
  const data = installed.get(language.tesseract);
  if (data)
    console.log(`  ${language.code.padEnd(8)} ${language.name.padEnd(24)} ${data.source.padEnd(7)} ${mb(data.bytes)}`);
}
const missing = PHOTO_LANGUAGES.filter((l) => !installed.has(l.tesseract));
if (!installed.has('rus')) {
  console.log("  Russian is not readable: install Debian's data with `sudo apt-get install tesseract-ocr-rus`.");
}
console.log(
  `  not readable (translation targets only; add Debian's tesseract-ocr-<code> to read them): ${missing
    .map((l) => l.tesseract)
    .join(' ')}`,
);
