import { expect, STORAGE_KEYS, test } from './support/fixtures.ts';
import { t } from './support/i18n.ts';
import { SIDEBAR_TOOLS, urlWithPath } from './support/routes.ts';

test('"/" replaces itself with /web-main, so Back skips it', async ({ page }) => {
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/');
  await expect(page).toHaveURL(urlWithPath('/web-main'));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(t('en', 'tools:chat.title'));

  await page.goBack();
  await expect(page).toHaveURL(urlWithPath('/privacy-policy'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('an unknown path shows the not-found page with status 404, and it leads back to the chat', async ({
  page,
  problems,
}) => {
  // The server answers unknown paths with 404 + the app; Chromium logs that status once.
  problems.allow(/^Failed to load resource: the server responded with a status of 404/);
  const response = await page.goto('/definitely-not-here');
  expect(response?.status()).toBe(404);

  const notFound = page.getByTestId('not-found');
  await expect(notFound).toBeVisible();
  await expect(notFound.getByRole('heading', { level: 1 })).toHaveText(t('en', 'notFound.title'));
  await expect(notFound).toContainText('Page not found');

  await notFound.getByRole('link', { name: t('en', 'notFound.home') }).click();
  await expect(page).toHaveURL(urlWithPath('/web-main'));
  await expect(page.getByTestId('not-found')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(t('en', 'tools:chat.title'));
});

test('the sidebar moves between the tools', async ({ page }) => {
  await page.goto('/web-main');
  const tools = page.getByRole('complementary').getByRole('navigation', { name: t('en', 'nav.tools') });
  await expect(tools).toBeVisible();

  await tools.getByRole('link', { name: 'Image Generator' }).click();
  await expect(page).toHaveURL(urlWithPath('/image-generator'));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Image Generator');

  // Every other tool link, in the sidebar's order, lands on its screen and marks itself current.
  for (const tool of SIDEBAR_TOOLS) {
    const name = t('en', tool.key);
    const link = tools.getByRole('link', { name });
    await link.click();
    await expect(page).toHaveURL(urlWithPath(tool.path));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
    await expect(link).toHaveAttribute('aria-current', 'page');
  }
});

test('the "New chat" link of the sidebar', async ({ page }) => {
  await page.goto('/logo-maker');
  await page
    .getByRole('complementary')
    .getByRole('link', { name: t('en', 'nav.newChat') })
    .click();
  await expect(page).toHaveURL(urlWithPath('/web-main'));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(t('en', 'tools:chat.title'));
});

test.describe('signed-in screens', () => {
  test.use({ storage: { [STORAGE_KEYS.orientationHintDismissed]: '1' } });

  test('a signed-out visitor is sent to sign in, and back to where they were going afterwards', async ({
    page,
    account,
  }) => {
    await page.goto('/web-main');
    await page
      .getByRole('complementary')
      .getByRole('link', { name: t('en', 'nav.settings') })
      .click();
    await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fsettings$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('en', 'auth.signInTitle'));

    const main = page.getByRole('main');
    await main.getByLabel(t('en', 'auth.email'), { exact: true }).fill(account.user.email);
    await main.getByLabel(t('en', 'auth.password'), { exact: true }).fill(account.user.password);
    await main.getByRole('button', { name: t('en', 'auth.signIn'), exact: true }).click();

    await expect(page).toHaveURL(urlWithPath('/settings/account'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('en', 'settings.title'));
    // Back goes to the chat, not to the sign-in form (the redirect replaced it).
    await page.goBack();
    await expect(page).toHaveURL(urlWithPath('/web-main'));
  });

  test('the settings tabs switch the tab shown', async ({ page, signIn }) => {
    await signIn();
    await page.goto('/settings');
    await expect(page).toHaveURL(urlWithPath('/settings/account'));
    const tabs = page.getByRole('navigation', { name: t('en', 'settings.title') });

    await tabs.getByRole('link', { name: t('en', 'settings.myPlan') }).click();
    await expect(page).toHaveURL(urlWithPath('/settings/my-plan'));
    await expect(page.getByTestId('current-plan')).toHaveText(t('en', 'payment.freeTitle'));

    await tabs.getByRole('link', { name: t('en', 'settings.loginConnections') }).click();
    await expect(page).toHaveURL(urlWithPath('/settings/login-connections'));
    await expect(page.getByText(t('en', 'settings.connectionsHelp'))).toBeVisible();

    await page.getByRole('link', { name: t('en', 'nav.backToChat') }).click();
    await expect(page).toHaveURL(urlWithPath('/web-main'));
  });

  test('a signed-in visitor opening the sign-in page goes on to the chat', async ({ page, signIn }) => {
    await signIn();
    await page.goto('/sign-in');
    await expect(page).toHaveURL(urlWithPath('/web-main'));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(t('en', 'tools:chat.title'));
  });
});

test('on a short desktop window the sidebar keeps its controls whole and reachable', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 540 });
  await page.goto('/web-main');
  const sidebar = page.getByRole('complementary');
  const newChat = await sidebar.getByRole('link', { name: t('en', 'nav.newChat') }).boundingBox();
  expect(newChat?.height ?? 0, '"New chat" keeps its height').toBeGreaterThanOrEqual(40);
  const reachable = await sidebar.evaluate((aside) => {
    const last = Array.from(aside.querySelectorAll('button, a')).at(-1);
    const scrolls = ['auto', 'scroll'].includes(getComputedStyle(aside).overflowY);
    return Boolean(last && (last.getBoundingClientRect().bottom <= window.innerHeight || scrolls));
  });
  expect(reachable, 'the last sidebar control is on screen or the sidebar scrolls').toBe(true);
});
