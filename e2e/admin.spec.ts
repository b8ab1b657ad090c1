import type { APIRequestContext, Page } from '@playwright/test';
import { createSignedInUser, originHeader, signIn, signUp, verifyEmail } from './support/accounts.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { expect, STORAGE_KEYS, test, visitorAddress } from './support/fixtures.ts';
import { type Locale, t as text } from './support/i18n.ts';
import { expectNoSidewaysOverflow } from './support/layout.ts';
import { E2E_OPERATOR_EMAILS, readServerState } from './support/server-state.ts';
import { timeLimit } from './support/time-limits.ts';
import { FULL_TOURS } from './support/tours.ts';

/**
 * The operator console (issue 28) as an operator named in ADMIN_EMAILS uses it, on a desktop and on a
 * phone, in English and in Turkish: find a person, grant them Pro (the person then uses a Pro tool,
 * whose image job fails at the image stand-in), read usage, money and the models' checks while that
 * job fails, retry the failed job, and read it all in the audit log. Every console page passes the
 * project's axe check and fits a phone. A normal person meets the not-found page.
 */

const PHONE = { width: 390, height: 844 };
const t = (locale: Locale, key: string, values: Record<string, string> = {}) => text(locale, `admin:${key}`, values);

/** The person asks the image generator (a Pro tool) for a picture the image stand-in refuses with a 500. */
async function askForFailingImage(person: APIRequestContext): Promise<void> {
  const prompt = 'a lighthouse [[fake-image status=500]]';
  const response = await person.post('/api/chat', {
    headers: originHeader(),
    data: {
      trigger: 'submit-message',
      threadId: `t${Date.now().toString(36)}admin`,
      toolId: 'image-generator',
      modelId: 'gpt-4o-mini',
      message: {
        id: `m${Date.now().toString(36)}admin`,
        role: 'user',
        parts: [{ type: 'text', text: `Draw it [[fake tool=generate_image args=${JSON.stringify({ prompt })}]]` }],
      },
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function signInOperator(page: Page, email: string): Promise<void> {
  const user = { name: 'Olive Operator', email, password: 'Operator-pass-1' };
  await signUp(page.request, user);
  await verifyEmail(page.request, user);
  await signIn(page.request, user);
}

for (const device of ['desktop', 'phone'] as const) {
  for (const locale of ['en', 'tr'] as const) {
    // Like the screenshot tours (decision 026): by default a desktop in English and a phone in
    // Turkish, which show each device and language once; `npm run test:visual` runs all four.
    if (!FULL_TOURS && (device === 'desktop') !== (locale === 'en')) continue;
    test.describe(`${device}, ${locale}`, () => {
      test.use({
        storage: { [STORAGE_KEYS.locale]: locale, [STORAGE_KEYS.orientationHintDismissed]: '1' },
        ...(device === 'phone' ? { viewport: PHONE, isMobile: true, hasTouch: true } : {}),
      });

      test('an operator finds a person, grants Pro, retries a failed job, reads the audit log, usage, money and models @tour', async ({
        page,
        playwright,
        problems,
      }) => {
        test.setTimeout(timeLimit(180_000));
        // /admin is not among the app's routes, so its HTML answers 404 to everyone (decision 037);
        // Chromium logs that once for the page load.
        problems.allow(/status of 404/, 1);
        const operatorEmail = E2E_OPERATOR_EMAILS.find((e) => e.includes(`${device}-${locale}`)) as string;
        // The person: their own browser-less session.
        const person = await playwright.request.newContext({
          baseURL: readServerState().baseUrl,
          extraHTTPHeaders: { 'x-forwarded-for': visitorAddress() },
        });
        const personUser = await createSignedInUser(person, `admin-${device}-${locale}`);
        await signInOperator(page, operatorEmail);

        // People: search, open, grant Pro.
        await page.goto('/admin');
        await expect(page).toHaveURL(/\/admin\/people$/);
        await expect(page.getByRole('heading', { level: 1, name: t(locale, 'title') })).toBeVisible();
        await expectNoSeriousViolations(page, 'people');
        await page.getByRole('searchbox', { name: t(locale, 'people.searchLabel') }).fill(personUser.email);
        await page.getByRole('button', { name: t(locale, 'people.search') }).click();
        await page.getByRole('link', { name: new RegExp(personUser.email.replace(/[.+]/g, '\\$&')) }).click();
        await expect(page.getByRole('heading', { level: 2, name: personUser.email })).toBeVisible();
        await expectNoSidewaysOverflow(page, `person page (${device})`);
        await expectNoSeriousViolations(page, 'person');
        await page.getByLabel(t(locale, 'actions.days')).fill('30');
        await page.getByRole('button', { name: t(locale, 'actions.grantPro') }).click();
        await expect(page.getByRole('status').filter({ hasText: /30/ })).toBeVisible();
        await expect(page.getByTestId('person-plan')).toContainText(t(locale, 'people.plan.pro'));

        // Granted Pro lets them use a Pro tool; its picture fails at the provider, so its job fails
        // (after its two retries, 5 and 10 s apart: the console's other pages are read meanwhile).
        await askForFailingImage(person);

        // Usage, Money and Models: each page shows its figures, fits the screen and passes axe.
        const nav = page.getByRole('navigation', { name: t(locale, 'navLabel') });
        for (const [section, content] of [
          ['usage', 'usage-totals'],
          ['money', 'mrr'],
          ['models', 'models-table'],
        ] as const) {
          await nav.getByRole('link', { name: t(locale, `nav.${section}`) }).click();
          await expect(page).toHaveURL(new RegExp(`/admin/${section}$`));
          await expect(page.getByRole('heading', { level: 2, name: t(locale, `nav.${section}`) })).toBeVisible();
          await expect(page.getByTestId(content)).toBeVisible();
          await expectNoSidewaysOverflow(page, `${section} (${device})`);
          await expectNoSeriousViolations(page, section);
        }
        // The catalogue's models are listed with their check, one row each.
        await expect(page.getByTestId('models-table').locator('tbody tr').first()).toBeVisible();

        // Their picture's id: its job's payload names it (other journeys' jobs fail beside it).
        let imageId = '';
        await expect
          .poll(
            async () => {
              const body = (await (await person.get('/api/images')).json()) as { images: { id: string }[] };
              imageId = body.images[0]?.id ?? '';
              return imageId;
            },
            { timeout: timeLimit(30_000) },
          )
          .not.toBe('');
        await expect
          .poll(
            async () => {
              const res = await page.request.get('/api/admin/jobs?queue=image-generate');
              const body = (await res.json()) as { failed: { payload: Record<string, unknown> }[] };
              return body.failed.some((job) => job.payload.imageId === imageId);
            },
            { timeout: timeLimit(90_000), intervals: [1000] },
          )
          .toBe(true);

        // Jobs: the failed job, retried.
        await page
          .getByRole('navigation', { name: t(locale, 'navLabel') })
          .getByRole('link', { name: t(locale, 'nav.jobs') })
          .click();
        await expect(page.getByRole('heading', { level: 2, name: t(locale, 'nav.jobs') })).toBeVisible();
        const failedJob = page.getByTestId('failed-job').filter({ hasText: imageId });
        await expect(failedJob).toHaveCount(1);
        await expect(failedJob).toContainText('image-generate');
        await expectNoSidewaysOverflow(page, `jobs (${device})`);
        await expectNoSeriousViolations(page, 'jobs');
        await failedJob.getByRole('button', { name: t(locale, 'jobs.retry') }).click();
        await expect(failedJob).toHaveCount(0);

        // Audit log: the grant and the retry, by this operator.
        await page
          .getByRole('navigation', { name: t(locale, 'navLabel') })
          .getByRole('link', { name: t(locale, 'nav.audit') })
          .click();
        const entries = page.getByTestId('audit-entry');
        await expect(entries.filter({ hasText: t(locale, 'actionNames.job_retry') }).first()).toBeVisible();
        await expect(
          entries.filter({ hasText: t(locale, 'actionNames.person_grant_pro') }).filter({ hasText: personUser.email }),
        ).toHaveCount(1);
        await expect(entries.filter({ hasText: operatorEmail }).first()).toBeVisible();
        await expectNoSidewaysOverflow(page, `audit log (${device})`);
        await expectNoSeriousViolations(page, 'audit log');

        await person.dispose();
      });
    });
  }
}

test('a normal person gets the not-found page at /admin, and the API answers 403', async ({ page, problems }) => {
  await createSignedInUser(page.request, 'not-operator');
  problems.allow(/status of 403/, 1);
  problems.allow(/status of 404/, 1);
  await page.goto('/admin/people');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.getByTestId('admin-console')).toHaveCount(0);
  const res = await page.request.get('/api/admin/people');
  expect(res.status()).toBe(403);
});
