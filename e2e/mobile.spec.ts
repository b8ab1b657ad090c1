import { expect, STORAGE_KEYS, test } from './support/fixtures.ts';
import { t } from './support/i18n.ts';
import { expectNoSidewaysOverflow } from './support/layout.ts';
import { PUBLIC_ROUTES, SIGNED_IN_ROUTES, urlWithPath } from './support/routes.ts';
import { timeLimit } from './support/time-limits.ts';

test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

// Turkish has the longest texts. (routes.spec.ts checks the same at phone size in every theme and language.)
test.describe('in Turkish', () => {
  test.use({ storage: { [STORAGE_KEYS.locale]: 'tr' } });

  test('no screen overflows sideways on a phone', async ({ page, signIn }) => {
    test.setTimeout(timeLimit(60_000));
    for (const route of [...PUBLIC_ROUTES, ...SIGNED_IN_ROUTES]) {
      if (route === SIGNED_IN_ROUTES[0]) await signIn();
      await test.step(route.path, async () => {
        await page.goto(route.path);
        await expect(page.getByRole('heading', { level: 1 })).toContainText(route.heading('tr'));
        await expectNoSidewaysOverflow(page, route.path);
      });
    }
  });
});

test.describe('the menu drawer', () => {
  test.use({ storage: { [STORAGE_KEYS.orientationHintDismissed]: '1' } });

  test('replaces the sidebar; a tool link in it navigates and closes it', async ({ page }) => {
    await page.goto('/web-main');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(t('en', 'tools:chat.title'));
    // The desktop sidebar is not shown on a phone.
    await expect(page.getByRole('complementary', { name: t('en', 'nav.sidebar') })).toBeHidden();
    await expect(page.getByTestId('sidebar-drawer')).toHaveCount(0);

    const menu = page.getByTestId('open-menu');
    await expect(menu).toHaveAccessibleName(t('en', 'nav.openMenu'));
    await menu.tap();
    const drawer = page.getByTestId('sidebar-drawer');
    await expect(drawer).toBeVisible();
    const box = await drawer.boundingBox();
    expect(box?.x).toBe(0);
    expect(box?.width).toBeLessThanOrEqual(375);

    await drawer.getByRole('link', { name: t('en', 'tools:imageGenerator.title') }).tap();
    await expect(page).toHaveURL(urlWithPath('/image-generator'));
    await expect(page.getByTestId('sidebar-drawer')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(t('en', 'tools:imageGenerator.title'));
  });

  test('Escape closes the drawer and gives focus back to the menu button', async ({ page }) => {
    await page.goto('/web-main');
    await page.getByTestId('open-menu').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('sidebar-drawer')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('sidebar-drawer')).toHaveCount(0);
    await expect(page.getByTestId('open-menu')).toBeFocused({ timeout: timeLimit(2_000) });
  });

  test("the drawer's upgrade card opens the upgrade dialog", async ({ page }) => {
    await page.goto('/logo-maker');
    await page.getByTestId('open-menu').tap();
    await page
      .getByTestId('sidebar-drawer')
      .getByRole('button', { name: t('en', 'upgrade.cta') })
      .tap();
    await expect(page.getByTestId('sidebar-drawer')).toHaveCount(0);
    await expect(page.getByTestId('upgrade-dialog')).toBeVisible();
  });
});
