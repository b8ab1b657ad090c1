import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { freeUser, proUser, send, uniqueWord } from './support/chat.ts';
import { APP_VERSION, expect, expectTheme, prepareContext, STORAGE_KEYS, test } from './support/fixtures.ts';
import { LOCALES, t as text } from './support/i18n.ts';
import { expectNoSidewaysOverflow } from './support/layout.ts';
import { fakeRequests, scriptImageFakes } from './support/provider-fakes.ts';
import { readServerState } from './support/server-state.ts';
import { timeLimit } from './support/time-limits.ts';
import { inTour, tourViewports } from './support/tours.ts';

/**
 * The image generator and the gallery as a person uses them (the tools-platform issue): a Pro person
 * makes two images, reloads while they are being made, finds them in the gallery, deletes one and
 * undoes; a free person meets the Pro lock. The images come from the OpenAI image stand-in behind
 * the real provider; the chat stand-in calls generate_image as the `[[fake tool=…]]` directive says.
 */

const SCREENSHOTS = resolve(import.meta.dirname, 'artifacts/screenshots');

/** Asks for `count` images of `prompt` through the page, as a person types it. */
async function askForImages(page: Page, prompt: string, count: number): Promise<void> {
  await send(page, `${prompt} [[fake tool=generate_image args={"prompt":"${prompt}","count":${count}}]]`);
}

function cards(page: Page) {
  return page.getByTestId('answer-images').getByTestId('image-card');
}

/** Every card shows its picture, loaded (not a broken image). */
async function expectPicturesLoaded(page: Page, count: number): Promise<void> {
  await expect(cards(page)).toHaveCount(count);
  await expect(cards(page).and(page.locator('[data-status="ready"]'))).toHaveCount(count, {
    timeout: timeLimit(20_000),
  });
  await expect
    .poll(() =>
      cards(page)
        .locator('img')
        .evaluateAll((imgs) => imgs.filter((img) => (img as HTMLImageElement).naturalWidth > 0).length),
    )
    .toBe(count);
}

test('a Pro person makes two images, reloads while they are made, finds them in the gallery, deletes one and undoes', async ({
  page,
}) => {
  test.setTimeout(timeLimit(90_000));
  await proUser(page, 'images');
  await page.goto('/image-generator');
  await page.getByTestId('image-count-2').click();
  // Slow pictures, so the page is reloaded while they are being made.
  await scriptImageFakes([{ delayMs: 3000 }, { delayMs: 3000 }]);
  const prompt = `a red fox ${uniqueWord('img')}`;
  await askForImages(page, prompt, 2);

  await expect(cards(page)).toHaveCount(2);
  await expect(page.getByTestId('answer-images').getByText(text('en', 'images:mayTakeAWhile')).first()).toBeVisible();
  await expect(page).toHaveURL(/\/image-generator\/[A-Za-z0-9_-]+$/);
  const address = page.url();
  await page.reload();
  expect(page.url()).toBe(address);
  // The cards pick the jobs up again and end with the pictures.
  await expectPicturesLoaded(page, 2);
  await expect(page.getByRole('complementary').getByTestId('history-item').first()).toContainText('a red fox');

  await page
    .getByRole('complementary')
    .getByRole('link', { name: text('en', 'tools:gallery.title') })
    .click();
  const tiles = page.getByTestId('gallery-tile');
  await expect(tiles).toHaveCount(2);
  await tiles.first().click();
  const lightbox = page.getByTestId('image-lightbox');
  await expect(lightbox.getByTestId('lightbox-prompt')).toHaveText(prompt);
  await expect(lightbox.getByTestId('lightbox-download')).toHaveAttribute(
    'href',
    /\/api\/images\/.+\/file\?download=1$/,
  );
  await page.keyboard.press('ArrowRight');
  await expect(lightbox.getByTestId('lightbox-position')).toContainText('2');
  await lightbox.getByTestId('lightbox-delete').click();
  await expect(tiles).toHaveCount(1);
  await page.getByRole('button', { name: text('en', 'images:undo') }).click();
  await expect(tiles).toHaveCount(2);
  // What the page shows is what the server keeps.
  const stored = await page.request.get('/api/images?toolId=image-generator');
  expect(((await stored.json()) as { images: unknown[] }).images).toHaveLength(2);
});

test('a free person sees that the image generator is Pro: the notice, and sending opens the upgrade', async ({
  page,
}) => {
  await freeUser(page, 'images-free');
  await page.goto('/image-generator');
  await expect(page.getByTestId('pro-tool-notice')).toBeVisible();
  // A word of this test only: other workers' requests reach the shared stand-ins meanwhile.
  const word = uniqueWord('boat');
  await send(page, `a small boat ${word}`);
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('dialog')).toContainText(/Pro/);
  expect((await fakeRequests()).filter((r) => JSON.stringify(r.body).includes(word))).toEqual([]);
  // The server refuses it too (not only the page).
  const refused = await page.request.post('/api/chat', {
    headers: { origin: readServerState().baseUrl },
    data: {
      trigger: 'submit-message',
      threadId: `t${Date.now()}`,
      toolId: 'image-generator',
      modelId: 'gpt-4o-mini',
      message: { id: `m${Date.now()}`, role: 'user', parts: [{ type: 'text', text: 'a boat' }] },
    },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('TOOL_REQUIRES_PRO');
});

test('image cards and the gallery in both themes and languages, on a desktop and a phone @tour', async ({
  page,
  browser,
  problems,
}) => {
  test.setTimeout(timeLimit(120_000));
  mkdirSync(SCREENSHOTS, { recursive: true });
  await proUser(page, 'images-shots');
  await page.goto('/image-generator');
  await askForImages(page, 'a lighthouse at sunset', 2);
  await expectPicturesLoaded(page, 2);
  const threadPath = new URL(page.url()).pathname;
  const { cookies } = await page.context().storageState();
  for (const theme of ['light', 'dark'] as const) {
    for (const locale of LOCALES) {
      if (!inTour(theme, locale)) continue;
      const context = await browser.newContext({ baseURL: readServerState().baseUrl });
      await prepareContext(context, {
        [STORAGE_KEYS.appVersion]: String(APP_VERSION),
        [STORAGE_KEYS.orientationHintDismissed]: '1',
        [STORAGE_KEYS.theme]: theme,
        [STORAGE_KEYS.locale]: locale,
      });
      problems.watchContext(context);
      await context.addCookies(cookies);
      const view = await context.newPage();
      for (const [viewport, size] of tourViewports(theme, locale)) {
        await test.step(`${theme}, ${locale}, ${viewport}`, async () => {
          await view.setViewportSize(size);
          await view.goto(threadPath);
          await expectTheme(view, theme);
          await expectPicturesLoaded(view, 2);
          if (viewport === 'phone') await expectNoSidewaysOverflow(view, `image generator (${theme}, ${locale})`);
          await view.screenshot({ path: resolve(SCREENSHOTS, `image-generator-${theme}-${locale}-${viewport}.png`) });
          await view.goto('/gallery');
          await expect(view.getByTestId('gallery-tile')).toHaveCount(2);
          await expect
            .poll(() =>
              view
                .getByTestId('gallery-tile')
                .locator('img')
                .evaluateAll((imgs) => imgs.filter((img) => (img as HTMLImageElement).naturalWidth > 0).length),
            )
            .toBe(2);
          if (viewport === 'phone') await expectNoSidewaysOverflow(view, `gallery (${theme}, ${locale})`);
          await view.screenshot({ path: resolve(SCREENSHOTS, `gallery-${theme}-${locale}-${viewport}.png`) });
        });
      }
      await context.close();
    }
  }
});
