import type { Page } from '@playwright/test';
import { newTestUser, signUp, verifyEmail } from './support/accounts.ts';
import { describeSerious, scanPage } from './support/axe.ts';
import { chatInput, lastAnswer, messages, uniqueWord } from './support/chat.ts';
import { expect, STORAGE_KEYS, test } from './support/fixtures.ts';
import { type Locale, t } from './support/i18n.ts';
import { focusPath, outOfVisualOrder, tabTo } from './support/keyboard.ts';
import { PUBLIC_ROUTES, type RouteCase, SIGNED_IN_ROUTES } from './support/routes.ts';
import { timeLimit } from './support/time-limits.ts';

/**
 * axe-core on every route, in both themes: no violation of impact "serious" or "critical"
 * (contrast, names, labels, ARIA misuse, and WCAG 2.5.3: a control's name holds its visible text).
 * The failure message lists each violation and its elements. Then the keyboard: skip links, the focus
 * order against the page as drawn, and a journey from sign-in to a sent message without the mouse.
 */
/**
 * WCAG 2.5.3, label in name: a person using voice control says what they see. axe checks it with
 * this rule, asked for by name so that it runs whatever axe's defaults become (it was experimental).
 */
const LABEL_IN_NAME = 'label-content-name-mismatch';

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await scanPage(page, { [LABEL_IN_NAME]: { enabled: true } });
  const ran = [...results.passes, ...results.violations, ...results.incomplete, ...results.inapplicable];
  expect(
    ran.map((r) => r.id),
    `axe ran ${LABEL_IN_NAME} (WCAG 2.5.3)`,
  ).toContain(LABEL_IN_NAME);
  return describeSerious(results);
}

async function expectNoSeriousViolations(page: Page, where: string): Promise<void> {
  const described = await seriousViolations(page);
  expect(described, `${where}: accessibility violations\n\n${described.join('\n\n')}`).toEqual([]);
}

/** Scans each route in one page; every route is checked and reported, then the test fails if any had one. */
async function scanRoutes(page: Page, routes: RouteCase[], theme: string): Promise<void> {
  for (const route of routes) {
    await test.step(route.path, async () => {
      await page.goto(route.path);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(route.heading('en'));
      const described = await seriousViolations(page);
      expect
        .soft(described, `${route.path} (${theme}): accessibility violations\n\n${described.join('\n\n')}`)
        .toEqual([]);
    });
  }
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ storage: { [STORAGE_KEYS.theme]: theme } });

    test('the public routes have no serious accessibility violation', async ({ page }) => {
      // Every public route loaded and scanned by axe: 75 s and more beside the unit tests on a loaded
      // 2-core machine, where 90 s was missed once.
      test.setTimeout(timeLimit(180_000));
      await scanRoutes(page, PUBLIC_ROUTES, theme);
    });

    test('the signed-in routes have no serious accessibility violation', async ({ page, signIn }) => {
      test.setTimeout(timeLimit(60_000));
      await signIn();
      await scanRoutes(page, SIGNED_IN_ROUTES, theme);
    });

    test('the open dialogs have no serious accessibility violation', async ({ page }) => {
      await page.goto('/web-main');
      await page.getByTestId('orientation-hint').getByRole('button').click();

      await page.getByTestId('open-whatsapp').click();
      await expect(page.getByTestId('whatsapp-dialog')).toBeVisible();
      await expect(
        page.getByTestId('whatsapp-dialog').getByRole('button', { name: t('en', 'whatsapp:signIn.action') }),
      ).toBeVisible();
      await expectNoSeriousViolations(page, `WhatsApp dialog (${theme})`);
      await page.keyboard.press('Escape');

      await page
        .getByRole('complementary')
        .getByRole('button', { name: t('en', 'upgrade.cta') })
        .click();
      await expect(page.getByTestId('upgrade-dialog')).toBeVisible();
      await expectNoSeriousViolations(page, `upgrade dialog (${theme})`);
      await page.keyboard.press('Escape');

      await page.locator('#chat-input').fill('Hello');
      await page.locator('#chat-input').press('Enter');
      await expect(page.getByTestId('auth-dialog')).toBeVisible();
      await page
        .getByTestId('auth-dialog')
        .getByRole('button', { name: t('en', 'auth.signIn'), exact: true })
        .click();
      await expect(page.getByTestId('auth-dialog').getByRole('alert').first()).toBeVisible();
      await expectNoSeriousViolations(page, `auth dialog with errors (${theme})`);
    });
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  for (const path of ['/web-main', '/settings/account', '/sign-up']) {
    test(`${path} has no serious accessibility violation`, async ({ page, signIn }) => {
      if (path.startsWith('/settings')) await signIn();
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousViolations(page, `${path} (phone)`);
      if (path === '/web-main') {
        await page.getByTestId('open-menu').tap();
        await expect(page.getByTestId('sidebar-drawer')).toBeVisible();
        await expectNoSeriousViolations(page, `${path} menu drawer (phone)`);
      }
    });
  }
});

test.describe('with the keyboard', () => {
  // The orientation hint floats over the page until dismissed; these pages are the ones a person sees after.
  test.use({ storage: { [STORAGE_KEYS.orientationHintDismissed]: '1' } });

  const views = [
    { view: 'desktop, light, en', viewport: { width: 1280, height: 800 }, theme: 'light', locale: 'en' },
    { view: 'phone, dark, tr', viewport: { width: 375, height: 812 }, theme: 'dark', locale: 'tr' },
  ] as const;
  for (const { view, viewport, theme, locale } of views) {
    test.describe(view, () => {
      test.use({
        viewport,
        storage: {
          [STORAGE_KEYS.orientationHintDismissed]: '1',
          [STORAGE_KEYS.theme]: theme,
          [STORAGE_KEYS.locale]: locale,
        },
      });

      test('from the top of a chat page, a skip link shown on focus reaches the message box, another the main content', async ({
        page,
        signIn,
      }) => {
        await signIn();
        await page.goto('/web-main');
        await expect(chatInput(page)).toBeVisible();

        const toMessageBox = page.getByRole('link', { name: t(locale, 'skip.toMessageBox') });
        await expect(toMessageBox).not.toBeInViewport();
        expect(await tabTo(page, toMessageBox, 3)).toBe(1);
        await expect(toMessageBox).toBeInViewport();
        await page.keyboard.press('Enter');
        await expect(chatInput(page)).toBeFocused();

        await page.goto('/web-main');
        await expect(chatInput(page)).toBeVisible();
        const toMain = page.getByRole('link', { name: t(locale, 'skip.toMain') });
        expect(await tabTo(page, toMain, 3)).toBe(2);
        await expect(toMain).toBeInViewport();
        await page.keyboard.press('Enter');
        await expect(page.getByRole('main')).toBeFocused();
        // On from there: the content's first control, not the header's.
        await page.keyboard.press('Tab');
        await expect(page.getByRole('main').locator(':focus')).toHaveCount(1);
      });

      test('Tab goes through a chat page in the order it is drawn', async ({ page, signIn }) => {
        await signIn();
        await page.goto('/web-main');
        await expect(chatInput(page)).toBeVisible();
        const stops = await focusPath(page, chatInput(page), 60);
        expect(
          stops.every((stop) => stop.visible),
          JSON.stringify(stops, null, 1),
        ).toBe(true);
        expect(outOfVisualOrder(stops), JSON.stringify(stops, null, 1)).toEqual([]);
      });
    });
  }

  test('a journey from sign-in to a sent message, without the mouse', async ({ page }) => {
    const locale: Locale = 'en';
    const user = newTestUser('keyboard');
    await signUp(page.request, user);
    await verifyEmail(page.request, user);
    await page.goto('/sign-in');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(locale, 'auth.signInTitle'));

    await tabTo(page, page.getByLabel(t(locale, 'auth.email')), 12);
    await page.keyboard.type(user.email);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel(t(locale, 'auth.password'))).toBeFocused();
    await page.keyboard.type(user.password);
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/web-main$/);
    await expect(page.getByRole('complementary').getByRole('link', { name: user.name })).toBeVisible();
    await expect(chatInput(page)).toBeVisible();
    await tabTo(page, page.getByRole('link', { name: t(locale, 'skip.toMessageBox') }), 3);
    await page.keyboard.press('Enter');
    await expect(chatInput(page)).toBeFocused();
    const text = `Typed without a mouse ${uniqueWord()}`;
    await page.keyboard.type(text);
    await page.keyboard.press('Enter');

    await expect(messages(page, 'user').last()).toContainText(text);
    await expect(lastAnswer(page)).toContainText('Hello from gpt-4o-mini');
    await expect(page).toHaveURL(/\/web-main\/[\w-]+$/);
  });
});
