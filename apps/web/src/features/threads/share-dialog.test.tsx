import type { Share, ThreadShare } from '@polymath/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { loadMoreTexts } from '../../lib/i18n/more-texts.ts';
import { mockApi, recordRequests } from '../../test/api-server.ts';
import { renderWithApp } from '../../test/render.tsx';
import ShareDialog from './share-dialog.tsx';

const THREAD = 'thread-123456';

function share(settings: { showName: boolean; includePhotos: boolean }): Share {
  return {
    id: 'A'.repeat(22),
    path: `/share/${'A'.repeat(22)}`,
    threadId: THREAD,
    title: 'Holiday',
    toolId: 'web-main',
    sharedName: settings.showName ? 'Ada L.' : null,
    includePhotos: settings.includePhotos,
    messageCount: 2,
    createdAt: '2026-11-28T10:00:00.000Z',
    updatedAt: '2026-11-28T10:00:00.000Z',
  };
}

/** The share API for one thread with `uploadedPhotos` photos; PUT makes the link with what it was sent. */
function threadWithPhotos(uploadedPhotos: number) {
  let current: Share | null = null;
  mockApi(
    http.get(`/api/shares/threads/${THREAD}`, () =>
      HttpResponse.json({ share: current, uploadedPhotos, displayName: 'Ada L.' } satisfies ThreadShare),
    ),
    http.put(`/api/shares/threads/${THREAD}`, async ({ request }) => {
      current = share((await request.json()) as { showName: boolean; includePhotos: boolean });
      return HttpResponse.json(current);
    }),
  );
}

describe('the share dialog', () => {
  it('asks before sharing the photos a person uploaded: left out unless they tick it', async () => {
    await loadMoreTexts();
    threadWithPhotos(2);
    const sent = recordRequests();
    renderWithApp(<ShareDialog threadId={THREAD} onClose={() => {}} />);
    const photos = await screen.findByTestId('share-include-photos');
    expect(screen.getByText('This chat has photos you uploaded')).toBeTruthy();
    expect(screen.getByText('Share my photos too (2)')).toBeTruthy();
    expect((photos as HTMLInputElement).checked).toBe(false);
    expect((screen.getByTestId('share-show-name') as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByTestId('share-save'));
    await screen.findByTestId('share-url');
    expect(sent.find((r) => r.method === 'PUT')?.body).toEqual({ showName: false, includePhotos: false });
    expect((screen.getByTestId('share-url') as HTMLInputElement).value).toMatch(/\/share\/A{22}$/);

    fireEvent.click(screen.getByTestId('share-include-photos'));
    fireEvent.click(screen.getByTestId('share-show-name'));
    fireEvent.click(screen.getByTestId('share-save'));
    await waitFor(() => expect(sent.filter((r) => r.method === 'PUT')).toHaveLength(2));
    expect(sent.filter((r) => r.method === 'PUT')[1]?.body).toEqual({ showName: true, includePhotos: true });
  });

  it('does not ask about photos when the chat has none', async () => {
    await loadMoreTexts();
    threadWithPhotos(0);
    renderWithApp(<ShareDialog threadId={THREAD} onClose={() => {}} />);
    await screen.findByTestId('share-show-name');
    expect(screen.queryByTestId('share-photos')).toBeNull();
  });
});
