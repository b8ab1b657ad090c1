import { createSignedInUser } from './support/accounts.ts';
import { expect, test, visitorAddress } from './support/fixtures.ts';
import { t } from './support/i18n.ts';
import { readServerState } from './support/server-state.ts';

/**
 * Spec §4: chat and user actions sync across browser tabs. Two pages of one context are two tabs
 * of one browser: they share cookies, localStorage and BroadcastChannel.
 */
test('sign-in, sign-out and drafts follow from one tab to the other', async ({ context, playwright }) => {
  const request = await playwright.request.newContext({
    baseURL: readServerState().baseUrl,
    extraHTTPHeaders: { 'x-forwarded-for': visitorAddress() },
  });
  const user = await createSignedInUser(request, 'tabs');
  await request.dispose();

  const a = await context.newPage();
  const b = await context.newPage();
  await a.goto('/web-main');
  await b.goto('/web-main');
  await expect(b.getByRole('button', { name: t('en', 'auth.signIn') })).toBeVisible();

  // A draft typed in one tab shows in the other.
  await a.locator('#chat-input').fill('hello from tab A');
  await expect(b.locator('#chat-input')).toHaveValue('hello from tab A');

  // Signing in through the dialog in tab A signs tab B in too.
  await a.getByRole('button', { name: t('en', 'auth.signIn') }).click();
  const dialog = a.getByTestId('auth-dialog');
  await dialog.getByLabel(t('en', 'auth.email')).fill(user.email);
  await dialog.getByLabel(t('en', 'auth.password'), { exact: true }).fill(user.password);
  await dialog
    .getByRole('button', { name: t('en', 'auth.signIn') })
    .last()
    .click();
  await expect(dialog).toHaveCount(0);
  await expect(a.getByRole('link', { name: user.name })).toBeVisible();
  await expect(b.getByRole('link', { name: user.name })).toBeVisible();

  // Signed in, sending posts the message; an answer comes from the model's stand-in.
  await a.locator('#chat-input').press('Enter');
  await expect(a.locator('[data-testid="chat-message"][data-role="user"]')).toContainText('hello from tab A');
  await expect(a.locator('[data-testid="chat-message"][data-role="assistant"]')).toContainText('stand-in');
  await expect(a.locator('#chat-input')).toHaveValue('');

  // Signing out in tab A signs tab B out.
  // Settings asks for the person's shared links and data export as it opens. Signing out before they
  // are answered makes them 401s, which the browser logs as console errors (seen on a loaded machine).
  const settingsRead = Promise.all(
    ['/api/shares', '/api/data-export'].map((path) => a.waitForResponse((r) => new URL(r.url()).pathname === path)),
  );
  await a.goto('/settings/account');
  await settingsRead;
  await a.getByRole('button', { name: t('en', 'settings.signOut') }).click();
  await expect(a).toHaveURL(/\/web-main$/);
  await expect(b.getByRole('button', { name: t('en', 'auth.signIn') })).toBeVisible();
  await expect(b.getByRole('link', { name: user.name })).toHaveCount(0);
});
