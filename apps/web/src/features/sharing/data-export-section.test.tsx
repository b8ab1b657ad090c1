import type { DataExport, DataExportState } from '@polymath/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { loadMoreTexts } from '../../lib/i18n/more-texts.ts';
import { mockApi, recordRequests } from '../../test/api-server.ts';
import { renderWithApp } from '../../test/render.tsx';
import { DataExportSection } from './data-export-section.tsx';

const CREATED = '2026-11-29T10:00:00.000Z';

function exportAt(status: DataExport['status'], done: number, total: number): DataExport {
  const ready = status === 'ready';
  return {
    status,
    progress: { done, total },
    createdAt: CREATED,
    readyAt: ready ? '2026-11-29T10:05:00.000Z' : null,
    expiresAt: ready ? '2026-12-06T10:05:00.000Z' : null,
    bytes: ready ? 2_500_000 : null,
  };
}

describe('Download my data', () => {
  it('shows the progress while the zip is built, then the download when it is ready', async () => {
    await loadMoreTexts();
    // What the server answers: nothing yet; after POST the job's states, one per poll.
    const states: (DataExport | null)[] = [
      null,
      exportAt('queued', 0, 0),
      exportAt('building', 3, 12),
      exportAt('building', 9, 12),
      exportAt('ready', 12, 12),
    ];
    let at = 0;
    mockApi(
      http.get('/api/data-export', () => {
        const current = states[Math.min(at, states.length - 1)] ?? null;
        if (at > 0 && at < states.length - 1) at += 1;
        return HttpResponse.json({ export: current } satisfies DataExportState);
      }),
      http.post('/api/data-export', () => {
        at = 1;
        return HttpResponse.json({ export: exportAt('queued', 0, 0) } satisfies DataExportState);
      }),
    );
    const sent = recordRequests();
    renderWithApp(<DataExportSection />);

    fireEvent.click(await screen.findByTestId('data-export-start'));
    await waitFor(() => expect(sent.some((r) => r.method === 'POST' && r.path === '/api/data-export')).toBe(true));

    // While it is prepared: the count of items and a progress bar, no download.
    const progress = await screen.findByTestId('data-export-progress');
    await waitFor(() => expect(progress.textContent).toContain('Preparing your data: 3 of 12 items'), {
      timeout: 5000,
    });
    const bar = screen.getByRole('progressbar', { name: 'Progress of your data copy' }) as HTMLProgressElement;
    expect([bar.value, bar.max]).toEqual([3, 12]);
    expect(screen.queryByTestId('data-export-download')).toBeNull();
    await waitFor(
      () =>
        expect(screen.getByTestId('data-export-progress').textContent).toContain('Preparing your data: 9 of 12 items'),
      { timeout: 5000 },
    );

    // Ready: the size, until when, and the download (while signed in), no progress any more.
    const download = await screen.findByTestId('data-export-download', {}, { timeout: 5000 });
    expect(download.getAttribute('href')).toBe('/api/data-export/download');
    expect(download.hasAttribute('download')).toBe(true);
    expect(screen.getByTestId('data-export-ready').textContent).toMatch(/Your copy is ready: 2\.5\s?MB/);
    expect(screen.getByTestId('data-export-ready').textContent).toContain('Available until');
    expect(screen.queryByTestId('data-export-progress')).toBeNull();
    expect(screen.getByTestId('data-export-start').textContent).toBe('Prepare a new copy');
  }, 20_000);
});
