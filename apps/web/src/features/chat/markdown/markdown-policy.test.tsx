import { act, render } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { markdownUrlTransform, safeHttpUrl, urlHost } from './markdown-policy.ts';
import Renderer from './markdown-renderer.tsx';

/**
 * The renderer suspends while it loads math or highlighting (as it does in the app); awaited acts
 * let React finish once they are loaded.
 */
async function renderMarkdown(text: string) {
  let result!: ReturnType<typeof render>;
  await act(async () => {
    result = render(
      <Suspense fallback={<p data-testid="md-loading">{text}</p>}>
        <Renderer text={text} />
      </Suspense>,
    );
  });
  for (let i = 0; i < 100 && result.queryByTestId('md-loading'); i++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
  }
  expect(result.queryByTestId('md-loading')).toBeNull();
  return result;
}

describe('link policy', () => {
  it.each([
    ['https://example.com/a?b=c', 'https://example.com/a?b=c'],
    ['http://example.com', 'http://example.com'],
    ['javascript:alert(1)', null],
    ['JaVaScRiPt:alert(1)', null],
    ['data:text/html,<script>alert(1)</script>', null],
    ['vbscript:msgbox', null],
    ['mailto:someone@example.com', null],
    ['/relative/path', null],
    ['//example.com/protocol-relative', null],
    ['', null],
  ])('%s → %s', (input, expected) => {
    expect(safeHttpUrl(input)).toBe(expected);
    expect(markdownUrlTransform(input)).toBe(expected);
  });

  it('names the host of a URL', () => {
    expect(urlHost('https://images.example.com:8443/cat.png')).toBe('images.example.com:8443');
    expect(urlHost('nope')).toBe('');
  });
});

describe('MarkdownRenderer', () => {
  it('renders a javascript: link as plain text, not a link', async () => {
    const { container } = await renderMarkdown('[click me](javascript:alert(1)) and [ok](https://example.com)');
    const links = [...container.querySelectorAll('a')];
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute('href')).toBe('https://example.com');
    expect(links[0]?.getAttribute('target')).toBe('_blank');
    expect(links[0]?.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(container.textContent).toContain('click me');
    expect(container.innerHTML).not.toContain('javascript:');
  });

  it('does not load images: it offers a link naming the image and its host', async () => {
    const { container, getByTestId } = await renderMarkdown('![a tracking pixel](https://evil.example.com/pixel.png)');
    expect(container.querySelector('img')).toBeNull();
    const link = getByTestId('md-image-link');
    expect(link.textContent).toBe('Image: a tracking pixel (evil.example.com)');
    expect(link.getAttribute('href')).toBe('https://evil.example.com/pixel.png');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
  });

  it('shows an image with an unsafe URL as text only', async () => {
    const { container } = await renderMarkdown('![x](javascript:alert(1))');
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toContain('Image: x');
  });

  it('never renders raw HTML', async () => {
    const { container } = await renderMarkdown(
      'Hello <script>alert(1)</script> <img src="https://x.test/a.png" onerror="alert(1)">',
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
  });

  it('renders tables, math and highlighted code with a copy button', async () => {
    const text = [
      '| a | b |',
      '|---|---|',
      '| 1 | 2 |',
      '',
      'Inline $x^2$ math.',
      '',
      '```js',
      'const answer = 42;',
      '```',
    ].join('\n');
    const { container, getByTestId } = await renderMarkdown(text);
    expect(container.querySelector('.katex')).not.toBeNull();
    expect(container.querySelector('table')).not.toBeNull();
    expect(container.querySelector('code.hljs .hljs-keyword')?.textContent).toBe('const');
    expect(getByTestId('code-copy')).toBeTruthy();
  });

  it('keeps the markup KaTeX and the highlighter add after sanitizing', async () => {
    const { container } = await renderMarkdown('$$\n\\frac{1}{2}\n$$\n\n```python\nprint("hi")\n```');
    expect(container.querySelector('.katex-display')).not.toBeNull();
    expect(container.querySelector('code.language-python .hljs-built_in')).not.toBeNull();
  });
});
