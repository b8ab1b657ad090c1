'use strict';
/**
 * The worker thread tesseract.js starts (its `workerPath`): its own Node worker script, with the
 * engine's known harmless console noise dropped so it does not break the server's JSON log lines
 * (Tesseract prints to stdout/stderr from WebAssembly: a missing DPI in the image header, optional
 * per-language word lists, a stray "language" name it reads past the end of a combined list). Every
 * other line passes through unchanged.
 */
const NOISE = [
  /^Warning[.:] Invalid resolution \d+ dpi/,
  /^Estimating resolution as \d+/,
  /^Error opening data file /,
  /^Please make sure the TESSDATA_PREFIX environment variable is set/,
  /^Failed loading language /,
  /^Error: failed to load \.\/\w+\.(special-words|user-words|user-patterns)/,
  /^Too few characters\. Skipping this page/,
  /^Detected \d+ diacritics/,
  /^Empty page!!/,
];

for (const method of ['log', 'warn', 'error', 'info']) {
  const original = console[method].bind(console);
  console[method] = (...args) => {
    const line = args.map(String).join(' ');
    if (NOISE.some((pattern) => pattern.test(line))) return;
    original(...args);
  };
}

require('tesseract.js/src/worker-script/node/index.js');
