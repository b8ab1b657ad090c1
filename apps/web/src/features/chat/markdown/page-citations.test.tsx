import { act, fireEvent, render } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type DocumentCitations, DocumentCitationsContext } from '../document-citations.tsx';
import Renderer from './markdown-renderer.tsx';

async function renderAnswer(text: string, citations: DocumentCitations | null) {
  let result!: ReturnType<typeof render>;
  await act(async () => {
    result = render(
      <DocumentCitationsContext.Provider value={citations}>
        <Suspense fallback={<p data-testid="md-loading">{text}</p>}>
          <Renderer text={text} />
        </Suspense>
      </DocumentCitationsContext.Provider>,
    );
  });
  for (let i = 0; i < 100 && result.queryByTestId('md-loading'); i++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
  }
  return result;
}

describe('page citations in answers', () => {
  it('turns "(p. N)" into a button that opens that page of the chat\'s document, outside code only', async () => {
    const open = vi.fn();
    const view = await renderAnswer(
      'The harvest lasted **eleven days** (p. 2). Costs rose (pp. 3-4).\n\nNot here: `f(p. 9)` nor [a link (p. 5)](https://example.com).',
      { documents: [{ id: 'doc1234567890abc', name: 'orchard.pdf' }], open },
    );
    const buttons = view.getAllByTestId('page-citation');
    expect(buttons.map((b) => b.textContent)).toEqual(['(p. 2)', '(pp. 3-4)']);
    expect(buttons[0]?.getAttribute('aria-label')).toBe('Open page 2 of orchard.pdf');
    fireEvent.click(buttons[1] as HTMLElement);
    expect(open).toHaveBeenCalledWith('doc1234567890abc', 3);
    expect(view.container.textContent).toContain('f(p. 9)');
    expect(view.getByRole('link').textContent).toBe('a link (p. 5)');
  });

  it('names the document among several, and leaves a citation of no known document as text', async () => {
    const open = vi.fn();
    const view = await renderAnswer(
      'Apples (orchard.pdf, p. 1) and a password (manual, p. 137) and (other.pdf, p. 4).',
      {
        documents: [
          { id: 'doc1234567890abc', name: 'orchard.pdf' },
          { id: 'doc0987654321xyz', name: 'Manual.pdf' },
        ],
        open,
      },
    );
    const buttons = view.getAllByTestId('page-citation');
    expect(buttons).toHaveLength(2);
    fireEvent.click(buttons[1] as HTMLElement);
    expect(open).toHaveBeenCalledWith('doc0987654321xyz', 137);
    expect(view.container.textContent).toContain('(other.pdf, p. 4)');
  });

  it('makes no buttons in a chat without documents, and raw HTML from the model makes none', async () => {
    const plain = await renderAnswer('See (p. 2).', null);
    expect(plain.queryByTestId('page-citation')).toBeNull();
    const html = await renderAnswer('<span class="pdf-cite" data-pages="7" onclick="alert(1)">x</span>', {
      documents: [{ id: 'doc1234567890abc', name: 'orchard.pdf' }],
      open: vi.fn(),
    });
    expect(html.queryByTestId('page-citation')).toBeNull();
    expect(html.container.querySelector('span.pdf-cite')).toBeNull();
    expect(html.container.querySelector('[onclick]')).toBeNull();
  });
});
