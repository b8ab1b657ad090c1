import type { DocumentItem } from '@polymath/shared';
import { act, renderHook, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, recordRequests } from '../../test/api-server.ts';
import { useAttachments } from './use-attachments.ts';

const pdf = () => new File([new Uint8Array([37, 80, 68, 70, 45])], 'report.pdf', { type: 'application/pdf' });

const queued: DocumentItem = {
  id: 'abcdEFGH1234_-xy',
  name: 'report.pdf',
  bytes: 5,
  pages: 120,
  pagesRead: 0,
  status: 'queued',
  error: null,
  createdAt: '2026-04-01T12:00:00.000Z',
};

describe('useAttachments with PDFs', () => {
  it('a free person reaching for a PDF gets the upgrade, and nothing is uploaded', () => {
    const sent = recordRequests();
    const onLocked = vi.fn();
    const { result } = renderHook(() => useAttachments({ enabled: true, documents: 'locked', onLocked }));
    act(() => result.current.control.add([pdf()]));
    expect(onLocked).toHaveBeenCalledTimes(1);
    expect(result.current.control.items).toEqual([]);
    expect(sent).toEqual([]);
  });

  it("a Pro person's PDF uploads, waits while it is read, then goes with the message", async () => {
    mockApi(http.post('/api/documents', () => HttpResponse.json(queued, { status: 201 })));
    const { result } = renderHook(() => useAttachments({ enabled: false, documents: 'on' }));
    act(() => result.current.control.add([pdf()]));
    expect(result.current.control.items[0]).toMatchObject({ kind: 'pdf', status: 'uploading' });
    await waitFor(() => expect(result.current.control.items[0]?.status).toBe('reading'));
    // A model without vision still takes PDFs: the server reads them as text.
    expect(result.current.control.uploading).toBe(true);
    const id = result.current.control.items[0]?.id ?? '';
    act(() => result.current.control.documentRead(id, { ...queued, status: 'reading', pagesRead: 40 }));
    expect(result.current.control.items[0]).toMatchObject({ status: 'reading', pagesRead: 40, pages: 120 });
    act(() => result.current.control.documentRead(id, { ...queued, status: 'ready', pagesRead: 120 }));
    expect(result.current.control.uploading).toBe(false);
    let parts: ReturnType<typeof result.current.take> = [];
    act(() => {
      parts = result.current.take();
    });
    expect(parts).toEqual([
      { type: 'file', mediaType: 'application/pdf', url: '/api/documents/abcdEFGH1234_-xy', filename: 'report.pdf' },
    ]);
    expect(result.current.control.items).toEqual([]);
  });

  it('a PDF that cannot be read says why and stays out of the message', async () => {
    mockApi(http.post('/api/documents', () => HttpResponse.json(queued, { status: 201 })));
    const { result } = renderHook(() => useAttachments({ enabled: true, documents: 'on' }));
    act(() => result.current.control.add([pdf()]));
    await waitFor(() => expect(result.current.control.items[0]?.status).toBe('reading'));
    const id = result.current.control.items[0]?.id ?? '';
    act(() =>
      result.current.control.documentRead(id, {
        ...queued,
        status: 'failed',
        error: { code: 'PDF_NO_TEXT', message: 'x' },
      }),
    );
    expect(result.current.control.items[0]).toMatchObject({ status: 'failed', error: 'PDF_NO_TEXT' });
    let parts: ReturnType<typeof result.current.take> = [];
    act(() => {
      parts = result.current.take();
    });
    expect(parts).toEqual([]);
  });

  it('PDFs are refused where the chat takes none', () => {
    const sent = recordRequests();
    const { result } = renderHook(() => useAttachments({ enabled: true }));
    act(() => result.current.control.add([pdf()]));
    expect(result.current.control.items).toEqual([]);
    expect(sent).toEqual([]);
  });
});
