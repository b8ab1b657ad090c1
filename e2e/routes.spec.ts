import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectTheme, STORAGE_KEYS, test } from './support/fixtures.ts';
import { LOCALES, type Locale, t } from './support/i18n.ts';
import { expectNoSidewaysOverflow } from './support/layout.ts';
import { PUBLIC_ROUTES, type RouteCase, SIGNED_IN_ROUTES, urlWithPath } from './support/routes.ts';
import { timeLimit } from './support/time-limits.ts';
import { inTour } from './support/tours.ts';

/**
 * Every route of the spec renders its own screen, in both themes and both languages, with no page
 * or console error; a screenshot of each is saved for review (e2e/artifacts/screenshots, kept by CI).
 * One page per theme × language × viewport walks all routes: the public ones signed out, then the
 * signed-in ones (settings) as a verified account. A screenshot tour (support/tours.ts): the default
 * run walks light/en on a desktop and dark/tr on a phone, `npm run test:visual` all eight.
 */
const SCREENSHOTS = resolve(import.meta.dirname, 'artifacts/screenshots');
const VIEWPORTS = [
  { name: 'desktop', size: { width: 1280, height: 800 } },
  { name: 'phone', size: { width: 375, height: 812 } },
] as const;

async function expectScreen(page: Page, route: RouteCase, locale: Locale, theme: 'light' | 'dark') {
  await page.goto(route.path);
  await expect(page).toHaveURL(urlWithPath(route.finalPath ?? route.path));
  const h1 = page.getByRole('heading', { level: 1 });
  await expect(h1).toHaveCount(1);
  await expect(h1).toBeVisible();
  await expect(h1).toContainText(route.heading(locale));
  if (route.detail) await expect(page.getByText(route.detail(locale), { exact: true }).first()).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  await expectTheme(page, theme);
  await expect(page.getByTestId('loading-fixed')).toHaveCount(0);
}

for (const theme of ['light', 'dark'] as const) {
  for (const locale of LOCALES) {
    if (!inTour(theme, locale)) continue;
    test.describe(`${theme} theme, ${locale}`, () => {
      test.use({
        storage: {
          [STORAGE_KEYS.theme]: theme,
          [STORAGE_KEYS.locale]: locale,
          // Screenshots show the screens themselves; the hint has its own test (overlays.spec.ts).
          [STORAGE_KEYS.orientationHintDismissed]: '1',
        },
      });

      for (const viewport of VIEWPORTS) {
        if (!inTour(theme, locale, viewport.name)) continue;
        test(`every route renders its screen (${viewport.name}) @tour`, async ({ page, signIn }) => {
          test.setTimeout(timeLimit(90_000));
          mkdirSync(SCREENSHOTS, { recursive: true });
          await page.setViewportSize(viewport.size);
          for (const [signedIn, routes] of [
            [false, PUBLIC_ROUTES],
            [true, SIGNED_IN_ROUTES],
          ] as const) {
            if (signedIn) await signIn();
            for (const route of routes) {
              await test.step(`${route.path}${signedIn ? ' (signed in)' : ''}`, async () => {
                await expectScreen(page, route, locale, theme);
                if (viewport.name === 'phone') await expectNoSidewaysOverflow(page, route.path);
                await page.screenshot({
                  path: resolve(SCREENSHOTS, `${route.slug}-${theme}-${locale}-${viewport.name}.png`),
                  fullPage: true,
                  animations: 'disabled',
                });
              });
            }
          }
        });
      }
    });
  }
}

test('the horoscope type in the path is the selected one; an unknown one shows the types', async ({ page }) => {
  await page.goto('/horoscope/love');
  await expect(page.getByTestId('horoscope-type')).toHaveValue('love');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('en', 'horoscope:types.love.title'));
  await page.goto('/horoscope/tarot');
  await expect(page.getByTestId('horoscope-unknown-type')).toHaveText(
    t('en', 'horoscope:typesNotice', { type: 'tarot' }),
  );
  await expect(page.getByRole('navigation', { name: t('en', 'tools:horoscope.typesLabel') })).toBeVisible();
  await expect(page.getByTestId('horoscope-type')).toHaveValue('');
});
