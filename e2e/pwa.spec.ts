import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, STORAGE_KEYS, test } from './support/fixtures.ts';
import { t } from './support/i18n.ts';
import { expectNoSidewaysOverflow } from './support/layout.ts';
import { timeLimit } from './support/time-limits.ts';

/**
 * The installable app (decision 031): the manifests, the service worker, the offline shell and
 * Chromium's own installability check. These journeys let the service worker run (the rest of the
 * suite blocks it: playwright.config.ts).
 */

const SHOTS = '/tmp/shots-privacy';

test.use({ serviceWorkers: 'allow', storage: { [STORAGE_KEYS.orientationHintDismissed]: '1' } });

/** Waits until a service worker controls the page and has precached the build (it is active then). */
async function controlledBySW(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
    }
    return registration.active?.scriptURL ?? '';
  });
}

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(bytes: Buffer): string {
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

test('the manifests name the app in English and Turkish, with the icons Chromium asks for', async ({ request }) => {
  for (const [path, lang, name] of [
    ['/manifest.webmanifest', 'en', 'Polymath · AI chat and creative tools'],
    ['/manifest-tr.webmanifest', 'tr', 'Polymath · Yapay zekâ sohbeti ve yaratıcı araçlar'],
  ] as const) {
    const res = await request.get(path);
    expect(res.headers()['content-type']).toContain('application/manifest+json');
    const manifest = await res.json();
    expect(manifest).toMatchObject({
      id: '/',
      name,
      short_name: 'Polymath',
      lang,
      start_url: '/web-main',
      scope: '/',
      display: 'standalone',
      theme_color: '#ffffff',
      background_color: '#ffffff',
    });
    const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
    for (const purpose of ['any', 'maskable']) {
      for (const sizes of ['192x192', '512x512']) {
        const icon = icons.find((i) => i.purpose === purpose && i.sizes === sizes && i.type === 'image/png');
        expect(icon, `${purpose} ${sizes}`).toBeDefined();
        const image = await request.get(icon?.src ?? '');
        expect(image.headers()['content-type']).toBe('image/png');
        expect(pngSize(await image.body())).toBe(sizes);
      }
    }
  }
});

test('the service worker registers, Chromium finds the app installable, and the page links its language’s manifest', async ({
  playwright,
  baseURL,
}) => {
  // Chromium never offers to install from an incognito window, which every new Playwright context is:
  // this journey runs in a browser profile of its own.
  const profile = mkdtempSync(join(tmpdir(), 'polymath-pwa-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...test.info().project.use.launchOptions,
    baseURL,
    serviceWorkers: 'allow',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/web-main');
  expect(await controlledBySW(page)).toMatch(/\/sw\.js$/);
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);
  const { url, data } = await cdp.send('Page.getAppManifest');
  expect(url).toMatch(/\/manifest\.webmanifest$/);
  expect(JSON.parse(data ?? '{}')).toMatchObject({ lang: 'en' });

  // In Turkish the page links the Turkish manifest, at load and on switching.
  await page.evaluate((key) => localStorage.setItem(key, 'tr'), STORAGE_KEYS.locale);
  await page.reload();
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest-tr.webmanifest');
  await page.getByTestId('language-switcher').click();
  await page.getByTestId('locale-en').click();
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await context.close();
  rmSync(profile, { recursive: true, force: true });
});

test('with the network off the app shell opens with a clear offline state, and comes back by itself', async ({
  page,
  context,
}) => {
  const apiAnswers: string[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/') && response.fromServiceWorker()) {
      apiAnswers.push(response.url());
    }
  });
  await page.goto('/web-main');
  await controlledBySW(page);

  await context.setOffline(true);
  await page.reload();
  const offline = page.getByTestId('offline-screen');
  await expect(offline).toBeVisible();
  await expect(offline.getByRole('heading', { level: 1 })).toHaveText(t('en', 'offline:title'));
  await expect(page).toHaveURL(/\/web-main$/);
  // A page opened offline never starts the app without its data: no signed-out screen, no error toast.
  await expect(page.getByRole('textbox', { name: t('en', 'chat.inputLabel') })).toHaveCount(0);

  await context.setOffline(false);
  // The screen notices the connection is back and loads the page from the network again.
  await expect(page.getByRole('textbox', { name: t('en', 'chat.inputLabel') })).toBeVisible({
    timeout: timeLimit(15_000),
  });
  await expect(offline).toHaveCount(0);
  expect(await page.evaluate(() => Boolean(document.getElementById('boot-data')))).toBe(true);
  expect(apiAnswers).toEqual([]);
});

test('the offline screen on a desktop in light English and a phone in dark Turkish', async ({ browser }) => {
  mkdirSync(SHOTS, { recursive: true });
  for (const [theme, locale, viewport] of [
    ['light', 'en', { width: 1280, height: 800 }],
    ['dark', 'tr', { width: 390, height: 844 }],
  ] as const) {
    const context = await browser.newContext({ viewport, serviceWorkers: 'allow' });
    await context.addInitScript(
      ([storage]) => {
        for (const [key, value] of Object.entries(storage)) localStorage.setItem(key, value);
      },
      [
        {
          [STORAGE_KEYS.appVersion]: '7',
          [STORAGE_KEYS.orientationHintDismissed]: '1',
          [STORAGE_KEYS.theme]: theme,
          [STORAGE_KEYS.locale]: locale,
        },
      ] as const,
    );
    const page = await context.newPage();
    await page.goto('/gallery');
    await controlledBySW(page);
    await context.setOffline(true);
    await page.reload();
    const offline = page.getByTestId('offline-screen');
    await expect(offline.getByRole('heading', { level: 1 })).toHaveText(t(locale, 'offline:title'));
    await expect(offline.getByRole('button', { name: t(locale, 'offline:retry') })).toBeEnabled();
    if (viewport.width < 500) await expectNoSidewaysOverflow(page, `offline screen (${theme}, ${locale}, phone)`);
    await page.screenshot({
      path: `${SHOTS}/offline-${theme}-${locale}-${viewport.width < 500 ? 'phone' : 'desktop'}.png`,
      animations: 'disabled',
    });
    await context.close();
  }
});
