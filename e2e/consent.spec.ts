import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page, Request } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe.ts';
import { expect, STORAGE_KEYS, test } from './support/fixtures.ts';
import { t } from './support/i18n.ts';
import { expectNoSidewaysOverflow } from './support/layout.ts';
import { timeLimit } from './support/time-limits.ts';

/**
 * Consent before tracking (decision 030), in Chromium with its request log. The server of the browser
 * tests has no tags configured, so each page is given what a server with GTM_ID and AD_PIXEL_ID sends:
 * the ids in the page's config (boot data) and the two hosts in its CSP (as securityHeaders adds them,
 * test/security-headers.test.ts). The vendors' hosts are answered here by small stand-ins that set a
 * cookie each, as their scripts do, so a load is seen both in the request log and in the cookie jar.
 */

const SHOTS = '/tmp/shots-privacy';
const GTM_ID = 'GTM-E2ETEST';
const PIXEL_ID = '123456789012345';
const VENDOR_HOSTS = ['www.googletagmanager.com', 'connect.facebook.net', 'www.facebook.com'];
const TRACKING_COOKIES = /^(_ga|_fbp)$/;

test.use({ storage: { [STORAGE_KEYS.orientationHintDismissed]: '1' } });

/** Pages as a server with both ids configured serves them, and the vendors' stand-ins. */
async function configureTags(context: BrowserContext): Promise<void> {
  await context.route('**/*', async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    if (url.hostname === 'www.googletagmanager.com') {
      return route.fulfill({
        contentType: 'text/javascript',
        body: "document.cookie = '_ga=GA1.1.e2e; path=/'; window.__gtmLoaded = true;",
      });
    }
    if (url.hostname === 'connect.facebook.net') {
      // What fbevents.js does first: take over calls (callMethod) and run the queued ones.
      return route.fulfill({
        contentType: 'text/javascript',
        body:
          "document.cookie = '_fbp=fb.1.e2e; path=/'; window.__fbCalls = [];" +
          'fbq.callMethod = function () { window.__fbCalls.push(Array.from(arguments)); };' +
          'fbq.queue.forEach(function (args) { fbq.callMethod.apply(fbq, args); });',
      });
    }
    if (url.hostname === 'www.facebook.com') return route.fulfill({ status: 204 });
    if (request.resourceType() !== 'document') return route.continue();
    // A kept-alive connection the server closes just as it is reused resets; a browser sends again, so does this.
    const response = await route.fetch({ maxRetries: 2 });
    const html = (await response.text())
      .replace('"gtmId":null', `"gtmId":"${GTM_ID}"`)
      .replace('"adPixelId":null', `"adPixelId":"${PIXEL_ID}"`);
    const headers = response.headers();
    headers['content-security-policy'] = (headers['content-security-policy'] ?? '')
      .replace("script-src 'self'", "script-src 'self' https://www.googletagmanager.com https://connect.facebook.net")
      .replace("connect-src 'self'", "connect-src 'self' https://www.facebook.com https://*.google-analytics.com")
      .replace("img-src 'self'", "img-src 'self' https://www.facebook.com https://www.googletagmanager.com");
    await route.fulfill({ response, body: html, headers });
  });
}

/** Every request this context sends to the vendors' hosts. */
function vendorRequests(context: BrowserContext): string[] {
  const seen: string[] = [];
  context.on('request', (request: Request) => {
    if (VENDOR_HOSTS.includes(new URL(request.url()).hostname)) seen.push(request.url());
  });
  return seen;
}

async function trackingCookies(context: BrowserContext): Promise<string[]> {
  return (await context.cookies()).map((c) => c.name).filter((name) => TRACKING_COOKIES.test(name));
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
}

test('nothing loads from the tag manager or the pixel before Accept, nor after Reject; the answer survives a reload', async ({
  page,
  context,
}) => {
  await configureTags(context);
  const requests = vendorRequests(context);

  await page.goto('/web-main');
  const banner = page.getByTestId('consent-banner');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Google Tag Manager and Meta Pixel');
  await expect(banner.getByRole('link', { name: t('en', 'privacy:consent.policyLink') })).toHaveAttribute(
    'href',
    '/privacy-policy',
  );
  // The page's config did name both tools (the rewrite worked), and the app is usable meanwhile.
  expect(
    await page.evaluate(() => JSON.parse(document.getElementById('boot-data')?.textContent ?? '{}')),
  ).toMatchObject({ '/api/config': { gtmId: GTM_ID, adPixelId: PIXEL_ID } });
  await page
    .getByRole('link', { name: t('en', 'legal.privacy') })
    .first()
    .click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect(banner).toBeVisible();
  await settle(page);
  expect(requests).toEqual([]);
  expect(await trackingCookies(context)).toEqual([]);
  expect(await page.evaluate(() => ({ gtm: 'dataLayer' in window, pixel: 'fbq' in window }))).toEqual({
    gtm: false,
    pixel: false,
  });

  // Reject and Accept are the same kind of button, side by side.
  const reject = banner.getByRole('button', { name: t('en', 'privacy:consent.reject') });
  const accept = banner.getByRole('button', { name: t('en', 'privacy:consent.accept') });
  expect(await reject.getAttribute('class')).toBe(await accept.getAttribute('class'));
  await reject.click();
  await expect(banner).toBeHidden();

  await page.reload();
  await page.goto('/web-main');
  await settle(page);
  await expect(page.getByTestId('consent-banner')).toBeHidden();
  expect(requests).toEqual([]);
  expect(await trackingCookies(context)).toEqual([]);
  // The policy page shows the answer and lets the person change it.
  await page.goto('/privacy-policy');
  await expect(page.getByTestId('consent-choice-state')).toHaveText(t('en', 'privacy:choice.current.rejected'));
  await settle(page);
  expect(requests).toEqual([]);
});

test("after Accept both load with the vendors' own snippets, again after a reload; a later Reject removes their cookies", async ({
  page,
  context,
}) => {
  await configureTags(context);
  const requests = vendorRequests(context);

  await page.goto('/web-main');
  await page.getByTestId('consent-accept').click();
  await expect(page.getByTestId('consent-banner')).toBeHidden();
  await expect.poll(() => requests.length).toBe(2);
  expect(requests.sort()).toEqual([
    'https://connect.facebook.net/en_US/fbevents.js',
    `https://www.googletagmanager.com/gtm.js?id=${GTM_ID}`,
  ]);
  await expect.poll(async () => (await trackingCookies(context)).sort()).toEqual(['_fbp', '_ga']);
  // Meta's base code queued init and PageView until fbevents.js took over; later calls go straight to it.
  expect(await page.evaluate(() => (window as unknown as { __fbCalls: unknown[] }).__fbCalls)).toEqual([
    ['init', PIXEL_ID],
    ['track', 'PageView'],
  ]);
  expect(
    await page.evaluate(() => (window as unknown as { dataLayer: { event?: string }[] }).dataLayer[0]?.event),
  ).toBe('gtm.js');

  await page.reload();
  await expect.poll(() => requests.length).toBe(4);
  await expect(page.getByTestId('consent-banner')).toBeHidden();

  // Changed on the privacy policy page: the cookies go and the page comes back without the tags.
  await page.goto('/privacy-policy');
  await expect.poll(() => requests.length).toBe(6);
  const choice = page.getByTestId('policy-tracking-choice');
  await expect(choice.getByTestId('consent-choice-state')).toHaveText(t('en', 'privacy:choice.current.accepted'));
  const reloaded = page.waitForEvent('load');
  await choice.getByTestId('consent-choice-reject').click();
  await reloaded;
  await expect(choice.getByTestId('consent-choice-state')).toHaveText(t('en', 'privacy:choice.current.rejected'));
  await settle(page);
  expect(requests).toHaveLength(6);
  expect(await trackingCookies(context)).toEqual([]);
  expect(await page.evaluate(() => 'fbq' in window || 'dataLayer' in window)).toBe(false);
});

test('Settings → Account shows the answer and changes it', async ({ page, context, signIn }) => {
  await configureTags(context);
  const requests = vendorRequests(context);
  await signIn();
  await page.goto('/settings/account');
  await page.getByTestId('consent-reject').click();
  const choice = page.getByTestId('consent-choice');
  await expect(choice.getByTestId('consent-choice-state')).toHaveText(t('en', 'privacy:choice.current.rejected'));
  await expect(choice.getByTestId('consent-choice-reject')).toHaveAttribute('aria-pressed', 'true');
  await choice.getByTestId('consent-choice-accept').click();
  await expect(choice.getByTestId('consent-choice-state')).toHaveText(t('en', 'privacy:choice.current.accepted'));
  await expect.poll(() => requests.length).toBe(2);
});

test('the banner on a desktop in light English and a phone in dark Turkish', async ({ browser }) => {
  // Two fresh contexts, each with screenshots and an axe scan: past 30 s on a busy machine.
  test.setTimeout(timeLimit(90_000));
  mkdirSync(SHOTS, { recursive: true });
  for (const [theme, locale, viewport] of [
    ['light', 'en', { width: 1280, height: 800 }],
    ['dark', 'tr', { width: 390, height: 844 }],
  ] as const) {
    const context = await browser.newContext({ viewport, serviceWorkers: 'block' });
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
    await page.goto('/web-main');
    await configureTags(context);
    await page.reload();
    const banner = page.getByTestId('consent-banner');
    await expect(banner).toContainText(t(locale, 'privacy:consent.title'));
    await expect(banner.getByRole('button', { name: t(locale, 'privacy:consent.accept') })).toBeVisible();
    if (viewport.width < 500) await expectNoSidewaysOverflow(page, `consent banner (${theme}, ${locale}, phone)`);
    await expectNoSeriousViolations(page, `the banner (${theme}, ${locale})`);
    // Keyboard: the banner's buttons are reachable and pressable like any other.
    await banner.getByRole('button', { name: t(locale, 'privacy:consent.reject') }).focus();
    await page.screenshot({
      path: `${SHOTS}/consent-banner-${theme}-${locale}-${viewport.width < 500 ? 'phone' : 'desktop'}.png`,
      animations: 'disabled',
    });
    await page.goto('/privacy-policy');
    await page.getByTestId('policy-tracking-choice').scrollIntoViewIfNeeded();
    await expectNoSeriousViolations(page, `the policy's choice (${theme}, ${locale})`);
    await page.screenshot({
      path: `${SHOTS}/consent-policy-${theme}-${locale}-${viewport.width < 500 ? 'phone' : 'desktop'}.png`,
      animations: 'disabled',
    });
    await context.close();
  }
});
