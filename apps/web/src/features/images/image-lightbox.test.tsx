import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { Toaster } from 'sonner';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/api-server.ts';
import { renderWithApp } from '../../test/render.tsx';
import { forgetToasts, waitForToastTimers } from '../../test/toasts.ts';
import { Gallery } from './gallery.tsx';
import { FakeImagesServer, makeImage } from './testing/fake-images-server.ts';

afterAll(waitForToastTimers);

let server: FakeImagesServer;
let writeText: ReturnType<typeof vi.fn>;

beforeEach(() => {
  server = new FakeImagesServer();
  server.pageSize = 10;
  server.images = [
    makeImage({
      id: 'a',
      prompt: 'A red fox in the snow',
      toolId: 'logo-maker',
      threadId: null,
      width: 1536,
      height: 1024,
      aspectRatio: '3:2',
      createdAt: '2026-03-10T09:30:00.000Z',
    }),
    makeImage({
      id: 'b',
      prompt: 'A tattoo of a wave',
      toolId: 'tattoo-generator',
      threadId: 'th-b',
      createdAt: '2026-03-11T09:30:00.000Z',
    }),
    makeImage({
      id: 'c',
      prompt: 'A city at night',
      threadId: 'th-c',
      demo: true,
      modelName: 'Demo images (offline)',
      createdAt: '2026-03-12T09:30:00.000Z',
    }),
  ];
  mockApi(server.handler);
  writeText = vi.fn(() => Promise.resolve());
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  vi.stubGlobal('IntersectionObserver', undefined);
});

afterEach(() => {
  forgetToasts();
  vi.unstubAllGlobals();
});

function setup(path = '/gallery') {
  return renderWithApp(
    <>
      <Gallery />
      <Toaster />
    </>,
    { path },
  );
}

const lightbox = () => screen.getByTestId('image-lightbox');
const shownPrompt = () => within(lightbox()).getByTestId('lightbox-prompt').textContent;
const tile = (id: string) => document.querySelector(`[data-tile-id="${id}"]`) as HTMLElement;

async function openTile(id: string) {
  await waitFor(() => expect(tile(id)).toBeTruthy());
  tile(id).focus();
  fireEvent.click(tile(id));
  return screen.findByTestId('image-lightbox');
}

describe('image lightbox', () => {
  it('shows the full image with its prompt, model, size, date and tool', async () => {
    setup();
    await openTile('a');
    const box = lightbox();
    expect(within(box).getByTestId('lightbox-image').getAttribute('src')).toBe('/api/images/a/file');
    expect(shownPrompt()).toBe('A red fox in the snow');
    expect(within(box).getByTestId('lightbox-model').textContent).toBe('GPT Image 1');
    expect(within(box).getByTestId('lightbox-size').textContent).toBe('1536 × 1024');
    expect(within(box).getByTestId('lightbox-tool').textContent).toBe('Logo Maker');
    expect(within(box).getByTestId('lightbox-date').textContent).toBe(
      new Intl.DateTimeFormat('en', { dateStyle: 'long', timeStyle: 'short' }).format(new Date('2026-03-10T09:30:00Z')),
    );
    expect(within(box).getByTestId('lightbox-position').textContent).toBe('3 / 3');
  });

  it('a photo translation shows the text it put in the photo and copies it, with the language it was translated into', async () => {
    server.images.push(
      makeImage({
        id: 'p',
        prompt: 'Turkish (Türkçe)',
        toolId: 'photo-translate',
        modelId: 'photo-translate',
        modelName: 'Photo translate (GPT-4o mini)',
        createdAt: '2026-03-13T09:30:00.000Z',
        translation: {
          photoId: 'AAAAAAAAAAAAAAAAAAAAAA',
          source: 'auto',
          target: 'tr',
          stage: null,
          result: {
            source: 'en',
            requestedSource: 'auto',
            target: 'tr',
            noText: false,
            lowConfidence: false,
            demo: false,
            output: { format: 'jpeg', mimeType: 'image/jpeg', width: 1024, height: 1024 },
            segments: ['Müzeye hoş geldiniz', 'Her gün açık'].map((translatedText, i) => ({
              id: `s${i + 1}`,
              box: { x: 0, y: i * 50, width: 100, height: 40 },
              sourceText: 'x',
              translatedText,
              redrawn: true,
              confidence: 90,
              lowConfidence: false,
            })),
          },
        },
      }),
    );
    setup();
    await openTile('p');
    const box = lightbox();
    expect(shownPrompt()).toBe('Müzeye hoş geldiniz\n\nHer gün açık');
    expect(within(box).getByTestId('lightbox-target').textContent).toBe('Turkish (Türkçe)');
    fireEvent.click(within(box).getByTestId('lightbox-copy-prompt'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('Müzeye hoş geldiniz\n\nHer gün açık'));
    expect(await screen.findByText('Text copied')).toBeTruthy();
  });

  it('names the tool of an image made in any chat by its title: WhatsApp, web search, AI Chat', async () => {
    server.images.push(
      makeImage({ id: 'w', toolId: 'whatsapp', createdAt: '2026-03-13T09:30:00.000Z' }),
      makeImage({ id: 's', toolId: 'web-search', createdAt: '2026-03-14T09:30:00.000Z' }),
      makeImage({ id: 'm', toolId: 'web-main', createdAt: '2026-03-15T09:30:00.000Z' }),
    );
    setup();
    const toolOf = async (id: string) => {
      await openTile(id);
      const name = within(lightbox()).getByTestId('lightbox-tool').textContent;
      fireEvent.keyDown(lightbox(), { key: 'Escape' });
      await waitFor(() => expect(screen.queryByTestId('image-lightbox')).toBeNull());
      return name;
    };
    expect(await toolOf('w')).toBe('WhatsApp');
    expect(await toolOf('s')).toBe('Web Search');
    expect(await toolOf('m')).toBe('AI Chat');
    await i18next.changeLanguage('tr');
    expect(await toolOf('w')).toBe('WhatsApp');
    expect(await toolOf('s')).toBe('Web Araması');
  });

  it('writes the date in the person’s language', async () => {
    await i18next.changeLanguage('tr');
    setup();
    await openTile('a');
    expect(within(lightbox()).getByTestId('lightbox-date').textContent).toBe(
      new Intl.DateTimeFormat('tr', { dateStyle: 'long', timeStyle: 'short' }).format(new Date('2026-03-10T09:30:00Z')),
    );
    expect(within(lightbox()).getByTestId('lightbox-tool').textContent).toBe('Logo Oluşturucu');
  });

  it('moves through the loaded images with ←/→, keeps ?image= in step, and Escape returns focus to the tile', async () => {
    const { router } = setup();
    await openTile('c');
    expect(shownPrompt()).toBe('A city at night');
    expect(router.state.location.search).toBe('?image=c');
    expect(within(lightbox()).queryByTestId('lightbox-previous')).toBeNull();

    fireEvent.keyDown(lightbox(), { key: 'ArrowRight' });
    await waitFor(() => expect(shownPrompt()).toBe('A tattoo of a wave'));
    expect(router.state.location.search).toBe('?image=b');
    fireEvent.keyDown(lightbox(), { key: 'ArrowRight' });
    await waitFor(() => expect(shownPrompt()).toBe('A red fox in the snow'));
    // The end of the list: → does nothing more.
    fireEvent.keyDown(lightbox(), { key: 'ArrowRight' });
    expect(shownPrompt()).toBe('A red fox in the snow');
    expect(within(lightbox()).queryByTestId('lightbox-next')).toBeNull();
    fireEvent.keyDown(lightbox(), { key: 'ArrowLeft' });
    await waitFor(() => expect(shownPrompt()).toBe('A tattoo of a wave'));
    fireEvent.click(within(lightbox()).getByTestId('lightbox-previous'));
    await waitFor(() => expect(shownPrompt()).toBe('A city at night'));

    fireEvent.keyDown(lightbox(), { key: 'ArrowRight' });
    await waitFor(() => expect(shownPrompt()).toBe('A tattoo of a wave'));
    fireEvent.keyDown(lightbox(), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('image-lightbox')).toBeNull());
    expect(router.state.location.search).toBe('');
    // Focus goes to the tile of the image last shown.
    expect(document.activeElement).toBe(tile('b'));
  });

  it('keeps focus inside while open', async () => {
    setup();
    await openTile('b');
    expect(lightbox().contains(document.activeElement)).toBe(true);
  });

  it('offers the original for download, copies the prompt, and opens the chat it came from', async () => {
    const { router } = setup();
    await openTile('b');
    const download = within(lightbox()).getByTestId('lightbox-download');
    expect(download.getAttribute('href')).toBe('/api/images/b/file?download=1');
    expect(download.hasAttribute('download')).toBe(true);

    fireEvent.click(within(lightbox()).getByTestId('lightbox-copy-prompt'));
    expect(writeText).toHaveBeenCalledWith('A tattoo of a wave');
    expect(await screen.findByText('Prompt copied')).toBeTruthy();

    const chat = within(lightbox()).getByTestId('lightbox-open-chat');
    expect(chat.getAttribute('href')).toBe('/tattoo-generator/th-b');
    fireEvent.click(chat);
    await waitFor(() => expect(router.state.location.pathname).toBe('/tattoo-generator/th-b'));
  });

  it('has no chat link for an image whose chat is gone', async () => {
    setup();
    await openTile('a');
    expect(within(lightbox()).queryByTestId('lightbox-open-chat')).toBeNull();
    expect(within(lightbox()).getByTestId('lightbox-download')).toBeTruthy();
  });

  it('says when the clipboard refuses', async () => {
    writeText.mockRejectedValueOnce(new Error('denied'));
    setup();
    await openTile('b');
    fireEvent.click(within(lightbox()).getByTestId('lightbox-copy-prompt'));
    expect(await screen.findByText('Could not copy to the clipboard.')).toBeTruthy();
  });

  it('deletes at once, moves on to the next image, and Undo brings it back in its place', async () => {
    setup();
    await openTile('c');
    fireEvent.click(within(lightbox()).getByTestId('lightbox-delete'));

    // Gone from the grid at once; the lightbox shows the next image.
    expect(tile('c')).toBeNull();
    await waitFor(() => expect(shownPrompt()).toBe('A tattoo of a wave'));
    await waitFor(() => expect(server.requestsTo('DELETE', '/api/images/c')).toHaveLength(1));
    expect(server.images.find((i) => i.id === 'c')?.deleted).toBe(true);
    // The lightbox moved on; it never asked for the deleted image on its own.
    expect(server.requestsTo('GET', '/api/images/c')).toHaveLength(0);

    const toastEl = await screen.findByText('Image deleted');
    const undo = within(toastEl.closest('[data-sonner-toast]') as HTMLElement).getByText('Undo');
    fireEvent.click(undo);
    await waitFor(() => expect(server.requestsTo('POST', '/api/images/c/restore')).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getAllByTestId('gallery-tile').map((t) => t.getAttribute('data-image-id'))).toEqual([
        'c',
        'b',
        'a',
      ]),
    );
    expect(server.images.find((i) => i.id === 'c')?.deleted).toBe(false);
  });

  it('puts the image back and says why when the server refuses the delete', async () => {
    setup();
    await openTile('a');
    server.images = server.images.filter((i) => i.id !== 'a'); // gone on the server already
    fireEvent.click(within(lightbox()).getByTestId('lightbox-delete'));
    expect(await screen.findByText('Not found.')).toBeTruthy();
    await act(() => Promise.resolve());
    expect(tile('a')).toBeTruthy();
  });
});
