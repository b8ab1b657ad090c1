import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { type ZodiacSign, zodiacSign } from '../packages/shared/src/horoscope/zodiac.ts';
import { chatInput, expectIdle, freeUser, historyItem, lastAnswer, messages, storedThread } from './support/chat.ts';
import { expect, STORAGE_KEYS, test } from './support/fixtures.ts';
import { type Locale, t } from './support/i18n.ts';
import { expectNoSidewaysOverflow } from './support/layout.ts';
import { urlWithPath } from './support/routes.ts';
import { timeLimit } from './support/time-limits.ts';

/**
 * The horoscope as a person uses it, through the model stand-ins: no type chosen gives the spec's
 * message and sends nothing; a type and a sign give a reading whose sky facts are the server's
 * computed sky; it continues, is found in the history and reopens with its inputs. The rules
 * behind it (every type, the demo reading, validation, credits) are tested on the server.
 */
const SCREENSHOTS = resolve(import.meta.dirname, 'artifacts/screenshots');

test.use({ storage: { [STORAGE_KEYS.orientationHintDismissed]: '1' }, timezoneId: 'Europe/Istanbul' });

type Sky = { positions: { body: string; sign: string }[]; period: { timeZone: string } };

/** The sky the server computes now for Istanbul (what the panel and the readings show). */
async function skyNow(page: Page): Promise<Sky> {
  const response = await page.request.get('/api/horoscope/sky?timeZone=Europe/Istanbul');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { sky: Sky }).sky;
}

/** A sign's name as the app writes it in a language. */
const signName = (sign: string, locale: Locale) => zodiacSign(sign as ZodiacSign).name[locale];

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: resolve(SCREENSHOTS, `${name}.png`), fullPage: true, animations: 'disabled' });
}

test('a daily reading grounded in the sky: type required, a sign, a reading, a follow-up, the history', async ({
  page,
}) => {
  test.setTimeout(timeLimit(60_000));
  const user = await freeUser(page, 'horoscope');
  const chats: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/chat') chats.push(request.url());
  });

  await page.goto('/horoscope');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('en', 'tools:horoscope.title'));
  await expect(page.getByRole('complementary').getByRole('link', { name: user.name })).toBeVisible();
  const cards = page.getByRole('navigation', { name: t('en', 'tools:horoscope.typesLabel') }).getByRole('link');
  await expect(cards).toHaveCount(7);
  // The sky now: seven computed bodies, as the server has them.
  const sky = await skyNow(page);
  const panel = page.getByTestId('sky-now');
  await expect(panel.locator('[data-body]')).toHaveCount(7);
  const sun = sky.positions.find((p) => p.body === 'sun')?.sign ?? '';
  await expect(panel.locator('[data-body="sun"]')).toHaveAttribute('data-sign', sun);
  await expect(panel).toContainText('Europe/Istanbul');

  // Sending with no type: the spec's message at the type field, nothing sent.
  await chatInput(page).fill('What does today hold?');
  await chatInput(page).press('Enter');
  await expect(page.getByTestId('horoscope-type-error')).toHaveText('Please selecet an horoscope type.');
  await expect(page.getByTestId('horoscope-type')).toHaveAttribute('aria-invalid', 'true');
  await expect(chatInput(page)).toHaveValue('What does today hold?');
  expect(chats).toEqual([]);
  await shoot(page, 'horoscope-type-required-light-en-desktop');

  // A type, then a sign from the picker.
  await cards.filter({ hasText: t('en', 'horoscope:types.daily.title') }).click();
  await expect(page).toHaveURL(urlWithPath('/horoscope/daily'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('en', 'horoscope:types.daily.title'));
  await page.getByTestId('sign-leo').click();
  await expect(page.getByTestId('horoscope-person-sign')).toHaveValue('leo');
  await shoot(page, 'horoscope-daily-light-en-desktop');

  // The question typed earlier is the reading's question.
  await page.getByTestId('horoscope-get-reading').click();
  await expect(messages(page, 'user').first()).toContainText('What does today hold?');
  await expect(chatInput(page)).toHaveValue('');
  const facts = lastAnswer(page).getByTestId('sky-facts');
  await expect(facts).toHaveAttribute('data-state', 'output-available');
  await expect(facts.getByTestId('sky-facts-sign')).toHaveText(t('en', 'horoscope:facts.sign', { sign: '♌ Leo' }));
  await expect(facts.locator('[data-body="sun"]')).toHaveAttribute('data-sign', sun);
  await expect(facts.locator('[data-body="sun"]')).toContainText(signName(sun, 'en'));
  await expectIdle(page);
  await expect(page).toHaveURL(/\/horoscope\/daily\/[A-Za-z0-9_-]{8,64}$/);
  const threadId = new URL(page.url()).pathname.split('/').pop() ?? '';
  const stored = await storedThread(page, threadId);
  expect((stored as unknown as { toolInput: unknown }).toolInput).toEqual({
    type: 'daily',
    person: { sign: 'leo' },
    timeZone: 'Europe/Istanbul',
  });
  await shoot(page, 'horoscope-reading-light-en-desktop');

  // A follow-up continues the thread; the button asks in the person's words when nothing is typed.
  await chatInput(page).fill('And my evening?');
  await chatInput(page).press('Enter');
  await expect(messages(page, 'assistant')).toHaveCount(2);
  await expect(lastAnswer(page).getByTestId('sky-facts')).toHaveAttribute('data-state', 'output-available');
  await expectIdle(page);
  await page.getByTestId('horoscope-get-reading').click();
  await expect(messages(page, 'user').last()).toContainText(t('en', 'horoscope:messages.daily', { sign: '♌ Leo' }));
  await expect(messages(page, 'assistant')).toHaveCount(3);
  await expect(lastAnswer(page).getByTestId('sky-facts')).toHaveAttribute('data-state', 'output-available');
  await expectIdle(page);
  expect(chats).toHaveLength(3);

  // The sign is remembered; the thread is in the history and reopens at its type with its inputs.
  await page.goto('/horoscope/daily');
  await expect(page.getByTestId('horoscope-person-sign')).toHaveValue('leo');
  await page.getByTestId('horoscope-person-sign').selectOption('virgo');
  const row = historyItem(page, threadId);
  await expect(row).toBeVisible();
  await row.getByRole('link').click();
  await expect(page).toHaveURL(urlWithPath(`/horoscope/daily/${threadId}`));
  await expect(messages(page)).toHaveCount(6);
  await expect(page.getByTestId('horoscope-person-sign')).toHaveValue('leo');
});

test.describe('in Turkish, dark, on a phone', () => {
  test.use({
    storage: {
      [STORAGE_KEYS.orientationHintDismissed]: '1',
      [STORAGE_KEYS.locale]: 'tr',
      [STORAGE_KEYS.theme]: 'dark',
    },
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });

  test('the type message in Turkish, then a birth chart from a date, a time and a city of the list', async ({
    page,
  }) => {
    test.setTimeout(timeLimit(60_000));
    await freeUser(page, 'horoscope-tr');
    await page.goto('/horoscope');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('tr', 'tools:horoscope.title'));
    await expect(page.getByTestId('sky-now').locator('[data-body]')).toHaveCount(7);
    await expectNoSidewaysOverflow(page, '/horoscope');
    await shoot(page, 'horoscope-dark-tr-phone');

    await chatInput(page).fill('Bugün?');
    await page.getByTestId('send-message').tap();
    await expect(page.getByTestId('horoscope-type-error')).toHaveText(t('tr', 'validation:horoscopeTypeRequired'));
    await shoot(page, 'horoscope-type-required-dark-tr-phone');

    await page.getByTestId('horoscope-type').selectOption('birth-chart');
    await expect(page).toHaveURL(urlWithPath('/horoscope/birth-chart'));
    await page.getByTestId('horoscope-get-reading').tap();
    await expect(page.getByTestId('horoscope-chart-date-error')).toHaveText(t('tr', 'validation:required'));
    await page.getByTestId('horoscope-chart-date').fill('1990-08-01');
    await page.getByTestId('horoscope-chart-time').fill('14:30');
    await page.getByTestId('horoscope-city').fill('izm');
    await page.getByTestId('horoscope-city-option').filter({ hasText: 'İzmir' }).tap();
    await expect(page.getByTestId('horoscope-city')).toHaveValue('İzmir, TR');
    await expectNoSidewaysOverflow(page, '/horoscope/birth-chart');
    await shoot(page, 'horoscope-birth-chart-dark-tr-phone');

    await page.getByTestId('horoscope-get-reading').tap();
    const facts = lastAnswer(page).getByTestId('sky-facts');
    await expect(facts).toHaveAttribute('data-state', 'output-available');
    await expect(facts.getByTestId('sky-facts-period')).toContainText('İzmir');
    await expect(facts.getByTestId('sky-facts-angles')).toContainText(t('tr', 'horoscope:facts.ascendant'));
    await expect(facts.locator('[data-body="sun"]')).toContainText(signName('leo', 'tr'));
    await expectIdle(page);
    await expect(page).toHaveURL(/\/horoscope\/birth-chart\/[A-Za-z0-9_-]{8,64}$/);
    await expectNoSidewaysOverflow(page, 'a birth chart reading');
    await shoot(page, 'horoscope-reading-dark-tr-phone');

    // Reopened on a phone, the inputs fold into one line so the reading has the room.
    await page.reload();
    await expect(lastAnswer(page).getByTestId('sky-facts')).toBeVisible();
    const toggle = page.getByTestId('horoscope-inputs-toggle');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toContainText('İzmir');
    await expect(page.getByTestId('horoscope-city')).toBeHidden();
    await shoot(page, 'horoscope-thread-dark-tr-phone');
    await toggle.tap();
    await expect(page.getByTestId('horoscope-city')).toHaveValue('İzmir, TR');
  });
});

// The reading page in the other theme and language pairs, for review.
for (const [theme, locale] of [
  ['dark', 'en'],
  ['light', 'tr'],
] as const) {
  test.describe(`${theme}, ${locale}`, () => {
    test.use({
      storage: {
        [STORAGE_KEYS.orientationHintDismissed]: '1',
        [STORAGE_KEYS.locale]: locale,
        [STORAGE_KEYS.theme]: theme,
      },
    });

    test(`a type page and the compatibility inputs (${theme}, ${locale})`, async ({ page }) => {
      await page.goto('/horoscope/compatibility');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        t(locale, 'horoscope:types.compatibility.title'),
      );
      await expect(page.getByTestId('horoscope-partner')).toBeVisible();
      await expect(page.getByTestId('sky-now').locator('[data-body]')).toHaveCount(7);
      await shoot(page, `horoscope-compatibility-${theme}-${locale}-desktop`);
      await page.setViewportSize({ width: 390, height: 844 });
      await expectNoSidewaysOverflow(page, '/horoscope/compatibility');
      await shoot(page, `horoscope-compatibility-${theme}-${locale}-phone`);
    });
  });
}
