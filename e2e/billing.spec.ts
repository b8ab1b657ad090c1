import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { BillingPeriod, BillingPlans, PlanOffer, Subscription } from '@polymath/shared';
import {
  createSignedInUser,
  newTestUser,
  originHeader,
  signUp,
  type TestUser,
  verifyEmail,
} from './support/accounts.ts';
import {
  allowHttpErrors,
  chatInput,
  creditsLine,
  defaultAnswer,
  freeUser,
  messages,
  openChat,
  pickModel,
  proUser,
  send,
  sendAndWait,
  text,
  uniqueWord,
} from './support/chat.ts';
import { APP_VERSION, expect, expectTheme, prepareContext, STORAGE_KEYS, test } from './support/fixtures.ts';
import { LOCALES, type Locale, t } from './support/i18n.ts';
import { expectNoSidewaysOverflow } from './support/layout.ts';
import { urlWithPath } from './support/routes.ts';
import { readServerState } from './support/server-state.ts';
import { timeLimit } from './support/time-limits.ts';
import { inTour } from './support/tours.ts';

/**
 * Plans and payments through the built-in payment sandbox (the e2e server has no Stripe keys):
 * /payment's plan picker and order summary, the test-mode checkout page, the payment-ready screen,
 * Settings → My Plan with cancel, the sandbox portal and its test clock, and what the plan changes
 * in the chat (Pro models, the free daily allowance). Everything goes through the app and its API,
 * so it runs the same on PGlite and PostgreSQL. Every test uses its own fresh account.
 */
test.use({ storage: { [STORAGE_KEYS.orientationHintDismissed]: '1' } });

const SCREENSHOTS = resolve(import.meta.dirname, 'artifacts/screenshots');
const PERIODS: BillingPeriod[] = ['week', 'monthly', '3month', 'yearly'];

/** What the app shows: money and dates as Intl writes them in English (the browser runs in UTC). */
function money(minor: number, currency: string): string {
  return new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() }).format(minor / 100);
}
function longDate(iso: string): string {
  return new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
}

async function plansFromApi(request: APIRequestContext): Promise<BillingPlans> {
  const response = await request.get('/api/billing/plans');
  expect(response.status()).toBe(200);
  return (await response.json()) as BillingPlans;
}

function offer(plans: BillingPlans, period: BillingPeriod): PlanOffer {
  const found = plans.plans.find((p) => p.period === period);
  if (!found) throw new Error(`no ${period} plan in /api/billing/plans`);
  return found;
}

async function subscriptionOf(request: APIRequestContext): Promise<Subscription | null> {
  const response = await request.get('/api/billing/subscription');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { subscription: Subscription | null }).subscription;
}

async function accessLevel(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/me');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { accessLevel: string }).accessLevel;
}

async function credits(request: APIRequestContext) {
  const response = await request.get('/api/credits');
  expect(response.status()).toBe(200);
  return (await response.json()) as { plan: string; dailyLimit: number | null; remaining: number | null };
}

/** The value cell of one of the order summary's rows (subtotal, tax, total). */
function summary(scope: Page | Locator, row: 'subtotal' | 'tax' | 'total'): Locator {
  return scope.getByTestId(`summary-${row}`).locator('dd');
}

async function expectSummary(scope: Page | Locator, plan: PlanOffer): Promise<void> {
  await expect(summary(scope, 'subtotal')).toHaveText(money(plan.amount, plan.currency));
  await expect(summary(scope, 'tax')).toHaveText(money(plan.tax, plan.currency));
  await expect(summary(scope, 'total')).toHaveText(money(plan.total, plan.currency));
}

/** A plan card's radio button. */
const planRadio = (page: Page, period: string) => page.getByTestId(`plan-${period}`).getByRole('radio');

/** /payment with its four plan cards, the sandbox note and the order summary. */
async function expectPlans(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('en', 'payment.title'));
  const group = page.getByRole('radiogroup', { name: t('en', 'billing.choosePeriod') });
  await expect(group.getByRole('radio')).toHaveCount(4);
  for (const period of PERIODS) {
    await expect(page.getByTestId(`plan-${period}`)).toContainText(t('en', `billing.periods.${period}`));
  }
  await expect(page.getByTestId('test-mode-note')).toHaveText(t('en', 'billing.testModeNote'));
  await expect(page.getByTestId('checkout-button')).toBeEnabled();
}

/** The page knows who is signed in: the order summary no longer says the visitor signs in first. */
async function expectSignedInOnPlans(page: Page, locale: Locale = 'en'): Promise<void> {
  await expect(page.getByText(t(locale, 'billing.signInFirst'), { exact: false })).toHaveCount(0);
}

/** A model answers one short message in the open chat (the stand-in's default answer, one word). */
async function modelAnswers(page: Page, provider: 'openai', modelId: string, label: string): Promise<void> {
  await sendAndWait(page, `${label} [[fake tokens=1 pace=1]]`, defaultAnswer(provider, modelId, 1));
}

/** A chat request straight to the API (as the page makes it), naming a model. */
async function chatThroughApi(page: Page, modelId: string) {
  return page.request.post('/api/chat', {
    headers: { origin: readServerState().baseUrl },
    data: {
      trigger: 'submit-message',
      threadId: uniqueWord('thread'),
      toolId: 'web-main',
      modelId,
      message: { id: uniqueWord('msg'), role: 'user', parts: [{ type: 'text', text: 'Hello [[fake tokens=1]]' }] },
    },
  });
}

function toast(page: Page, message: string): Locator {
  return page.locator('[data-sonner-toast]').filter({ hasText: message });
}

test('a free user buys Pro in the sandbox, uses it, cancels, and is Free again at the end of the period', async ({
  page,
  problems,
}) => {
  test.setTimeout(timeLimit(150_000));
  // The downgraded account's last message is refused for want of credits (402).
  allowHttpErrors(problems, 402);
  const user = await freeUser(page, 'buyer');
  const limit = (await credits(page.request)).dailyLimit ?? 0;
  expect(limit, 'start-server.ts sets FREE_DAILY_MESSAGES=5').toBe(5);
  const plans = await plansFromApi(page.request);
  expect(plans.mode).toBe('sandbox');

  await test.step('the plans, the badge and the order summary', async () => {
    await page.goto('/payment');
    await expectPlans(page);
    await expectSignedInOnPlans(page);
    // The badge sits on the yearly plan only; its saving is computed from config/plans.json.
    const yearly = offer(plans, 'yearly');
    expect(yearly.bestValue).toBe(true);
    expect(yearly.savingsPercent).toBe(85);
    await expect(page.getByTestId('plan-badge')).toHaveCount(1);
    await expect(page.getByTestId('plan-yearly').getByTestId('plan-badge')).toHaveText(
      t('en', 'billing.save', { percent: '85' }),
    );
    await expect(page.getByTestId('plan-badge')).toHaveText('Save 85%');
    for (const period of PERIODS) {
      const plan = offer(plans, period);
      await expect(page.getByTestId(`plan-${period}`)).toContainText(money(plan.amount, plan.currency));
    }
    // The best value is chosen to start with.
    await expect(planRadio(page, 'yearly')).toBeChecked();
    await expectSummary(page, yearly);

    // A click on a card chooses its plan; the arrow keys move the choice (the browser's radio group).
    await page.getByTestId('plan-week').click();
    await expect(planRadio(page, 'week')).toBeChecked();
    await expect(planRadio(page, 'yearly')).not.toBeChecked();
    await expectSummary(page, offer(plans, 'week'));
    await page.keyboard.press('ArrowRight');
    await expect(planRadio(page, 'monthly')).toBeChecked();
    await expect(planRadio(page, 'monthly')).toBeFocused();
    await expect(planRadio(page, 'week')).not.toBeChecked();
    await expectSummary(page, offer(plans, 'monthly'));
    // Left from the first card goes round to the last.
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(planRadio(page, 'yearly')).toBeChecked();
    await expectSummary(page, yearly);
    // And right from the last back to the first, then on to the second.
    await page.keyboard.press('ArrowRight');
    await expect(planRadio(page, 'week')).toBeChecked();
    await page.keyboard.press('ArrowRight');
    await expect(planRadio(page, 'monthly')).toBeChecked();
    await expect(planRadio(page, 'yearly')).not.toBeChecked();
    await expectSummary(page, offer(plans, 'monthly'));
    await expect(page.getByText(t('en', 'billing.renewsEvery.monthly'))).toBeVisible();
  });

  const monthly = offer(plans, 'monthly');
  await test.step('the test-mode checkout: no card fields, pay', async () => {
    await page.getByTestId('checkout-button').click();
    await expect(page).toHaveURL(/\/payment\/sandbox\/checkout\/[^/?#]+$/);
    const checkout = page.getByTestId('sandbox-checkout');
    await expect(checkout).toBeVisible();
    const banner = checkout.getByRole('note');
    await expect(banner).toContainText(t('en', 'testMode'));
    await expect(banner).toContainText(t('en', 'billing.sandbox.checkoutBanner'));
    await expect(checkout.getByRole('heading', { level: 1 })).toHaveText(t('en', 'billing.sandbox.checkoutTitle'));
    await expect(checkout).toContainText(t('en', 'billing.planName', { period: t('en', 'billing.periods.monthly') }));
    await expectSummary(checkout, monthly);
    await expect(page.getByTestId('sandbox-email')).toHaveText(user.email);
    await expect(checkout).toContainText(t('en', 'billing.sandbox.noCard'));
    // Nothing asks for a card: no input or frame at all on the page, no card autofill field.
    await expect(page.locator('input, textarea, select, iframe')).toHaveCount(0);
    await expect(page.locator('[autocomplete^="cc-"], [name*="card" i]')).toHaveCount(0);
    await page.getByTestId('sandbox-pay').click();
  });

  let renewal = '';
  await test.step('back on /payment: payment ready and the welcome dialog', async () => {
    await expect(page).toHaveURL(/\/payment\?checkout=success&session_id=[^&]+$/);
    const dialog = page.getByTestId('subscription-success-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading')).toHaveText(t('en', 'pro.successTitle'));
    await expect(dialog).toContainText(t('en', 'pro.benefits.unlimitedMessages'));
    const subscription = await subscriptionOf(page.request);
    expect(subscription).toMatchObject({
      provider: 'sandbox',
      period: 'monthly',
      status: 'active',
      cancelAtPeriodEnd: false,
      entitled: true,
    });
    renewal = subscription?.currentPeriodEnd ?? '';
    const days = (Date.parse(renewal) - Date.now()) / 86_400_000;
    expect(days, 'a monthly period ends about a month from now').toBeGreaterThan(27);
    expect(days).toBeLessThan(32);

    await dialog.getByRole('button', { name: t('en', 'actions.close') }).click();
    await expect(dialog).toHaveCount(0);
    const ready = page.getByTestId('payment-ready');
    await expect(ready.getByRole('heading', { level: 1 })).toHaveText(t('en', 'billing.ready.title'));
    await expect(page.getByTestId('payment-ready-plan')).toHaveText(
      t('en', 'billing.planName', { period: t('en', 'billing.periods.monthly') }),
    );
    await expect(page.getByTestId('payment-ready-total')).toHaveText(money(monthly.total, monthly.currency));
    await expect(page.getByTestId('payment-ready-renewal')).toHaveText(longDate(renewal));
    expect(await accessLevel(page.request)).toBe('pro');
  });

  await test.step('a Pro model answers, and more messages than the free allowance go through', async () => {
    await page
      .getByTestId('payment-ready')
      .getByRole('link', { name: t('en', 'pro.startChatting') })
      .click();
    await expect(page).toHaveURL(urlWithPath('/web-main'));
    await expect(page.getByTestId('current-model-name')).not.toBeEmpty();
    await page.getByTestId('model-picker').click();
    await expect(page.getByTestId('model-option-gpt-4o')).not.toHaveAttribute('data-locked', /.*/);
    await page.keyboard.press('Escape');
    await pickModel(page, 'gpt-4o', 'GPT-4o');
    await expect(page.getByTestId('upgrade-dialog')).toHaveCount(0);

    expect(await credits(page.request)).toMatchObject({ plan: 'pro', dailyLimit: null, remaining: null });
    for (let n = 1; n <= limit + 1; n++) await modelAnswers(page, 'openai', 'gpt-4o', `Pro message ${n}`);
    await expect(messages(page, 'assistant')).toHaveCount(limit + 1);
    await expect(page.getByTestId('chat-upgrade-prompt')).toHaveCount(0);
  });

  await test.step('My Plan: Pro, the plan, and when it renews', async () => {
    await page.goto('/settings');
    await page
      .getByRole('navigation', { name: t('en', 'settings.title') })
      .getByRole('link', { name: t('en', 'settings.myPlan') })
      .click();
    await expect(page).toHaveURL(urlWithPath('/settings/my-plan'));
    await expect(page.getByTestId('current-plan')).toHaveText(t('en', 'payment.proTitle'));
    await expect(page.getByText(`· ${t('en', 'billing.periods.monthly')}`)).toBeVisible();
    await expect(page.getByTestId('my-plan-price')).toHaveText(
      t('en', 'billing.pricePer.monthly', { price: money(monthly.amount, monthly.currency) }),
    );
    await expect(page.getByTestId('my-plan-status')).toHaveText(
      t('en', 'billing.status.renewsOn', { date: longDate(renewal) }),
    );
    await expect(page.getByTestId('upgrade-to-pro')).toHaveCount(0);
  });

  await test.step('cancel through the confirmation: Pro until the end of the period', async () => {
    await page.getByTestId('cancel-subscription').click();
    const dialog = page.getByTestId('cancel-subscription-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(t('en', 'billing.cancelConfirmText', { date: longDate(renewal) }));
    await dialog.getByTestId('confirm-cancel-subscription').click();
    await expect(dialog).toHaveCount(0);
    const cancelled = t('en', 'billing.cancelled', { date: longDate(renewal) });
    await expect(page.getByTestId('my-plan-notice')).toHaveText(cancelled);
    await expect(toast(page, cancelled)).toBeVisible();
    await expect(page.getByTestId('current-plan')).toHaveText(t('en', 'payment.proTitle'));
    await expect(page.getByTestId('my-plan-status')).toHaveText(
      t('en', 'billing.status.proUntil', { date: longDate(renewal) }),
    );
    await expect(page.getByTestId('resume-subscription')).toBeVisible();
    await expect(page.getByTestId('cancel-subscription')).toHaveCount(0);
    expect(await subscriptionOf(page.request)).toMatchObject({ cancelAtPeriodEnd: true, entitled: true });

    // Still Pro meanwhile: the profile says so and a Pro model still answers.
    expect(await accessLevel(page.request)).toBe('pro');
    await openChat(page, user);
    await expect(page.getByTestId('current-model-name')).toHaveText('GPT-4o');
    await modelAnswers(page, 'openai', 'gpt-4o', 'Still Pro');
  });

  await test.step('the sandbox portal: the test clock reaches the end of the period', async () => {
    await page.goto('/settings/my-plan');
    await page.getByTestId('manage-subscription').click();
    await expect(page).toHaveURL(urlWithPath('/payment/sandbox/portal'));
    const portal = page.getByTestId('sandbox-portal');
    await expect(portal.getByRole('note')).toContainText(t('en', 'testMode'));
    await expect(page.getByTestId('subscription-status')).toHaveText(t('en', 'billing.statuses.active'));
    await expect(page.getByTestId('subscription-date')).toHaveText(longDate(renewal));
    await expect(page.getByTestId('resume-subscription')).toBeVisible();
    await page.getByTestId('sandbox-advance-clock').click();
    await expect(toast(page, t('en', 'billing.sandbox.clockEnded'))).toBeVisible();
    await expect(page.getByTestId('subscription-status')).toHaveText(t('en', 'billing.statuses.canceled'));
    await expect(page.getByTestId('sandbox-advance-clock')).toHaveCount(0);
    expect(await subscriptionOf(page.request)).toMatchObject({ status: 'canceled', entitled: false });
    expect(await accessLevel(page.request)).toBe('free');

    await portal.getByRole('link', { name: t('en', 'billing.sandbox.backToApp') }).click();
    await expect(page).toHaveURL(urlWithPath('/settings/my-plan'));
    await expect(page.getByTestId('current-plan')).toHaveText(t('en', 'payment.freeTitle'));
    await expect(page.getByTestId('my-plan-status')).toHaveText(
      t('en', 'billing.status.endedOn', { date: longDate(renewal) }),
    );
    await expect(page.getByTestId('upgrade-to-pro')).toBeVisible();
    await expect(page.getByTestId('cancel-subscription')).toHaveCount(0);
    await expect(page.getByTestId('resume-subscription')).toHaveCount(0);
  });

  await test.step('Free again: the Pro model is locked and the daily allowance counts', async () => {
    await openChat(page, user);
    // The stored choice (GPT-4o) cannot be used any more: the chat falls back to the free default.
    await expect(page.getByTestId('current-model-name')).toHaveText('GPT-4o mini');
    await page.getByTestId('model-picker').click();
    const pro = page.getByTestId('model-option-gpt-4o');
    await expect(pro).toHaveAttribute('data-locked', 'true');
    await expect(pro).toContainText(text('en', 'chat:models.locked'));
    await pro.click();
    await expect(page.getByTestId('upgrade-dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('upgrade-dialog')).toHaveCount(0);
    const refused = await chatThroughApi(page, 'gpt-4o');
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('MODEL_REQUIRES_PRO');

    const allowance = await credits(page.request);
    expect(allowance).toMatchObject({ plan: 'free', dailyLimit: limit });
    const left = allowance.remaining ?? 0;
    const meter = page.getByTestId('credits-meter');
    await expect(meter).toContainText(creditsLine('en', left, limit));
    for (let n = 1; n <= left; n++) await modelAnswers(page, 'openai', 'gpt-4o-mini', `Free message ${n}`);
    await expect(meter).toHaveAttribute('data-state', 'empty');
    const typed = 'One more, please';
    await send(page, typed);
    await expect(page.getByTestId('chat-upgrade-prompt')).toHaveText(text('en', 'errors:OUT_OF_CREDITS'));
    await expect(page.getByTestId('upgrade-dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(chatInput(page)).toHaveValue(typed);
  });
});

/** Signs in through the auth dialog with a verified account made for the test. */
async function signInThroughDialog(page: Page, label: string): Promise<TestUser> {
  const user = newTestUser(label);
  await signUp(page.request, user);
  await verifyEmail(page.request, user);
  const dialog = page.getByTestId('auth-dialog');
  await dialog.getByLabel(t('en', 'auth.email'), { exact: true }).fill(user.email);
  await dialog.getByLabel(t('en', 'auth.password'), { exact: true }).fill(user.password);
  await dialog.getByRole('button', { name: t('en', 'auth.signIn'), exact: true }).click();
  await expect(dialog).toHaveCount(0);
  return user;
}

test('a signed-out visitor sees the plans; checkout asks to sign in, then goes on with the account', async ({
  page,
}) => {
  await page.goto('/payment');
  await expect(page).toHaveURL(urlWithPath('/payment'));
  await expectPlans(page);
  await expect(page.getByTestId('plan-badge')).toHaveText(t('en', 'billing.save', { percent: '85' }));
  await expect(page.getByText(t('en', 'billing.signInFirst'), { exact: false })).toBeVisible();

  await page.getByTestId('checkout-button').click();
  const dialog = page.getByTestId('auth-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: t('en', 'auth.signInTitle') })).toBeVisible();
  await expect(page).toHaveURL(urlWithPath('/payment'));

  // Signing in there keeps the visitor on the plans; checkout now goes on with the account.
  const user = await signInThroughDialog(page, 'visitor');
  await expect(page).toHaveURL(urlWithPath('/payment'));
  await expectPlans(page);
  await expectSignedInOnPlans(page);
  await page.getByTestId('checkout-button').click();
  await expect(page.getByTestId('sandbox-checkout')).toBeVisible();
  await expect(page.getByTestId('sandbox-email')).toHaveText(user.email);
});

test('the plan a visitor chose is still chosen after signing in from checkout', async ({ page }) => {
  // Signing in makes /payment load the subscription and remount the picker: the page holds the choice.
  await page.goto('/payment');
  await expectPlans(page);
  await page.getByTestId('plan-3month').click();
  await expect(planRadio(page, '3month')).toBeChecked();
  await page.getByTestId('checkout-button').click();
  await expect(page.getByTestId('auth-dialog')).toBeVisible();
  await signInThroughDialog(page, 'visitor-choice');
  await expectSignedInOnPlans(page);
  await expect(planRadio(page, '3month')).toBeChecked();
  await expectSummary(page, offer(await plansFromApi(page.request), '3month'));
});

test('the sandbox pages are served as app pages (200), not as not-found', async ({ page }) => {
  // The server answers 404 for paths that are not app routes; the sandbox pages must be listed.
  await freeUser(page, 'sandbox-status');
  const started = await page.request.post('/api/billing/checkout', {
    headers: originHeader(),
    data: { period: 'week' },
  });
  expect(started.status()).toBe(200);
  const checkoutPath = new URL(((await started.json()) as { url: string }).url).pathname;
  const checkout = await page.goto(checkoutPath);
  expect.soft(checkout?.status(), `GET ${checkoutPath}`).toBe(200);
  await expect(page.getByTestId('sandbox-pay')).toBeEnabled();
  const portal = await page.goto('/payment/sandbox/portal');
  expect.soft(portal?.status(), 'GET /payment/sandbox/portal').toBe(200);
  await expect(page.getByTestId('sandbox-portal')).toBeVisible();
});

test('a Pro user opening /payment sees their active subscription and can manage it', async ({ page }) => {
  await proUser(page, 'pro-payment');
  await page.goto('/payment');
  const active = page.getByTestId('active-subscription');
  await expect(active).toBeVisible();
  await expect(active.getByRole('heading', { level: 1 })).toHaveText(t('en', 'billing.active.title'));
  await expect(page.getByTestId('subscription-plan')).toHaveText(
    t('en', 'billing.planName', { period: t('en', 'billing.periods.monthly') }),
  );
  await expect(page.getByTestId('plan-yearly')).toHaveCount(0);
  await expect(page.getByTestId('checkout-button')).toHaveCount(0);
  await active.getByTestId('manage-subscription').click();
  await expect(page).toHaveURL(urlWithPath('/payment/sandbox/portal'));
  await expect(page.getByTestId('sandbox-portal')).toBeVisible();
  await expect(page.getByTestId('subscription-status')).toHaveText(t('en', 'billing.statuses.active'));
});

test('checkout cancelled on the sandbox page: back on /payment with a notice, still Free', async ({ page }) => {
  await freeUser(page, 'cancel-checkout');
  await page.goto('/payment');
  await expectPlans(page);
  await expectSignedInOnPlans(page);
  await page.getByTestId('checkout-button').click();
  await expect(page.getByTestId('sandbox-checkout')).toBeVisible();
  await page.getByTestId('sandbox-cancel').click();

  await expect(page).toHaveURL(/\/payment\?checkout=cancelled$/);
  await expect(page.getByTestId('checkout-cancelled')).toHaveText(t('en', 'billing.checkoutCancelled'));
  await expectPlans(page);
  await expectSignedInOnPlans(page);
  expect(await subscriptionOf(page.request)).toBeNull();
  expect(await accessLevel(page.request)).toBe('free');
  expect((await credits(page.request)).plan).toBe('free');
  await page.goto('/settings/my-plan');
  await expect(page.getByTestId('current-plan')).toHaveText(t('en', 'payment.freeTitle'));
});

test('phone screenshots of the payment screens in both themes and languages; nothing overflows @tour', async ({
  page,
  browser,
  problems,
}) => {
  test.setTimeout(timeLimit(120_000));
  mkdirSync(SCREENSHOTS, { recursive: true });
  await createSignedInUser(page.request, 'shots');
  // An open checkout to show, then the same one paid (the payment-ready screen and My Plan).
  const started = await page.request.post('/api/billing/checkout', {
    headers: originHeader(),
    data: { period: 'yearly' },
  });
  expect(started.status()).toBe(200);
  const sessionId = ((await started.json()) as { url: string }).url.split('/').pop() ?? '';
  const { cookies } = await page.context().storageState();

  type Shot = { name: string; path: string; ready: (view: Page, locale: Locale) => Promise<void>; fullPage?: boolean };
  const before: Shot[] = [
    {
      name: 'payment',
      path: '/payment',
      fullPage: true,
      ready: async (view, locale) => {
        await expect(view.getByRole('heading', { level: 1 })).toBeVisible();
        await expectSignedInOnPlans(view, locale);
        await expect(view.getByTestId('plan-badge')).toBeVisible();
        await expect(view.getByTestId('checkout-button')).toBeEnabled();
      },
    },
    {
      name: 'sandbox-checkout',
      path: `/payment/sandbox/checkout/${sessionId}`,
      ready: async (view) => {
        await expect(view.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(view.getByTestId('sandbox-pay')).toBeEnabled();
      },
    },
  ];
  const after: Shot[] = [
    {
      name: 'payment-success-dialog',
      path: `/payment?checkout=success&session_id=${sessionId}`,
      ready: async (view) => {
        await expect(view.getByTestId('subscription-success-dialog').getByRole('heading')).toBeVisible();
      },
    },
    {
      name: 'payment-ready',
      path: '',
      ready: async (view) => {
        await view.keyboard.press('Escape');
        await expect(view.getByTestId('subscription-success-dialog')).toHaveCount(0);
        await expect(view.getByTestId('payment-ready').getByRole('heading', { level: 1 })).toBeVisible();
      },
    },
    {
      name: 'my-plan',
      path: '/settings/my-plan',
      fullPage: true,
      ready: async (view) => {
        await expect(view.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(view.getByTestId('my-plan-status')).toBeVisible();
      },
    },
  ];

  const shoot = async (shots: Shot[]) => {
    for (const theme of ['light', 'dark'] as const) {
      for (const locale of LOCALES) {
        if (!inTour(theme, locale)) continue;
        const context = await browser.newContext({
          baseURL: readServerState().baseUrl,
          viewport: { width: 390, height: 844 },
        });
        await prepareContext(context, {
          [STORAGE_KEYS.appVersion]: String(APP_VERSION),
          [STORAGE_KEYS.orientationHintDismissed]: '1',
          [STORAGE_KEYS.theme]: theme,
          [STORAGE_KEYS.locale]: locale,
        });
        problems.watchContext(context);
        await context.addCookies(cookies);
        const view = await context.newPage();
        for (const shot of shots) {
          await test.step(`${shot.name} (${theme}, ${locale})`, async () => {
            if (shot.path) await view.goto(shot.path);
            await expect(view.locator('html')).toHaveAttribute('lang', locale);
            await expectTheme(view, theme);
            await shot.ready(view, locale);
            const width = await view.evaluate(() => ({
              scroll: document.documentElement.scrollWidth,
              inner: window.innerWidth,
            }));
            expect(width.scroll, `${shot.name} (${theme}, ${locale}) scrolls sideways`).toBeLessThanOrEqual(
              width.inner,
            );
            await expectNoSidewaysOverflow(view, `${shot.name} (${theme}, ${locale}, phone)`);
            await view.screenshot({
              path: resolve(SCREENSHOTS, `billing-${shot.name}-${theme}-${locale}-phone.png`),
              fullPage: shot.fullPage ?? false,
              animations: 'disabled',
            });
          });
        }
        await context.close();
      }
    }
  };

  await shoot(before);
  const paid = await page.request.post(`/api/billing/sandbox/checkout/${sessionId}/complete`, {
    headers: originHeader(),
  });
  expect(paid.status()).toBe(200);
  await shoot(after);
  expect(await accessLevel(page.request)).toBe('pro');
});
