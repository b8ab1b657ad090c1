import type { Page, Request } from '@playwright/test';
import { expect, STORAGE_KEYS, storageItem, test } from './support/fixtures.ts';
import { t } from './support/i18n.ts';
import { urlWithPath } from './support/routes.ts';

/** Script chunks the page has requested so far (their URLs). */
function recordScripts(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request: Request) => {
    if (request.resourceType() === 'script') urls.push(request.url());
  });
  return urls;
}

test.describe('orientation hint', () => {
  test('shows until "Got It" is pressed, then stays hidden after a reload', async ({ page }) => {
    await page.goto('/web-main');
    const hint = page.getByTestId('orientation-hint');
    await expect(hint).toBeVisible();
    await expect(hint.getByRole('heading')).toHaveText(t('en', 'hint.title'));
    await expect(hint).toContainText(t('en', 'hint.text'));

    await hint.getByRole('button', { name: 'Got It' }).click();
    await expect(hint).toHaveCount(0);
    expect(await storageItem(page, STORAGE_KEYS.orientationHintDismissed)).toBe('1');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('orientation-hint')).toHaveCount(0);
    // Not on other screens either.
    await page.goto('/payment');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('orientation-hint')).toHaveCount(0);
  });
});

test.describe('dialogs', () => {
  test.use({ storage: { [STORAGE_KEYS.orientationHintDismissed]: '1' } });

  test('sending while signed out asks to sign in and keeps the draft, also across a reload', async ({ page }) => {
    const draft = 'Plan a weekend in Izmir for two';
    await page.goto('/web-main');
    const input = page.locator('#chat-input');
    await expect(input).toHaveAccessibleName(t('en', 'chat.inputLabel'));
    await expect(page.getByTestId('send-message')).toBeDisabled();

    await input.fill(draft);
    await expect(page.getByTestId('send-message')).toBeEnabled();
    await input.press('Enter');

    const dialog = page.getByTestId('auth-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: t('en', 'auth.signInTitle') })).toBeVisible();
    await expect(dialog.getByLabel(t('en', 'auth.email'))).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveAccessibleName(t('en', 'auth.signInTitle'));

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(input).toHaveValue(draft);

    // The chat slice is persisted (redux-persist writes asynchronously): wait until it is stored.
    await expect.poll(() => storageItem(page, 'persist:root')).toContain(draft);
    await page.reload();
    await expect(page.locator('#chat-input')).toHaveValue(draft);

    // Enter on the reloaded page asks again, at the sign-in step.
    await page.locator('#chat-input').press('Enter');
    await expect(
      page.getByTestId('auth-dialog').getByRole('heading', { name: t('en', 'auth.signInTitle') }),
    ).toBeVisible();
  });

  test('the auth dialog moves between its steps and reopens at sign-in', async ({ page }) => {
    await page.goto('/web-main');
    await page
      .getByRole('complementary')
      .getByRole('button', { name: t('en', 'auth.signIn') })
      .click();
    const dialog = page.getByTestId('auth-dialog');
    await expect(dialog.getByRole('heading', { name: t('en', 'auth.signInTitle') })).toBeVisible();

    await dialog.getByRole('button', { name: t('en', 'auth.signUp') }).click();
    await expect(dialog.getByRole('heading', { name: t('en', 'auth.signUpTitle') })).toBeVisible();
    await expect(dialog.getByLabel(t('en', 'auth.confirmPassword'))).toBeVisible();

    await dialog.getByRole('button', { name: t('en', 'actions.close') }).click();
    await expect(dialog).toHaveCount(0);
    await page
      .getByRole('complementary')
      .getByRole('button', { name: t('en', 'auth.signIn') })
      .click();
    await expect(
      page.getByTestId('auth-dialog').getByRole('heading', { name: t('en', 'auth.signInTitle') }),
    ).toBeVisible();
  });

  test('WhatsApp: its code loads when first opened; a visitor is asked to sign in', async ({ page }) => {
    const scripts = recordScripts(page);
    await page.goto('/web-main');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts.some((url) => url.includes('/assets/'))).toBe(true); // the recording works
    expect(scripts.filter((url) => url.includes('whatsapp-dialog'))).toEqual([]);

    await page.getByTestId('open-whatsapp').click();
    const dialog = page.getByTestId('whatsapp-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: t('en', 'whatsapp:title') })).toBeVisible();
    expect(scripts.filter((url) => url.includes('whatsapp-dialog'))).toHaveLength(1);

    await expect(dialog).toContainText(t('en', 'whatsapp:signIn.text'));
    await dialog.getByRole('button', { name: t('en', 'whatsapp:signIn.action') }).click();
    await expect(dialog).toHaveCount(0);
    const auth = page.getByTestId('auth-dialog');
    await expect(auth).toBeVisible();
    await expect(auth.getByRole('heading', { name: t('en', 'auth.signInTitle') })).toBeVisible();
  });

  test('"See what Pro gives" opens the upgrade dialog, whose "See plans" leads to /payment', async ({
    page,
    account,
  }) => {
    const scripts = recordScripts(page);
    await page.goto('/web-main');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((url) => url.includes('upgrade-to-pro-dialog'))).toEqual([]);

    await page
      .getByRole('complementary')
      .getByRole('button', { name: t('en', 'upgrade.cta') })
      .click();
    const dialog = page.getByTestId('upgrade-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: t('en', 'pro.upgradeTitle') })).toBeVisible();
    await expect(dialog).toContainText(t('en', 'pro.benefits.whatsapp'));
    expect(scripts.filter((url) => url.includes('upgrade-to-pro-dialog'))).toHaveLength(1);

    const seePlans = dialog.getByRole('link', { name: t('en', 'pro.seePlans') });
    await expect(seePlans).toHaveAttribute('href', '/payment');
    await seePlans.click();
    await expect(page.getByTestId('upgrade-dialog')).toHaveCount(0);
    // The plans are public: a signed-out visitor sees them and is asked to sign in at checkout.
    await expect(page).toHaveURL(urlWithPath('/payment'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('en', 'payment.title'));
    await expect(
      page.getByRole('radiogroup', { name: t('en', 'billing.choosePeriod') }).getByRole('radio'),
    ).toHaveCount(4);
    await page.getByTestId('checkout-button').click();
    const auth = page.getByTestId('auth-dialog');
    await expect(auth.getByRole('heading', { name: t('en', 'auth.signInTitle') })).toBeVisible();
    await auth.getByLabel(t('en', 'auth.email'), { exact: true }).fill(account.user.email);
    await auth.getByLabel(t('en', 'auth.password'), { exact: true }).fill(account.user.password);
    await auth.getByRole('button', { name: t('en', 'auth.signIn'), exact: true }).click();
    await expect(auth).toHaveCount(0);
    // Still on the plans, now signed in.
    await expect(page).toHaveURL(urlWithPath('/payment'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('en', 'payment.title'));
    await expect(page.getByText(t('en', 'billing.signInFirst'), { exact: false })).toHaveCount(0);
  });

  test('a signed-in free user\'s "See plans" goes straight to /payment', async ({ page, signIn }) => {
    await signIn();
    await page.goto('/web-main');
    await page
      .getByRole('complementary')
      .getByRole('button', { name: t('en', 'upgrade.cta') })
      .click();
    await page
      .getByTestId('upgrade-dialog')
      .getByRole('link', { name: t('en', 'pro.seePlans') })
      .click();
    await expect(page).toHaveURL(urlWithPath('/payment'));
    await expect(page.getByTestId('upgrade-dialog')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('en', 'payment.title'));
  });
});
