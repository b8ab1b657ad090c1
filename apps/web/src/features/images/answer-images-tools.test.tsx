import type { GenerateImageOutput, ImageItem } from '@polymath/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/api-server.ts';
import { renderWithApp } from '../../test/render.tsx';
import { TEST_PROFILE } from '../../test/test-store.ts';
import { AnswerImages } from './answer-images.tsx';
import { FakeImagesServer, makeImage, type StoredImage } from './testing/fake-images-server.ts';

/** The cards of the logo maker and the tattoo generator: the same component with the tools' slots. */

let server: FakeImagesServer;

beforeEach(() => {
  server = new FakeImagesServer();
  mockApi(server.handler);
});

function outputFor(images: StoredImage[]): GenerateImageOutput {
  return {
    ok: true,
    images: images.map(({ id }) => ({ id })),
    prompt: 'x',
    aspectRatio: images[0]?.aspectRatio ?? '1:1',
    style: null,
    modelName: 'm',
    demo: false,
    note: '',
  };
}

function textLogo(id: string): StoredImage {
  const base = `/api/images/${id}/file`;
  return makeImage({
    id,
    toolId: 'logo-maker',
    aspectRatio: '3:2',
    modelId: 'text-logo',
    urls: {
      original: base,
      thumb: `${base}?variant=thumb`,
      download: `${base}?download=1`,
      svg: `${base}?format=svg`,
      onLight: `${base}?variant=light`,
      onDark: `${base}?variant=dark`,
    },
  });
}

describe('AnswerImages in the creative tools', () => {
  it('a text logo offers PNG and SVG downloads and a dark preview, the tool’s own action, and nothing to vary', async () => {
    const logo = textLogo('tl1');
    server.images = [logo];
    const refine = vi.fn();
    renderWithApp(
      <AnswerImages
        answerId="a1"
        output={outputFor([logo])}
        actions={(image: ImageItem) => (
          <button type="button" onClick={() => refine(image.id)}>
            Refine this one
          </button>
        )}
      />,
      { user: TEST_PROFILE, path: '/logo-maker/t1' },
    );
    const card = await screen.findByTestId('image-card');
    await waitFor(() => expect(within(card).getByTestId('image-card-download-svg')).toBeTruthy());
    expect(within(card).getByTestId('image-card-download-svg').getAttribute('href')).toBe(
      '/api/images/tl1/file?format=svg',
    );
    expect(within(card).getByTestId('image-card-download').textContent).toContain('PNG');
    expect(within(card).queryByTestId('image-card-variations')).toBeNull();
    expect(within(card).queryByTestId('image-card-regenerate')).toBeNull();
    const img = () => within(card).getByTestId('image-card-open').querySelector('img');
    expect(img()?.getAttribute('src')).toBe('/api/images/tl1/file?variant=thumb');
    const toggle = within(card).getByTestId('image-card-preview-dark');
    fireEvent.click(toggle);
    expect(img()?.getAttribute('src')).toBe('/api/images/tl1/file?variant=dark');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(card).getByRole('button', { name: 'Refine this one' }));
    expect(refine).toHaveBeenCalledWith('tl1');
  });

  it('an edit shows before and after; the slider moves the line and says where it is', async () => {
    const base = '/api/images/e1/file';
    const edit = makeImage({
      id: 'e1',
      toolId: 'tattoo-generator',
      width: 600,
      height: 800,
      urls: {
        original: base,
        thumb: `${base}?variant=thumb`,
        download: `${base}?download=1`,
        source: `${base}?variant=source`,
      },
    });
    server.images = [edit];
    renderWithApp(<AnswerImages answerId="a1" output={outputFor([edit])} compare />, {
      user: TEST_PROFILE,
      path: '/tattoo-generator/t1',
    });
    const slider = (await screen.findByTestId('before-after-slider')) as HTMLInputElement;
    const before = screen.getByTestId('before-after-before');
    expect(before.getAttribute('src')).toBe('/api/images/e1/file?variant=source');
    expect(before.style.clipPath).toBe('inset(0px 50% 0px 0px)');
    expect((screen.getByTestId('image-card').firstElementChild as HTMLElement).style.aspectRatio).toBe('600 / 800');
    fireEvent.change(slider, { target: { value: '20' } });
    expect(before.style.clipPath).toBe('inset(0px 80% 0px 0px)');
    expect(slider.getAttribute('aria-valuetext')).toBe('20% before, 80% after');
  });
});
