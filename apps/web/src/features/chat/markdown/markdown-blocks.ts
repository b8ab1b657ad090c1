/**
 * Splits an answer's markdown into top-level blocks that render the same apart as together, so a
 * streaming answer re-parses only its last (still growing) block: the others keep their text, and
 * their memoised renders are reused.
 *
 * Conservative on purpose: it splits only at a blank line outside fenced code and display math
 * (``` ~~~ $$), before a line that starts at column 0 and cannot continue the block before it (not a
 * list item: loose lists stay one list; not indented: list continuations and indented code stay). An
 * answer with footnotes, reference-style link definitions or multi-line HTML blocks is one block.
 */

/**
 * `[^1]` footnotes or a `[label]: url` definition (blocks refer to each other), or an HTML block that
 * may hold blank lines (a comment, <pre>, <script>, <style>, <textarea>): keep the answer whole.
 */
const WHOLE = /\[\^[^\]\s]+\]|^ {0,3}\[[^\]]+\]:\s|<!--|<(pre|script|style|textarea)\b/im;
const FENCE = /^ {0,3}(`{3,}|~{3,}|\${2,})/;
const LIST_ITEM = /^([-*+]|\d{1,9}[.)])(\s|$)/;

export function markdownBlocks(text: string): string[] {
  if (WHOLE.test(text)) return [text];
  const blocks: string[] = [];
  let start = 0;
  let fence: string | null = null;
  let blankBefore = false;
  let at = 0;
  while (at < text.length) {
    const end = text.indexOf('\n', at);
    const lineEnd = end < 0 ? text.length : end;
    const line = text.slice(at, lineEnd);
    const marker = FENCE.exec(line)?.[1];
    if (fence) {
      // A fence closes with the same character, at least as long, and nothing after it but spaces.
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = null;
    } else {
      const blank = line.trim() === '';
      if (blankBefore && !blank && at > start && !/^\s/.test(line) && !LIST_ITEM.test(line)) {
        blocks.push(text.slice(start, at));
        start = at;
      }
      // $$ … $$ on one line is display math that opens and closes at once.
      if (marker && !(marker[0] === '$' && line.trim().length > marker.length && line.trim().endsWith(marker))) {
        fence = marker;
      }
      blankBefore = blank;
    }
    at = lineEnd + 1;
  }
  if (start < text.length || blocks.length === 0) blocks.push(text.slice(start));
  return blocks;
}
