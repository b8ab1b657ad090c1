import type { Request } from '@playwright/test';
import { expect, STORAGE_KEYS, test } from './support/fixtures.ts';
import { t } from './support/i18n.ts';
import { urlWithPath } from './support/routes.ts';

test.use({ storage: { [STORAGE_KEYS.orientationHintDismissed]: '1' } });

const isPageView = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === '/api/analytics/page-views';

test('every path change sends one first-party page view, answered 204', async ({ page }) => {
  const sent: { path: string; body: Record<string, unknown> }[] = [];
  page.on('request', (request) => {
    if (!isPageView(request)) return;
    const body = request.postDataJSON() as Record<string, unknown>;
    sent.push({ path: String(body.path), body });
  });

  const first = page.waitForResponse((r) => isPageView(r.request()) && r.request().postDataJSON().path === '/web-main');
  await page.goto('/web-main');
  const firstResponse = await first;
  expect(firstResponse.status()).toBe(204);
  expect(firstResponse.request().postDataJSON()).toMatchObject({ path: '/web-main', locale: 'en', theme: 'light' });

  const second = page.waitForResponse(
    (r) => isPageView(r.request()) && r.request().postDataJSON().path === '/image-generator',
  );
  await page
    .getByRole('complementary')
    .getByRole('link', { name: t('en', 'tools:imageGenerator.title') })
    .click();
  await expect(page).toHaveURL(urlWithPath('/image-generator'));
  const secondResponse = await second;
  expect(secondResponse.status()).toBe(204);
  expect(secondResponse.request().postDataJSON()).toMatchObject({ path: '/image-generator', theme: 'light' });

  // Changing the theme is not a path change: no extra event. A third path is.
  await page.getByTestId('theme-toggle').click();
  const third = page.waitForResponse((r) => isPageView(r.request()) && r.request().postDataJSON().path === '/gallery');
  await page
    .getByRole('complementary')
    .getByRole('link', { name: t('en', 'tools:gallery.title') })
    .click();
  const thirdResponse = await third;
  expect(thirdResponse.status()).toBe(204);
  expect(thirdResponse.request().postDataJSON()).toMatchObject({ path: '/gallery', theme: 'dark' });

  await page.waitForLoadState('networkidle');
  expect(sent.map((s) => s.path)).toEqual(['/web-main', '/image-generator', '/gallery']);
});

test('with no tag manager or pixel configured, nothing is requested from another host', async ({ page, baseURL }) => {
  const origin = new URL(baseURL ?? '').origin;
  const foreign: string[] = [];
  const all: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    all.push(url);
    if (url.startsWith('data:') || url.startsWith('blob:')) return;
    if (new URL(url).origin !== origin) foreign.push(`${request.method()} ${url}`);
  });

  // The config the page came with (index.html's boot data): no tags configured.
  await page.goto('/web-main');
  expect(await (await page.request.get('/api/config')).json()).toMatchObject({ gtmId: null, adPixelId: null });
  const pageConfig = await page.evaluate(() => JSON.parse(document.getElementById('boot-data')?.textContent ?? '{}'));
  expect(pageConfig['/api/config']).toMatchObject({ gtmId: null, adPixelId: null });

  for (const path of ['/image-generator', '/gallery', '/payment', '/privacy-policy', '/sign-in', '/settings']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  // Client-side moves and an overlay too.
  await page.getByRole('link', { name: t('en', 'nav.backToChat') }).click();
  await expect(page).toHaveURL(urlWithPath('/web-main'));
  await page.getByTestId('open-whatsapp').click();
  await expect(page.getByTestId('whatsapp-dialog')).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect(all.length).toBeGreaterThan(10); // the recording works
  expect(foreign).toEqual([]);
  expect(await page.evaluate(() => ({ gtm: 'dataLayer' in window, pixel: 'fbq' in window }))).toEqual({
    gtm: false,
    pixel: false,
  });
});
