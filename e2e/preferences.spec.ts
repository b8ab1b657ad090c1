import { APP_VERSION, expect, expectTheme, STORAGE_KEYS, storageItem, storageKeys, test } from './support/fixtures.ts';
import { t } from './support/i18n.ts';

test.use({ storage: { [STORAGE_KEYS.orientationHintDismissed]: '1' } });

test('the theme toggle switches to dark, survives a reload, and switches back', async ({ page }) => {
  await page.goto('/web-main');
  await expectTheme(page, 'light');
  const toggle = page.getByTestId('theme-toggle');
  await expect(toggle).toHaveAccessibleName(t('en', 'preferences.useDark'));

  await toggle.click();
  await expectTheme(page, 'dark');
  await expect(toggle).toHaveAccessibleName(t('en', 'preferences.useLight'));
  expect(await storageItem(page, STORAGE_KEYS.theme)).toBe('dark');
  // The page really is dark, not only the class.
  const darkBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(darkBackground).toBe('rgb(11, 16, 38)');

  await page.reload();
  await expectTheme(page, 'dark');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.getByTestId('theme-toggle').click();
  await expectTheme(page, 'light');
  expect(await storageItem(page, STORAGE_KEYS.theme)).toBe('light');
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(255, 255, 255)');

  await page.reload();
  await expectTheme(page, 'light');
});

test('the language switcher turns the interface Turkish, and it stays Turkish after a reload', async ({ page }) => {
  await page.goto('/web-main');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const sidebar = page.getByRole('complementary');
  await expect(sidebar.getByText(t('en', 'nav.newChat'))).toBeVisible();

  await page.getByTestId('language-switcher').click();
  await page.getByTestId('locale-tr').click();

  await expect(sidebar.getByText(t('tr', 'nav.newChat'))).toBeVisible();
  await expect(sidebar.getByText(t('en', 'nav.newChat'))).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(t('tr', 'tools:chat.title'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
  expect(await storageItem(page, STORAGE_KEYS.locale)).toBe('tr');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
  await expect(sidebar.getByText(t('tr', 'nav.newChat'))).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(t('tr', 'tools:chat.title'));
  await expect(page.getByRole('textbox', { name: t('tr', 'chat.inputLabel') })).toHaveAttribute(
    'placeholder',
    t('tr', 'chat.placeholder'),
  );

  // And back to English.
  await page.getByTestId('language-switcher').click();
  await page.getByTestId('locale-en').click();
  await expect(sidebar.getByText(t('en', 'nav.newChat'))).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(await storageItem(page, STORAGE_KEYS.locale)).toBe('en');
});

test.describe('a visitor whose storage is from an older app version', () => {
  test.use({
    storage: {
      [STORAGE_KEYS.appVersion]: String(APP_VERSION - 1),
      [STORAGE_KEYS.theme]: 'dark',
      [STORAGE_KEYS.locale]: 'tr',
      'e2e-junk': 'left over by an old version',
    },
  });

  test('gets a clean storage with the current version, and the default light theme', async ({ page }) => {
    await page.goto('/web-main');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(t('en', 'tools:chat.title'));
    await expectTheme(page, 'light');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    expect(await storageItem(page, STORAGE_KEYS.appVersion)).toBe(String(APP_VERSION));
    expect(await storageItem(page, 'e2e-junk')).toBeNull();
    expect(await storageItem(page, STORAGE_KEYS.theme)).toBeNull();
    expect(await storageItem(page, STORAGE_KEYS.locale)).toBeNull();
    // Only what the app itself writes may be there now (the version and its persisted chat slice).
    expect((await storageKeys(page)).filter((k) => k !== 'persist:root')).toEqual([STORAGE_KEYS.appVersion]);

    // Nothing comes back on the next load.
    await page.reload();
    await expectTheme(page, 'light');
    expect(await storageItem(page, 'e2e-junk')).toBeNull();
  });
});
