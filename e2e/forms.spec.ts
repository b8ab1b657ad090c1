import type { Page } from '@playwright/test';
import { expect, STORAGE_KEYS, test } from './support/fixtures.ts';
import { type Locale, t } from './support/i18n.ts';

/**
 * Validation messages of the spec (§5) as a visitor sees them: each under its field, announced as
 * the field's description. The expected English texts are the spec's, word for word.
 */
test.use({ storage: { [STORAGE_KEYS.orientationHintDismissed]: '1' } });

function form(page: Page, locale: Locale = 'en') {
  const main = page.getByRole('main');
  return {
    email: main.getByLabel(t(locale, 'auth.email'), { exact: true }),
    password: main.getByLabel(t(locale, 'auth.password'), { exact: true }),
    confirmPassword: main.getByLabel(t(locale, 'auth.confirmPassword'), { exact: true }),
    name: main.getByLabel(t(locale, 'auth.name'), { exact: true }),
  };
}

test.describe('sign in', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/sign-in');
  });

  const submit = (page: Page) => page.getByRole('main').getByRole('button', { name: 'Sign in', exact: true }).click();

  test('empty fields are required', async ({ page }) => {
    const { email, password } = form(page);
    await submit(page);
    await expect(email).toHaveAccessibleDescription('This field is required');
    await expect(password).toHaveAccessibleDescription('Password is required');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAttribute('aria-invalid', 'true');
  });

  test('an invalid email address', async ({ page }) => {
    const { email, password } = form(page);
    await email.fill('not-an-email');
    await password.fill('correct-horse');
    await submit(page);
    await expect(email).toHaveAccessibleDescription('Invalid email address');
    await expect(password).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('a password of 7 characters is too short, 21 too long, 8 and 20 pass validation', async ({ page, problems }) => {
    const { email, password } = form(page);
    await email.fill('nobody-e2e@example.com');

    await password.fill('1234567');
    await submit(page);
    await expect(password).toHaveAccessibleDescription('Password must be at least 8 characters long');
    await expect(email).not.toHaveAttribute('aria-invalid', 'true');

    await password.fill('a'.repeat(21));
    await submit(page);
    await expect(password).toHaveAccessibleDescription('Password must be at most 20 characters long');

    // Valid forms go to the server, which answers 401 for an unknown account (Chromium logs that).
    problems.allow(/^Failed to load resource: the server responded with a status of 401/, 2);
    for (const ok of ['12345678', 'a'.repeat(20)]) {
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/auth/sign-in/email'));
      await password.fill(ok);
      await submit(page);
      await expect(password).not.toHaveAttribute('aria-invalid', 'true');
      expect((await answered).status()).toBe(401);
      // No field error; the form says the credentials are wrong.
      await expect(page.getByRole('main').getByRole('alert')).toHaveText(t('en', 'errors:INVALID_CREDENTIAL'));
    }
  });
});

test.describe('sign up', () => {
  test('the confirmation must match the password', async ({ page }) => {
    await page.goto('/sign-up');
    const { name, email, password, confirmPassword } = form(page);
    await name.fill('Ada Lovelace');
    await email.fill('ada@example.com');
    await password.fill('analytical1');
    await confirmPassword.fill('analytical2');
    await page
      .getByRole('main')
      .getByRole('button', { name: t('en', 'auth.createAccount') })
      .click();
    await expect(confirmPassword).toHaveAccessibleDescription('Passwords must match');
    await expect(password).not.toHaveAttribute('aria-invalid', 'true');

    await confirmPassword.fill('analytical1');
    await page
      .getByRole('main')
      .getByRole('button', { name: t('en', 'auth.createAccount') })
      .click();
    await expect(confirmPassword).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
  });

  test('empty sign-up fields are required', async ({ page }) => {
    await page.goto('/sign-up');
    const { name, email, password, confirmPassword } = form(page);
    await page
      .getByRole('main')
      .getByRole('button', { name: t('en', 'auth.createAccount') })
      .click();
    await expect(name).toHaveAccessibleDescription('This field is required');
    await expect(email).toHaveAccessibleDescription('This field is required');
    await expect(password).toHaveAccessibleDescription('Password is required');
    await expect(confirmPassword).toHaveAccessibleDescription('This field is required');
  });
});

test.describe('in Turkish', () => {
  test.use({ storage: { [STORAGE_KEYS.orientationHintDismissed]: '1', [STORAGE_KEYS.locale]: 'tr' } });

  test('the validation messages are the Turkish ones', async ({ page }) => {
    await page.goto('/sign-in');
    const { email, password } = form(page, 'tr');
    await page
      .getByRole('main')
      .getByRole('button', { name: t('tr', 'auth.signIn'), exact: true })
      .click();
    await expect(email).toHaveAccessibleDescription(t('tr', 'validation:required'));
    await expect(password).toHaveAccessibleDescription(t('tr', 'validation:passwordRequired'));

    await email.fill('yanlis-adres');
    await password.fill('1234567');
    await page
      .getByRole('main')
      .getByRole('button', { name: t('tr', 'auth.signIn'), exact: true })
      .click();
    await expect(email).toHaveAccessibleDescription(t('tr', 'validation:invalidEmail'));
    await expect(password).toHaveAccessibleDescription(t('tr', 'validation:passwordMin'));
  });
});
