import { WHATSAPP_TEXT_MAX_LENGTH } from '@polymath/shared';

/**
 * Answers are written in Markdown (the web renders it); WhatsApp has its own, smaller formatting:
 * *bold*, _italic_, ~strikethrough~, `code`, ```blocks```, "- " lists, "> " quotes, and no links,
 * headings or tables. This turns one into the other and cuts long answers into messages WhatsApp
 * accepts (4,096 characters), at paragraph boundaries where it can.
 */

const FENCE = /^\s*(```|~~~)/;
const HEADING = /^\s{0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/;
const RULE = /^\s{0,3}([-*_])(?:\s*\1){2,}\s*$/;
const TABLE_DIVIDER = /^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$/;
const TABLE_ROW = /^\s*\|(.*)\|\s*$/;
const BULLET = /^(\s*)[*+-]\s+(?:\[( |x|X)\]\s+)?/;

/** Marks bold text while italics are converted (both use `*` in Markdown). */
const BOLD = '\u0001';
const CODE = '\u0002';

/** Inline Markdown → WhatsApp; inline code is kept as it is (WhatsApp shows `code` too). */
function inline(text: string): string {
  const spans: string[] = [];
  let out = text.replace(/`[^`\n]+`/g, (span) => {
    spans.push(span);
    return `${CODE}${spans.length - 1}${CODE}`;
  });
  out = out
    .replace(/<(https?:\/\/[^\s>]+)>/g, '$1')
    .replace(/!\[([^\]]*)\]\((\S+?)(?:\s+"[^"]*")?\)/g, (_, alt: string, url: string) =>
      alt.trim() ? `${alt.trim()} (${url})` : url,
    )
    .replace(/\[([^\]]+)\]\((\S+?)(?:\s+"[^"]*")?\)/g, (_, label: string, url: string) =>
      label.trim() === url ? url : `${label} (${url})`,
    )
    .replace(/\*\*(?=\S)(.+?)(?<=\S)\*\*/g, `${BOLD}$1${BOLD}`)
    .replace(/__(?=\S)(.+?)(?<=\S)__/g, `${BOLD}$1${BOLD}`)
    .replace(/(?<![*\w])\*(?=\S)([^*\n]+?)(?<=\S)\*(?![*\w])/g, '_$1_')
    .replace(/~~(?=\S)(.+?)(?<=\S)~~/g, '~$1~')
    .replaceAll(BOLD, '*');
  return out.replace(new RegExp(`${CODE}(\\d+)${CODE}`, 'g'), (_, i: string) => spans[Number(i)] ?? '');
}

/** A block of the answer: a paragraph (list, quote…) or a code block, which is never reflowed. */
type Block = { text: string; code: boolean };

/** Markdown → WhatsApp, as blocks separated by blank lines. */
function toBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  let lines: string[] = [];
  const flush = () => {
    const text = lines.join('\n').trim();
    if (text) blocks.push({ text, code: false });
    lines = [];
  };
  const source = markdown.replace(/\r\n?/g, '\n').split('\n');
  for (let i = 0; i < source.length; i++) {
    const line = source[i] ?? '';
    const fence = FENCE.exec(line);
    if (fence) {
      flush();
      const marker = fence[1] ?? '```';
      const body: string[] = [];
      for (i += 1; i < source.length && !(source[i] ?? '').trim().startsWith(marker); i++) body.push(source[i] ?? '');
      blocks.push({ text: `\`\`\`\n${body.join('\n')}\n\`\`\``, code: true });
      continue;
    }
    if (!line.trim()) {
      flush();
      continue;
    }
    if (RULE.test(line) || TABLE_DIVIDER.test(line)) continue;
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      const title = inline(heading[1] ?? '').replace(/\*/g, '');
      if (title.trim()) lines.push(`*${title.trim()}*`);
      flush();
      continue;
    }
    const row = TABLE_ROW.exec(line);
    if (row) {
      lines.push(
        inline(
          (row[1] ?? '')
            .split('|')
            .map((cell) => cell.trim())
            .join(' | '),
        ),
      );
      continue;
    }
    const bullet = BULLET.exec(line);
    if (bullet) {
      const box = bullet[2] === undefined ? '' : bullet[2] === ' ' ? '☐ ' : '☑ ';
      lines.push(`${bullet[1] ?? ''}- ${box}${inline(line.slice(bullet[0].length))}`);
      continue;
    }
    lines.push(inline(line));
  }
  flush();
  return blocks;
}

/** Markdown → WhatsApp formatting, as one text. */
export function toWhatsAppText(markdown: string): string {
  return toBlocks(markdown)
    .map((b) => b.text)
    .join('\n\n');
}

/** Cuts a line longer than `max` at a space where it can, never inside a surrogate pair. */
function cutLine(line: string, max: number): string[] {
  const pieces: string[] = [];
  let rest = line;
  while (rest.length > max) {
    let at = rest.lastIndexOf(' ', max);
    if (at < max / 2) at = max;
    const code = rest.charCodeAt(at - 1);
    if (code >= 0xd800 && code <= 0xdbff) at -= 1;
    pieces.push(rest.slice(0, at).trimEnd());
    rest = rest.slice(at).trimStart();
  }
  if (rest) pieces.push(rest);
  return pieces;
}

/** A block longer than one message, cut at line boundaries (code blocks keep their fences). */
function cutBlock(block: Block, max: number): string[] {
  const fenceCost = block.code ? '```\n\n```'.length : 0;
  const room = max - fenceCost;
  const lines = block.code ? block.text.slice(4, -4).split('\n') : block.text.split('\n');
  const pieces: string[] = [];
  let current = '';
  for (const line of lines.flatMap((l) => (l.length > room ? cutLine(l, room) : [l]))) {
    if (current && current.length + 1 + line.length > room) {
      pieces.push(current);
      current = line;
    } else current = current ? `${current}\n${line}` : line;
  }
  if (current) pieces.push(current);
  return block.code ? pieces.map((p) => `\`\`\`\n${p}\n\`\`\``) : pieces;
}

/**
 * An answer as the WhatsApp messages to send: converted, then packed into messages of at most
 * `max` characters, each ending at a paragraph boundary unless a single paragraph is longer.
 */
export function whatsAppMessages(markdown: string, max: number = WHATSAPP_TEXT_MAX_LENGTH): string[] {
  const messages: string[] = [];
  let current = '';
  for (const block of toBlocks(markdown)) {
    const pieces = block.text.length > max ? cutBlock(block, max) : [block.text];
    for (const piece of pieces) {
      if (current && current.length + 2 + piece.length > max) {
        messages.push(current);
        current = piece;
      } else current = current ? `${current}\n\n${piece}` : piece;
    }
  }
  if (current) messages.push(current);
  return messages;
}
