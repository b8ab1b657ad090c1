import type { GenerateImageOutput, Profile } from '@polymath/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { http } from 'msw';
import { Toaster } from 'sonner';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/api-server.ts';
import { renderWithApp } from '../../test/render.tsx';
import { TEST_PROFILE } from '../../test/test-store.ts';
import { forgetToasts, waitForToastTimers } from '../../test/toasts.ts';
import { AnswerImages } from './answer-images.tsx';
import { IMAGE_POLL_MS } from './images-api.ts';
import { FakeImagesServer, makeImage, type StoredImage, settle } from './testing/fake-images-server.ts';

afterAll(waitForToastTimers);

const PRO: Profile = { ...TEST_PROFILE, accessLevel: 'pro' };
const NOW = Date.parse('2026-03-15T12:00:00Z');

let server: FakeImagesServer;

beforeEach(() => {
  vi.useFakeTimers({
    shouldAdvanceTime: true,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
  vi.setSystemTime(NOW);
  server = new FakeImagesServer();
  server.proUsers.add('u1');
  mockApi(server.handler);
});

afterEach(() => {
  forgetToasts();
  vi.useRealTimers();
});

function outputFor(images: StoredImage[], extra: Partial<Extract<GenerateImageOutput, { ok: true }>> = {}) {
  return {
    ok: true as const,
    images: images.map(({ id }) => ({ id })),
    prompt: images[0]?.prompt ?? 'A prompt',
    aspectRatio: images[0]?.aspectRatio ?? '1:1',
    style: null,
    modelName: 'GPT Image 1',
    demo: false,
    note: 'The image is being made now.',
    ...extra,
  };
}

function setup(output: GenerateImageOutput, user: Profile = PRO) {
  return renderWithApp(
    <>
      <AnswerImages answerId="a1" output={output} />
      <Toaster />
    </>,
    { user, path: '/image-generator/t1' },
  );
}

const cards = () => screen.queryAllByTestId('image-card');
const statuses = () => cards().map((card) => card.getAttribute('data-status'));
const answerListRequests = () =>
  server.requestsTo('GET', '/api/images').filter((r) => r.url.searchParams.get('answerId') === 'a1');

async function tick(ms = IMAGE_POLL_MS) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

describe('AnswerImages', () => {
  it('shows a queued card of the right shape at once, follows it through polling until ready, then stops asking', async () => {
    const image = makeImage({ id: 'q1', status: 'queued', aspectRatio: '16:9' });
    server.images = [image];
    setup(outputFor([image]));
    const card = screen.getByTestId('image-card');
    expect(card.getAttribute('data-status')).toBe('queued');
    expect(card.textContent).toContain('Queued');
    expect(card.textContent).toContain("This may take a while when it's busy — you'll also find it in your Gallery");
    expect((card.firstElementChild as HTMLElement).style.aspectRatio).toBe('16 / 9');
    expect(within(card).getByTestId('image-card-gallery').getAttribute('href')).toBe('/gallery?image=q1');

    await waitFor(() => expect(answerListRequests()).toHaveLength(1));
    settle(image, 'generating');
    await tick();
    await waitFor(() => expect(statuses()).toEqual(['generating']));
    expect(screen.getByTestId('image-card').textContent).toContain('Generating…');

    settle(image, 'ready');
    await tick();
    await waitFor(() => expect(statuses()).toEqual(['ready']));
    const ready = screen.getByTestId('image-card');
    expect(ready.querySelector('img')?.getAttribute('src')).toBe('/api/images/q1/file?variant=thumb');
    expect(ready.textContent).not.toContain('may take a while');
    const download = within(ready).getByTestId('image-card-download');
    expect(download.getAttribute('href')).toBe('/api/images/q1/file?download=1');
    expect(download.hasAttribute('download')).toBe(true);

    const asked = answerListRequests().length;
    await tick(IMAGE_POLL_MS * 5);
    expect(answerListRequests()).toHaveLength(asked);
  });

  it('picks the jobs up again after a reload: the cards come from the server, not from the answer', async () => {
    const done = makeImage({ id: 'r1' });
    const failed = makeImage({ id: 'f1', status: 'failed', error: { code: 'IMAGE_REFUSED', message: 'x' } });
    server.images = [done, failed];
    // The answer's output still says "queued" (it was written when the job started).
    setup(outputFor([done, failed]));
    await waitFor(() => expect(statuses()).toEqual(['ready', 'failed']));
    await tick(IMAGE_POLL_MS * 3);
    expect(answerListRequests()).toHaveLength(1);
  });

  it('shows a failed image’s reason in the person’s language, with a retry that adds a new image', async () => {
    await i18next.changeLanguage('tr');
    const failed = makeImage({ id: 'f1', status: 'failed', error: { code: 'IMAGE_REFUSED', message: 'server text' } });
    server.images = [failed];
    setup(outputFor([failed]));
    const error = await screen.findByTestId('image-error');
    expect(error.textContent).toBe(i18next.t('errors:IMAGE_REFUSED'));
    expect(error.textContent).toContain('Görsel modeli');

    fireEvent.click(screen.getByTestId('image-card-retry'));
    await waitFor(() => expect(server.requestsTo('POST', '/api/images/f1/variations')).toHaveLength(1));
    expect(server.requestsTo('POST', '/api/images/f1/variations')[0]?.body).toEqual({ count: 1 });
    await waitFor(() => expect(statuses()).toEqual(['failed', 'queued']));
  });

  it('variations and regenerate add new cards after the old one, which stays', async () => {
    const image = makeImage({ id: 'o1' });
    server.images = [image];
    setup(outputFor([image]));
    await waitFor(() => expect(statuses()).toEqual(['ready']));

    fireEvent.click(screen.getByTestId('image-card-variations'));
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(server.requestsTo('POST', '/api/images/o1/variations')[0]?.body).toEqual({ count: 2 });
    expect(cards()[0]?.getAttribute('data-image-id')).toBe('o1');
    expect(statuses()).toEqual(['ready', 'queued', 'queued']);

    fireEvent.click(within(cards()[0] as HTMLElement).getByTestId('image-card-regenerate'));
    await waitFor(() => expect(cards()).toHaveLength(4));
    expect(server.requestsTo('POST', '/api/images/o1/variations')[1]?.body).toEqual({ count: 1 });

    // The new ones are followed until they are made.
    for (const made of server.images.filter((i) => i.parentId === 'o1')) settle(made, 'ready');
    await tick();
    await waitFor(() => expect(statuses()).toEqual(['ready', 'ready', 'ready', 'ready']));
  });

  it('locks variations and regenerate for a free person and offers Pro instead', async () => {
    const image = makeImage({ id: 'o1' });
    server.images = [image];
    const { store } = setup(outputFor([image]), TEST_PROFILE);
    await waitFor(() => expect(statuses()).toEqual(['ready']));
    const variations = screen.getByTestId('image-card-variations');
    expect(variations.getAttribute('data-locked')).toBe('true');
    expect(variations.textContent).toContain('Pro');
    expect(screen.getByTestId('image-card-regenerate').getAttribute('data-locked')).toBe('true');

    fireEvent.click(variations);
    expect(store.getState().dialogs.showUpgradeToProDialog).toBe(true);
    await tick(10);
    expect(server.requestsTo('POST', /variations$/)).toHaveLength(0);
    // Free people have no fair-use line to ask for.
    expect(server.requestsTo('GET', '/api/images/usage')).toHaveLength(0);
  });

  it('shows an answer that made no images plainly, translated', async () => {
    setup({ ok: false, error: { code: 'IMAGE_FAILED', message: 'The image could not be made.' } });
    const error = screen.getByTestId('answer-images-error');
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.textContent).toBe('The image could not be made. Try again in a moment: nothing was charged.');
    // Not a limit: nothing to say about the allowance.
    expect(server.requestsTo('GET', '/api/images/usage')).toHaveLength(0);
    expect(cards()).toHaveLength(0);
    await tick(10);
    expect(answerListRequests()).toHaveLength(0);
  });

  it('marks demo pictures', async () => {
    const image = makeImage({ id: 'd1', demo: true });
    server.images = [image];
    setup(outputFor([image], { demo: true }));
    await waitFor(() => expect(statuses()).toEqual(['ready']));
    expect(within(screen.getByTestId('image-card')).getByTestId('image-demo-tag').textContent).toBe('DEMO');
  });

  it('opens the full image in a lightbox without a link to the chat the person is in', async () => {
    const image = makeImage({ id: 'o1', prompt: 'A blue whale' });
    server.images = [image];
    setup(outputFor([image]));
    fireEvent.click(await screen.findByTestId('image-card-open'));
    const box = await screen.findByTestId('image-lightbox');
    expect(within(box).getByTestId('lightbox-image').getAttribute('src')).toBe('/api/images/o1/file');
    expect(within(box).getByTestId('lightbox-prompt').textContent).toBe('A blue whale');
    expect(within(box).queryByTestId('lightbox-open-chat')).toBeNull();
  });

  describe("Pro's fair use", () => {
    const ready = () => {
      const image = makeImage({ id: 'o1' });
      server.images = [image];
      return image;
    };

    it('says how many images are left once 20 % or less of the day remains', async () => {
      server.usage = { used: 80, limit: 100, remaining: 20, resetsAt: '2026-03-16T00:00:00.000Z' };
      setup(outputFor([ready()]));
      expect((await screen.findByTestId('image-usage')).textContent).toBe('20 images left today');
    });

    it('says nothing while plenty are left', async () => {
      server.usage = { used: 79, limit: 100, remaining: 21, resetsAt: '2026-03-16T00:00:00.000Z' };
      setup(outputFor([ready()]));
      await waitFor(() => expect(server.requestsTo('GET', '/api/images/usage')).toHaveLength(1));
      await tick(10);
      expect(screen.queryByTestId('image-usage')).toBeNull();
    });

    it('says when more can be made once none are left', async () => {
      server.usage = { used: 100, limit: 100, remaining: 0, resetsAt: '2026-03-15T18:00:00.000Z' };
      setup(outputFor([ready()]));
      const line = await screen.findByTestId('image-usage');
      const time = new Intl.DateTimeFormat('en', { timeStyle: 'short' }).format(new Date('2026-03-15T18:00:00Z'));
      expect(line.textContent).toBe(`You have made today's images. More can be made from ${time}.`);
      expect(line.getAttribute('data-state')).toBe('empty');
    });

    it('an answer refused at the limit says when more can be made', async () => {
      server.usage = { used: 100, limit: 100, remaining: 0, resetsAt: '2026-03-16T00:00:00.000Z' };
      setup({ ok: false, error: { code: 'IMAGE_LIMIT_REACHED', message: 'x' } });
      const error = screen.getByTestId('answer-images-error');
      expect(within(error).getByTestId('answer-images-error-text').textContent).toBe(
        "You have reached today's image limit. New images can be made after the daily reset.",
      );
      const when = await within(error).findByTestId('image-usage');
      const reset = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date('2026-03-16T00:00:00Z'),
      );
      const sameDay =
        new Date('2026-03-16T00:00:00Z').toDateString() === new Date(NOW).toDateString()
          ? new Intl.DateTimeFormat('en', { timeStyle: 'short' }).format(new Date('2026-03-16T00:00:00Z'))
          : reset;
      expect(when.textContent).toBe(`You have made today's images. More can be made from ${sameDay}.`);
    });

    it('refuses more at the limit with the server’s reason and refreshes the line', async () => {
      const image = ready();
      server.usage = { used: 99, limit: 100, remaining: 1, resetsAt: '2026-03-16T00:00:00.000Z' };
      setup(outputFor([image]));
      expect((await screen.findByTestId('image-usage')).textContent).toBe('1 image left today');
      // The limit is reached meanwhile (another tab).
      mockApi(
        http.post('/api/images/o1/variations', () =>
          Response.json({ error: { code: 'IMAGE_LIMIT_REACHED', message: 'x' } }, { status: 429 }),
        ),
      );
      server.usage = { used: 100, limit: 100, remaining: 0, resetsAt: '2026-03-16T00:00:00.000Z' };
      fireEvent.click(screen.getByTestId('image-card-variations'));
      expect(await screen.findByText(i18next.t('errors:IMAGE_LIMIT_REACHED'))).toBeTruthy();
      await waitFor(() => expect(screen.getByTestId('image-usage').getAttribute('data-state')).toBe('empty'));
      expect(cards()).toHaveLength(1);
    });
  });
});
