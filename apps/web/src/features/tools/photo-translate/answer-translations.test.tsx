import type { GenerateImageOutput, PhotoTranslateResult, PhotoTranslation } from '@polymath/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-server.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { TEST_PROFILE } from '../../../test/test-store.ts';
import { FakeImagesServer, makeImage, type StoredImage } from '../../images/testing/fake-images-server.ts';
import { AnswerTranslations } from './answer-translations.tsx';

/** Photo translate's card: its progress, then the views, the text, and what no text and hard text say. */

let server: FakeImagesServer;

beforeEach(() => {
  server = new FakeImagesServer();
  mockApi(server.handler);
});

const OUTPUT: GenerateImageOutput = {
  ok: true,
  images: [{ id: 'p1' }],
  prompt: 'Türkçe',
  aspectRatio: '3:2',
  style: null,
  modelName: 'Photo translate (GPT-4o mini)',
  demo: false,
  note: '',
};

function result(overrides: Partial<PhotoTranslateResult> = {}): PhotoTranslateResult {
  return {
    source: 'en',
    requestedSource: 'auto',
    target: 'tr',
    noText: false,
    lowConfidence: false,
    demo: false,
    output: { format: 'jpeg', mimeType: 'image/jpeg', width: 960, height: 400 },
    segments: [
      {
        id: 's1',
        box: { x: 10, y: 10, width: 300, height: 60 },
        sourceText: 'Welcome to the museum',
        translatedText: 'Müzeye hoş geldiniz',
        redrawn: true,
        confidence: 91,
        lowConfidence: false,
      },
    ],
    ...overrides,
  };
}

function translationImage(status: StoredImage['status'], translation: PhotoTranslation): StoredImage {
  const base = '/api/images/p1/file';
  return makeImage({
    id: 'p1',
    status,
    toolId: 'photo-translate',
    modelId: 'photo-translate',
    width: status === 'ready' ? 960 : null,
    height: status === 'ready' ? 400 : null,
    mediaType: status === 'ready' ? 'image/jpeg' : null,
    urls:
      status === 'ready'
        ? {
            original: base,
            thumb: `${base}?variant=thumb`,
            download: `${base}?download=1`,
            source: `${base}?variant=source`,
          }
        : null,
    translation,
  });
}

const LANGS = { photoId: 'AAAAAAAAAAAAAAAAAAAAAA', source: 'auto', target: 'tr' } as const;

describe('AnswerTranslations', () => {
  it('shows the stage the job is at, then the result with both views, the text and its own slot', async () => {
    server.images = [translationImage('generating', { ...LANGS, stage: 'translating', result: null })];
    const again = vi.fn(() => <button type="button">Another</button>);
    renderWithApp(<AnswerTranslations answerId="a1" output={OUTPUT} again={again} />, {
      user: TEST_PROFILE,
      path: '/photo-translate/t1',
    });
    const progress = await screen.findByTestId('translation-progress');
    await waitFor(() => expect(progress.getAttribute('data-stage')).toBe('translating'));
    expect(within(progress).getByText('Translating').closest('li')?.getAttribute('aria-current')).toBe('step');

    server.images = [translationImage('ready', { ...LANGS, stage: null, result: result() })];
    const card = await screen.findByTestId('translation-card', {}, { timeout: 5000 });
    await waitFor(() => expect(card.getAttribute('data-status')).toBe('ready'), { timeout: 5000 });
    expect(within(card).getByTestId('translation-languages').textContent).toBe('English → Türkçe');
    expect(within(card).getByTestId('before-after-before').getAttribute('src')).toBe(
      '/api/images/p1/file?variant=source',
    );
    // The translation shows whole at first; the slider reveals the original.
    expect((within(card).getByTestId('before-after-before') as HTMLElement).style.clipPath).toBe(
      'inset(0px 100% 0px 0px)',
    );
    fireEvent.click(within(card).getByTestId('translation-view-side'));
    expect(within(card).getByTestId('translation-side-by-side').querySelectorAll('img')).toHaveLength(2);
    expect(within(card).getByTestId('translation-translated-text').textContent).toBe('Müzeye hoş geldiniz');
    expect(within(card).getByTestId('translation-download').textContent).toContain('JPEG');
    expect(within(card).getByRole('button', { name: 'Another' })).toBeTruthy();
    expect(within(card).queryByTestId('translation-no-text')).toBeNull();
  });

  it('says plainly when there was no text, and flags text that was hard to read', async () => {
    server.images = [
      translationImage('ready', { ...LANGS, stage: null, result: result({ noText: true, segments: [] }) }),
    ];
    const { unmount } = renderWithApp(<AnswerTranslations answerId="a1" output={OUTPUT} />, {
      user: TEST_PROFILE,
      path: '/photo-translate/t1',
    });
    expect((await screen.findByTestId('translation-no-text')).textContent).toMatch(/No text was found/);
    expect(screen.queryByTestId('translation-text')).toBeNull();
    unmount();

    const hard = result({ lowConfidence: true });
    const [segment] = hard.segments;
    if (segment) segment.lowConfidence = true;
    server.images = [{ ...translationImage('ready', { ...LANGS, stage: null, result: hard }), answerId: 'a2' }];
    renderWithApp(<AnswerTranslations answerId="a2" output={OUTPUT} />, {
      user: TEST_PROFILE,
      path: '/photo-translate/t1',
    });
    expect((await screen.findByTestId('translation-low-confidence')).textContent).toMatch(/hard to read/);
    expect(screen.getByTestId('translation-text').textContent).toContain('Hard to read');
  });

  it('a call that made nothing says why', async () => {
    renderWithApp(
      <AnswerTranslations
        answerId="a1"
        output={{ ok: false, error: { code: 'NOT_FOUND', message: 'The photo is no longer there: add it again.' } }}
      />,
      { user: TEST_PROFILE, path: '/photo-translate/t1' },
    );
    expect((await screen.findByTestId('translation-error')).textContent).toBeTruthy();
  });
});
