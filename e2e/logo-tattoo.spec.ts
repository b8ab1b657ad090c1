import { mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { allowHttpErrors, freeUser, send } from './support/chat.ts';
import { APP_VERSION, expect, expectTheme, prepareContext, STORAGE_KEYS, test } from './support/fixtures.ts';
import { LOCALES, t as text } from './support/i18n.ts';
import { expectNoSidewaysOverflow } from './support/layout.ts';
import { readServerState } from './support/server-state.ts';
import { timeLimit } from './support/time-limits.ts';
import { inTour, tourViewports } from './support/tours.ts';

/**
 * The logo maker and the tattoo generator as a free person uses them: a text logo (downloaded as
 * SVG and PNG, previewed on dark), graphic candidates and a refinement of one; a tattoo placed on
 * their own photo on a phone (before and after, download) and the stencil; all found in the
 * gallery. Pictures come from the OpenAI image stand-in; the chat stand-in calls the functions as
 * the `[[fake tool=…]]` directives say. Rules are tested at the server layer.
 */

const SCREENSHOTS = resolve(import.meta.dirname, 'artifacts/screenshots');

const TEXT_DESIGNS = [
  { layout: 'wordmark', font: 'playfair-display' },
  { layout: 'lettermark', font: 'cinzel', mark: 'hexagon', letterCase: 'upper' },
  { layout: 'stacked', font: 'bebas-neue', letterCase: 'upper' },
  { layout: 'emblem', font: 'pacifico', mark: 'circle' },
];

function cards(scope: Page | Locator): Locator {
  return scope.getByTestId('answer-images').getByTestId('image-card');
}

/** The cards of the `index`-th answer with images, every one ready with its picture loaded. */
async function expectReadyCards(page: Page, count: number, index = 0): Promise<Locator> {
  await expect(page.getByTestId('answer-images')).toHaveCount(index + 1, { timeout: timeLimit(15_000) });
  const answer = page.getByTestId('answer-images').nth(index);
  const last = answer.getByTestId('image-card');
  await expect(last).toHaveCount(count);
  await expect(last.and(page.locator('[data-status="ready"]'))).toHaveCount(count, { timeout: timeLimit(30_000) });
  await expect
    .poll(() =>
      last
        .locator('img')
        .evaluateAll((imgs) => imgs.filter((img) => (img as HTMLImageElement).naturalWidth > 0).length),
    )
    .toBeGreaterThanOrEqual(count);
  return last;
}

async function downloaded(page: Page, link: Locator): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: readFileSync(path) };
}

test('logo maker: a text logo downloaded as SVG and PNG, graphic candidates, a refinement, all in the gallery', async ({
  page,
}) => {
  test.setTimeout(timeLimit(120_000));
  await freeUser(page, 'logos');
  await page.goto('/logo-maker');
  await expect(page.getByText(text('en', 'tools:logoMaker.description'))).toBeVisible();

  // The brand name is required: nothing is sent without it.
  await send(page, 'a logo please');
  await expect(page.getByTestId('logo-brand-error')).toHaveText(text('en', 'validation:required'));
  await expect(page.getByTestId('logo-brand-name')).toBeFocused();
  await expect(page.getByTestId('chat-log')).toHaveCount(0);

  await page.getByTestId('logo-brand-name').fill('Kahve Dünyası');
  await expect(page.getByTestId('logo-brand-error')).toHaveCount(0);
  await page.getByTestId('logo-tagline').fill('İstanbul');
  await page.getByTestId('logo-style').selectOption('vintage');
  await page.getByTestId('logo-palette-earth').click();
  await page.getByTestId('logo-mode-text').click();
  // A name in a script the text-logo fonts do not have is refused before anything is sent.
  await page.getByTestId('logo-brand-name').fill('قهوة');
  await send(page, 'a text logo');
  await expect(page.getByTestId('logo-brand-error')).toHaveText(text('en', 'logo-maker:brief.textScript'));
  await expect(page.getByTestId('chat-log')).toHaveCount(0);
  await page.getByTestId('logo-brand-name').fill('Kahve Dünyası');
  await send(page, `[[fake tool=make_text_logo args=${JSON.stringify({ designs: TEXT_DESIGNS })}]] text logos`);
  const textCards = await expectReadyCards(page, 4);
  await expect(page).toHaveURL(/\/logo-maker\/[A-Za-z0-9_-]+$/);

  const first = textCards.first();
  const svg = await downloaded(page, first.getByTestId('image-card-download-svg'));
  expect(svg.name).toMatch(/^polymath-.+\.svg$/);
  expect(svg.bytes.toString('utf8')).toMatch(/^<svg width="1536" height="1024"/);
  const png = await downloaded(page, first.getByTestId('image-card-download'));
  expect(png.name).toMatch(/^polymath-.+\.png$/);
  const meta = await sharp(png.bytes).metadata();
  expect([meta.width, meta.height, meta.hasAlpha]).toEqual([1536, 1024, true]);
  await first.getByTestId('image-card-preview-dark').click();
  await expect(first.getByTestId('image-card-open').locator('img')).toHaveAttribute('src', /variant=dark/);

  // Graphic candidates in the same thread, then a refinement of the third.
  await page.getByTestId('logo-mode-graphic').click();
  await send(page, '[[fake tool=generate_logo args={"prompt":"a coffee cup made of a crescent"}]] a graphic logo');
  const graphic = await expectReadyCards(page, 4, 1);
  await graphic.nth(2).getByTestId('logo-refine').click();
  await expect(page.getByTestId('logo-refining')).toBeVisible();
  await expect(page.locator('#chat-input')).toBeFocused();
  await send(page, '[[fake tool=generate_logo args={"prompt":"a darker cup"}]] darker please');
  await expectReadyCards(page, 2, 2);
  await expect(page.getByTestId('logo-refining')).toHaveCount(0);

  await page.goto('/gallery?tool=logo-maker');
  await expect(page.getByTestId('gallery-tile')).toHaveCount(10);
});

test('tattoo generator on a phone: a photo with its area, before and after, the stencil, a download, the gallery', async ({
  page,
  problems,
}) => {
  test.setTimeout(timeLimit(120_000));
  await page.setViewportSize({ width: 390, height: 844 });
  await freeUser(page, 'tattoo');
  await page.goto('/tattoo-generator');
  await page.getByTestId('tattoo-placement').selectOption('forearm');
  await page.getByTestId('tattoo-style').selectOption('fine-line');

  // A file that is not a picture is refused with the reason, and nothing is kept.
  allowHttpErrors(problems, 400);
  await page
    .getByTestId('tattoo-photo-input')
    .setInputFiles({ name: 'arm.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a photo') });
  await expect(page.getByTestId('tattoo-photo-error')).toHaveText(
    text('en', 'tattoo-generator:photo.refused.unsupportedType'),
  );
  await expect(page.getByTestId('tattoo-photo')).toHaveCount(0);

  const photo = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#c8a07a' } })
    .jpeg()
    .toBuffer();
  await page
    .getByTestId('tattoo-photo-input')
    .setInputFiles({ name: 'arm.jpg', mimeType: 'image/jpeg', buffer: photo });
  const box = page.getByTestId('tattoo-area-box');
  await expect(box).toBeVisible();
  await expect(page.getByTestId('tattoo-photo-error')).toHaveCount(0);
  const left = await box.evaluate((el) => (el as HTMLElement).style.left);
  await box.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => box.evaluate((el) => (el as HTMLElement).style.left)).not.toBe(left);

  await send(page, '[[fake tool=generate_tattoo args={"design":"a single rose with a long stem"}]] a rose');
  const made = await expectReadyCards(page, 2);
  const placed = made.nth(1);
  const slider = placed.getByTestId('before-after-slider');
  await expect(slider).toBeVisible();
  await expect(placed.getByTestId('before-after-before')).toHaveAttribute('src', /variant=source/);
  await slider.focus();
  await page.keyboard.press('Home');
  await expect(placed.getByTestId('before-after-before')).toHaveAttribute('style', /inset\(0px 100%|inset\(0 100%/);
  await page.keyboard.press('End');
  await expect(placed.getByTestId('before-after-before')).toHaveAttribute('style', /inset\(0px 0%|inset\(0 0%/);
  const file = await downloaded(page, placed.getByTestId('image-card-download'));
  const meta = await sharp(file.bytes).metadata();
  expect([meta.width, meta.height]).toEqual([900, 1200]);
  await expectNoSidewaysOverflow(page, 'tattoo generator on a phone');

  await page.goto('/gallery?tool=tattoo-generator');
  await expect(page.getByTestId('gallery-tile')).toHaveCount(2);
});

test('logo maker and tattoo generator in both themes and languages, on a desktop and a phone @tour', async ({
  page,
  browser,
  problems,
}) => {
  test.setTimeout(timeLimit(180_000));
  mkdirSync(SCREENSHOTS, { recursive: true });
  await freeUser(page, 'logo-shots');
  await page.goto('/logo-maker');
  await page.getByTestId('logo-brand-name').fill('Nimbus');
  await page.getByTestId('logo-palette-ocean').click();
  await page.getByTestId('logo-mode-text').click();
  await send(page, `[[fake tool=make_text_logo args=${JSON.stringify({ designs: TEXT_DESIGNS })}]] text logos`);
  await expectReadyCards(page, 4);
  const logoPath = new URL(page.url()).pathname;
  await page.goto('/tattoo-generator');
  const photo = await sharp({ create: { width: 800, height: 1000, channels: 3, background: '#d2a27e' } })
    .jpeg()
    .toBuffer();
  await page
    .getByTestId('tattoo-photo-input')
    .setInputFiles({ name: 'arm.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByTestId('tattoo-area-box')).toBeVisible();
  await send(page, '[[fake tool=generate_tattoo args={"design":"a wave"}]] a small wave');
  await expectReadyCards(page, 2);
  const tattooPath = new URL(page.url()).pathname;
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
          for (const [name, path, count] of [
            ['logo-maker', logoPath, 4],
            ['tattoo-generator', tattooPath, 2],
          ] as const) {
            await view.goto(path);
            await expectTheme(view, theme);
            await expect(cards(view).and(view.locator('[data-status="ready"]'))).toHaveCount(count, {
              timeout: timeLimit(30_000),
            });
            if (viewport === 'phone') await expectNoSidewaysOverflow(view, `${name} (${theme}, ${locale})`);
            await view.screenshot({ path: resolve(SCREENSHOTS, `${name}-${theme}-${locale}-${viewport}.png`) });
          }
          await view.goto('/logo-maker');
          await expect(view.getByTestId('logo-brief')).toBeVisible();
          await view.screenshot({ path: resolve(SCREENSHOTS, `logo-maker-intro-${theme}-${locale}-${viewport}.png`) });
        });
      }
      await context.close();
    }
  }
});
