import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import ReactMarkdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { describe, expect, it } from 'vitest';
import { markdownBlocks } from './markdown-blocks.ts';

/** The HTML of a render, without the newlines react-markdown puts between block elements (not shown). */
const html = (text: string) =>
  renderToStaticMarkup(createElement(ReactMarkdown, { remarkPlugins: [remarkGfm] }, text)).replace(/>\n+</g, '><');

/** An answer with every kind of block an answer has, blank lines where they are tricky. */
const ANSWER = `# Title

A paragraph with **bold**, *emphasis* and \`code\`.
It goes on a second line.

- loose item one

- loose item two
  continued under it

  a second paragraph in item two
- tight item three

1. first
2. second

Setext heading
--------------

> a quote
> on two lines

> another quote

| a | b |
| --- | ---: |
| 1 | 2 |

\`\`\`python
def f():

    return 1
\`\`\`

    indented code

    still indented code

~~~
tilde fence

# not a heading
~~~

$$
x = 1

y = 2
$$

$$ a = b $$

Last paragraph.
`;

describe('markdownBlocks', () => {
  it('splits an answer into blocks that render as the whole does', () => {
    const blocks = markdownBlocks(ANSWER);
    expect(blocks.length).toBeGreaterThan(8);
    expect(blocks.join('')).toBe(ANSWER);
    expect(blocks.map(html).join('')).toBe(html(ANSWER));
  });

  it('keeps fenced code, loose lists and indented code whole', () => {
    const blocks = markdownBlocks(ANSWER);
    expect(blocks.find((b) => b.startsWith('```python'))).toMatch(/^```python\ndef f\(\):\n\n {4}return 1\n```\n/);
    expect(blocks.find((b) => b.includes('- loose item one'))).toContain('- tight item three');
    expect(blocks.find((b) => b.includes('    indented code\n'))).toContain('still indented code');
    expect(blocks.find((b) => b.includes('$$\nx = 1'))).toContain('y = 2\n$$');
  });

  it('gives every prefix of a streaming answer back losslessly, rendering as the whole', () => {
    for (let end = 0; end <= ANSWER.length; end += 7) {
      const prefix = ANSWER.slice(0, end);
      const blocks = markdownBlocks(prefix);
      expect(blocks.join('')).toBe(prefix);
      expect(blocks.map(html).join('')).toBe(html(prefix));
    }
  });

  it('keeps answers with footnotes, link definitions or HTML blocks whole', () => {
    const footnote = 'Claim.[^1]\n\nMore.\n\n[^1]: The source.\n';
    expect(markdownBlocks(footnote)).toEqual([footnote]);
    const definition = 'See [the docs][d].\n\nMore.\n\n[d]: https://example.com\n';
    expect(markdownBlocks(definition)).toEqual([definition]);
    const comment = '<!--\n\nhidden\n-->\n\nText.\n';
    expect(markdownBlocks(comment)).toEqual([comment]);
  });

  it('gives one block for text without blank lines, and for nothing', () => {
    expect(markdownBlocks('Hello')).toEqual(['Hello']);
    expect(markdownBlocks('')).toEqual(['']);
  });
});
