import type { DocumentItem, DocumentList } from '@polymath/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../lib/intl/formatters.ts';
import { mockApi, recordRequests } from '../../test/api-server.ts';
import { renderWithApp } from '../../test/render.tsx';
import { DocumentsSection } from './documents-section.tsx';

function doc(id: string, name: string, bytes: number, pages: number, extra: Partial<DocumentItem> = {}): DocumentItem {
  return {
    id,
    name,
    bytes,
    pages,
    pagesRead: pages,
    status: 'ready',
    error: null,
    createdAt: '2026-04-01T12:00:00.000Z',
    ...extra,
  };
}

describe('Settings → Account: documents', () => {
  it('lists the PDFs with their size and state, and deletes one', async () => {
    let list: DocumentItem[] = [
      doc('aaaaaaaaaaaaaaaa', 'manual.pdf', 2_400_000, 200),
      doc('bbbbbbbbbbbbbbbb', 'scan.pdf', 52_000, 2, {
        status: 'failed',
        error: { code: 'PDF_NO_TEXT', message: 'x' },
      }),
    ];
    mockApi(
      http.get('/api/documents', () =>
        HttpResponse.json({
          documents: list,
          totalBytes: list.reduce((s, d) => s + d.bytes, 0),
        } satisfies DocumentList),
      ),
      http.delete('/api/documents/:id', ({ params }) => {
        list = list.filter((d) => d.id !== params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const sent = recordRequests();
    renderWithApp(<DocumentsSection />);
    const rows = await screen.findAllByTestId('document-row');
    expect(rows).toHaveLength(2);
    expect(screen.getByTestId('documents-total').textContent).toBe('2 documents, 2.5 MB in total');
    expect(rows[0]?.textContent).toContain('manual.pdf');
    expect(rows[0]?.textContent).toContain('2.4 MB · 200 pages · Ready');
    expect(rows[1]?.textContent).toContain('Scanned documents are not supported yet');

    fireEvent.click(within(rows[0] as HTMLElement).getByRole('button', { name: 'Delete manual.pdf' }));
    await waitFor(() => expect(screen.getAllByTestId('document-row')).toHaveLength(1));
    expect(sent.some((r) => r.method === 'DELETE' && r.path === '/api/documents/aaaaaaaaaaaaaaaa')).toBe(true);
  });

  it('says when there are none', async () => {
    mockApi(http.get('/api/documents', () => HttpResponse.json({ documents: [], totalBytes: 0 })));
    renderWithApp(<DocumentsSection />);
    expect(await screen.findByText('You have not attached any PDFs yet.')).toBeTruthy();
  });

  it('formats sizes in the page language', () => {
    expect(formatBytes(999, 'en')).toBe('999 byte');
    expect(formatBytes(1_234_567, 'tr')).toContain('1,2');
  });
});
