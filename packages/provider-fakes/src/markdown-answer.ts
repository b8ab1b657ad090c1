/**
 * A long markdown answer for `[[fake markdown=BYTES]]`: headings, paragraphs with inline marks, bullet
 * and numbered lists, tables, block quotes and fenced code blocks, repeated in numbered sections until
 * the answer has (about) BYTES bytes. Deterministic, so a bench's baseline and the app get the same
 * stream; every section is numbered, so a lost or repeated piece shows.
 */

const LANGUAGES = ['ts', 'python', 'sql', 'bash'] as const;

const CODE: Record<(typeof LANGUAGES)[number], (n: number) => string> = {
  ts: (n) =>
    `export function total${n}(items: { price: number; qty: number }[]): number {\n` +
    `  // Sum of price × quantity for section ${n}.\n` +
    '  return items.reduce((sum, item) => sum + item.price * item.qty, 0);\n}\n',
  python: (n) =>
    `def fib_${n}(limit: int) -> list[int]:\n    """Fibonacci numbers below the limit (section ${n})."""\n` +
    '    a, b, out = 0, 1, []\n    while a < limit:\n        out.append(a)\n        a, b = b, a + b\n    return out\n',
  sql: (n) =>
    `select t.id, count(m.id) as messages -- section ${n}\nfrom threads t\n` +
    "join messages m on m.thread_id = t.id\nwhere t.updated_at > now() - interval '7 days'\n" +
    'group by t.id\norder by messages desc\nlimit 20;\n',
  bash: (n) => `# section ${n}\nfor f in *.log; do\n  gzip -9 "$f" && echo "packed $f"\ndone\n`,
};

function section(n: number): string {
  const lang = LANGUAGES[n % LANGUAGES.length] ?? 'ts';
  return [
    `## Section ${n}: how the parts fit together`,
    '',
    `Section ${n} walks through one idea with **bold words**, *emphasis*, \`inline code\` and a ` +
      `[link to the docs](https://example.com/docs/${n}). The point is that a long answer keeps its ` +
      'shape while it streams: nothing jumps, nothing is drawn twice, and the page stays quick to use.',
    '',
    `### Steps for section ${n}`,
    '',
    `1. Read the input of step ${n}.1 and check it.`,
    `2. Work out the result of step ${n}.2, keeping every intermediate value.`,
    `3. Write the answer of step ${n}.3 down, with its units.`,
    '',
    `- A bullet point about section ${n}, short.`,
    '- Another one with a nested list:',
    `  - nested item ${n}.a`,
    `  - nested item ${n}.b`,
    '',
    `| Item | Quantity | Price | Note |`,
    '| --- | ---: | ---: | --- |',
    `| apples ${n} | ${n % 7} | 1.20 | fresh |`,
    `| pears ${n} | ${(n * 3) % 11} | 0.95 | ripe |`,
    `| plums ${n} | ${(n * 5) % 13} | 2.10 | sweet |`,
    '',
    `\`\`\`${lang}`,
    CODE[lang](n).trimEnd(),
    '```',
    '',
    `> A quoted remark closing section ${n}: the stream ends each section on a blank line.`,
    '',
    '',
  ].join('\n');
}

/** A markdown answer of at least `bytes` UTF-8 bytes (whole sections; 0 gives an empty answer). */
export function markdownAnswer(bytes: number): string {
  let out = bytes > 0 ? '# A long answer\n\nHere is everything, section by section.\n\n' : '';
  for (let n = 1; Buffer.byteLength(out) < bytes; n++) out += section(n);
  return out;
}
