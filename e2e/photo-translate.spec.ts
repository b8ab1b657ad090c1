import { mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { makeFixture } from '../apps/server/src/features/tools/photo-translate/photo-fixtures.ts';
import { allowHttpErrors, freeUser } from './support/chat.ts';
import { APP_VERSION, expect, expectTheme, prepareContext, STORAGE_KEYS, test } from './support/fixtures.ts';
import { LOCALES, type Locale, t as text } from './support/i18n.ts';
import { expectNoSidewaysOverflow } from './support/layout.ts';
import { scriptFakes } from './support/provider-fakes.ts';
import { readServerState } from './support/server-state.ts';
import { timeLimit } from './support/time-limits.ts';
import { inTour } from './support/tours.ts';

/**
 * Photo translate as a person uses it: a JPEG menu into Turkish and then German from the same photo
 * (no second upload), compared, listed, downloaded and found again after a reload and in the
 * gallery; a transparent PNG screenshot on a phone in Turkish; both themes and languages. The text
 * is read by the real OCR; the translation is the OpenAI stand-in's structured answer, scripted for
 * the job's request only (`match`). Upload rules and pixels are tested at the server layer.
 */

const SCREENSHOTS = resolve(import.meta.dirname, 'artifacts/screenshots');

/** The job's structured-output request (its prompt lists the photo's regions) gets this translation. */
async function scriptTranslation(translated: string): Promise<void> {
  await scriptFakes({
    text: JSON.stringify({ translations: [{ id: 's1', text: translated }] }),
    match: 'Text regions (JSON)',
    paceMs: 0,
  });
}

async function chooseLanguage(page: Page, picker: Locator, search: string): Promise<void> {
  await picker.click();
  await page.getByTestId('language-search').fill(search);
  await page.keyboard.press('Enter');
}

/** The `index`-th translation card once it is ready, with its pictures loaded. */
async function readyCard(page: Page, index: number): Promise<Locator> {
  const card = page.getByTestId('translation-card').nth(index);
  await expect(card).toHaveAttribute('data-status', 'ready', { timeout: timeLimit(60_000) });
  await expect
    .poll(() =>
      card.locator('img').evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).naturalWidth > 0)),
    )
    .toBe(true);
  return card;
}

async function downloaded(page: Page, link: Locator): Promise<Buffer> {
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  return readFileSync(await download.path());
}

test('a JPEG menu into Turkish, then German from the same photo: compared, listed, downloaded, kept', async ({
  page,
  problems,
}) => {
  test.setTimeout(timeLimit(150_000));
  // A visitor who adds a photo is asked to sign in first; nothing is uploaded.
  await page.goto('/photo-translate');
  await page
    .getByTestId('photo-translate-input')
    .setInputFiles({ name: 'menu.jpg', mimeType: 'image/jpeg', buffer: Buffer.from([0xff, 0xd8, 0xff]) });
  await expect(page.getByTestId('auth-dialog')).toBeVisible();
  await expect(page.getByTestId('photo-translate-photo')).toHaveCount(0);
  await freeUser(page, 'photo');
  await page.goto('/photo-translate');
  await expect(page.getByText(text('en', 'tools:photoTranslate.description'))).toBeVisible();
  // The first-visit hint sits over the top right of the chat, where the cards' view toggle is.
  await page.getByTestId('orientation-hint').getByRole('button').click();

  // Translate with no photo asks for one; a GIF is refused with the allowed types, and nothing is kept.
  await page.getByTestId('photo-translate-go').click();
  await expect(page.getByTestId('photo-translate-error')).toHaveText(text('en', 'photo-translate:options.needPhoto'));
  allowHttpErrors(problems, 400);
  const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
    .gif()
    .toBuffer();
  await page
    .getByTestId('photo-translate-input')
    .setInputFiles({ name: 'menu.jpg', mimeType: 'image/jpeg', buffer: gif });
  await expect(page.getByTestId('photo-translate-error')).toHaveText(
    text('en', 'photo-translate:refused.unsupportedType'),
  );
  await expect(page.getByTestId('photo-translate-photo')).toHaveCount(0);

  const menu = await makeFixture({ language: 'en', format: 'jpeg', background: 'noisy' });
  await page
    .getByTestId('photo-translate-input')
    .setInputFiles({ name: 'menu.jpg', mimeType: 'image/jpeg', buffer: menu.bytes });
  await expect(page.getByTestId('photo-translate-photo').locator('img')).toBeVisible();
  await expect(page.getByTestId('photo-translate-error')).toHaveCount(0);

  // The target list searches names in any form and shows each language in its own name.
  const target = page.getByTestId('photo-translate-target');
  await chooseLanguage(page, target, 'Turkish');
  await expect(target).toHaveAttribute('data-value', 'tr');
  await expect(target).toContainText('Türkçe');

  await scriptTranslation('Müzeye hoş geldiniz\nHer gün 9:00 açık');
  await page.getByTestId('photo-translate-go').click();
  await expect(page).toHaveURL(/\/photo-translate\/[A-Za-z0-9_-]+$/);
  const turkish = await readyCard(page, 0);
  await expect(turkish.getByTestId('translation-languages')).toContainText('Türkçe');
  await expect(turkish.getByTestId('translation-translated-text')).toHaveText(/Müzeye hoş geldiniz/);
  await expect(turkish.getByTestId('translation-source-text')).toHaveText(/Welcome/);

  // Before and after, then side by side.
  await expect(turkish.getByTestId('before-after-before')).toHaveAttribute('src', /variant=source/);
  await turkish.getByTestId('translation-view-side').click();
  await expect(turkish.getByTestId('translation-side-by-side').locator('img')).toHaveCount(2);

  const jpeg = await sharp(await downloaded(page, turkish.getByTestId('translation-download'))).metadata();
  expect([jpeg.format, jpeg.width, jpeg.height]).toEqual(['jpeg', menu.width, menu.height]);

  // The same photo into German, without uploading again.
  await scriptTranslation('Willkommen im Museum\nTäglich ab 9:00 geöffnet');
  await chooseLanguage(page, turkish.getByTestId('translation-again'), 'Deutsch');
  const german = await readyCard(page, 1);
  await expect(german.getByTestId('translation-languages')).toContainText('Deutsch');
  await expect(german.getByTestId('translation-translated-text')).toHaveText(/Willkommen im Museum/);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await german.scrollIntoViewIfNeeded();
  await page.screenshot({ path: resolve(SCREENSHOTS, 'photo-translate-jpeg-light-en-desktop.png') });

  // Kept with the thread and in the gallery; the last language used comes first next time.
  await page.reload();
  await expect(page.getByTestId('translation-card')).toHaveCount(2);
  await page.getByTestId('photo-translate-target').click();
  const options = page.getByTestId('photo-translate-target-popover').getByRole('option');
  await expect(options.first()).toHaveAttribute('data-testid', 'language-de');
  await expect(options.nth(1)).toHaveAttribute('data-testid', 'language-tr');
  await page.keyboard.press('Escape');
  await page.goto('/gallery?tool=photo-translate');
  await expect(page.getByTestId('gallery-tile')).toHaveCount(2);
});

test('a transparent PNG screenshot on a phone, in Turkish and in both themes; the views in both languages @tour', async ({
  page,
  browser,
  problems,
}) => {
  test.setTimeout(timeLimit(180_000));
  mkdirSync(SCREENSHOTS, { recursive: true });
  await freeUser(page, 'photo-shots');
  const shot = await makeFixture({ language: 'en', format: 'png', background: 'transparent' });
  const { cookies } = await page.context().storageState();
  let threadPath = '';
  for (const theme of ['light', 'dark'] as const) {
    for (const locale of LOCALES as Locale[]) {
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
      await test.step(`${theme}, ${locale}`, async () => {
        await view.setViewportSize({ width: 390, height: 844 });
        if (!threadPath) {
          // The first pass makes the translation on the phone, in Turkish: the target defaults to it.
          await view.goto('/photo-translate');
          await expect(view.getByTestId('photo-translate-target')).toHaveAttribute(
            'data-value',
            locale === 'tr' ? 'tr' : 'en',
          );
          await view.screenshot({ path: resolve(SCREENSHOTS, `photo-translate-intro-${theme}-${locale}-phone.png`) });
          // The translation is made in Turkish; the English pass of this theme shows the empty page only.
          if (locale !== 'tr') return;
          await view
            .getByTestId('photo-translate-input')
            .setInputFiles({ name: 'screenshot.png', mimeType: 'image/png', buffer: shot.bytes });
          await expect(view.getByTestId('photo-translate-photo').locator('img')).toBeVisible();
          await scriptTranslation('Müzeye hoş geldiniz\nHer gün açık');
          await view.getByTestId('photo-translate-go').click();
          await expect(view).toHaveURL(/\/photo-translate\/[A-Za-z0-9_-]+$/);
          threadPath = new URL(view.url()).pathname;
        } else {
          await view.goto(threadPath);
        }
        await expectTheme(view, theme);
        const card = await readyCard(view, 0);
        await expect(card.getByTestId('translation-download')).toContainText('PNG');
        await expectNoSidewaysOverflow(view, `photo translate (${theme}, ${locale})`);
        await card.scrollIntoViewIfNeeded();
        await view.screenshot({
          path: resolve(SCREENSHOTS, `photo-translate-${theme}-${locale}-phone.png`),
          fullPage: true,
        });
        await view.setViewportSize({ width: 1280, height: 800 });
        await view.screenshot({ path: resolve(SCREENSHOTS, `photo-translate-${theme}-${locale}-desktop.png`) });
      });
      await context.close();
    }
  }
  expect(threadPath).not.toBe('');
  // The PNG came back a PNG of the same size, still transparent.
  const list = (await (await page.request.get('/api/images?toolId=photo-translate')).json()) as {
    images: { urls: { original: string } | null }[];
  };
  const original = list.images[0]?.urls?.original ?? '';
  const png = await sharp(await (await page.request.get(original)).body()).metadata();
  expect([png.format, png.width, png.height, png.hasAlpha]).toEqual(['png', shot.width, shot.height, true]);
});
