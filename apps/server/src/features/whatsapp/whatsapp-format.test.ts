import { describe, expect, it } from 'vitest';
import { toWhatsAppText, whatsAppMessages } from './whatsapp-format.ts';

describe('toWhatsAppText', () => {
  it('turns Markdown emphasis into WhatsApp formatting', () => {
    expect(toWhatsAppText('This is **bold**, *italic*, __also bold__, _italic_ and ~~gone~~.')).toBe(
      'This is *bold*, _italic_, *also bold*, _italic_ and ~gone~.',
    );
    expect(toWhatsAppText('**Bold with *italic* inside**')).toBe('*Bold with _italic_ inside*');
  });

  it('leaves code alone: inline spans and fenced blocks (without their language)', () => {
    expect(toWhatsAppText('Run `a **b** c` now')).toBe('Run `a **b** c` now');
    expect(toWhatsAppText('```ts\nconst x = **y**;\n\nlet z = 1;\n```')).toBe(
      '```\nconst x = **y**;\n\nlet z = 1;\n```',
    );
  });

  it('makes headings bold lines, lists dashes, links readable; drops rules and table dividers', () => {
    const markdown = [
      '## Plan for **today**',
      '',
      '* first [docs](https://example.com/docs)',
      '+ second <https://example.com>',
      '1. numbered stays',
      '- [x] done',
      '',
      '---',
      '',
      '| Name | Age |',
      '|:-----|----:|',
      '| Ada | 36 |',
      '',
      '> a quote',
    ].join('\n');
    expect(toWhatsAppText(markdown)).toBe(
      [
        '*Plan for today*',
        '',
        '- first docs (https://example.com/docs)',
        '- second https://example.com',
        '1. numbered stays',
        '- ☑ done',
        '',
        'Name | Age',
        'Ada | 36',
        '',
        '> a quote',
      ].join('\n'),
    );
  });

  it('does not take a multiplication or a lone asterisk for italics', () => {
    expect(toWhatsAppText('2 * 3 * 4 = 24, and a*b is fine')).toBe('2 * 3 * 4 = 24, and a*b is fine');
  });
});

describe('whatsAppMessages', () => {
  it('keeps a short answer in one message', () => {
    expect(whatsAppMessages('Hello **there**')).toEqual(['Hello *there*']);
  });

  it('splits at paragraph boundaries, every message within the limit', () => {
    const paragraphs = Array.from({ length: 12 }, (_, i) => `Paragraph ${i} ${'word '.repeat(80).trim()}`);
    const messages = whatsAppMessages(paragraphs.join('\n\n'), 1000);
    expect(messages.length).toBeGreaterThan(1);
    for (const message of messages) expect(message.length).toBeLessThanOrEqual(1000);
    // Nothing lost, nothing cut inside a paragraph.
    expect(messages.join('\n\n')).toBe(paragraphs.join('\n\n'));
    for (const message of messages) expect(message.startsWith('Paragraph ')).toBe(true);
  });

  it('cuts a paragraph longer than a message at spaces, and a long code block with its fences kept', () => {
    const long = 'lorem '.repeat(900).trim();
    const messages = whatsAppMessages(long, 4096);
    expect(messages.length).toBe(2);
    expect(messages.every((m) => m.length <= 4096)).toBe(true);
    expect(messages.join(' ')).toBe(long);

    const code = `\`\`\`\n${Array.from({ length: 400 }, (_, i) => `line ${i} of the program`).join('\n')}\n\`\`\``;
    const parts = whatsAppMessages(code, 2000);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) {
      expect(part.length).toBeLessThanOrEqual(2000);
      expect(part.startsWith('```\n')).toBe(true);
      expect(part.endsWith('\n```')).toBe(true);
    }
  });

  it('never splits a character made of two UTF-16 units', () => {
    const emoji = '😀'.repeat(3000);
    const messages = whatsAppMessages(emoji, 4096);
    for (const message of messages) {
      expect(message.length).toBeLessThanOrEqual(4096);
      expect(message).not.toMatch(/[\uD800-\uDBFF]$/);
    }
    expect(messages.join('')).toBe(emoji);
  });
});
