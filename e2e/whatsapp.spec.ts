import { randomInt } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { originHeader } from './support/accounts.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { proUser, uniqueWord } from './support/chat.ts';
import { APP_VERSION, expect, expectTheme, prepareContext, STORAGE_KEYS, test } from './support/fixtures.ts';
import { LOCALES, type Locale, t } from './support/i18n.ts';
import { expectNoSidewaysOverflow } from './support/layout.ts';
import { urlWithPath } from './support/routes.ts';
import { readServerState } from './support/server-state.ts';
import { timeLimit } from './support/time-limits.ts';
import { FULL_TOURS, inTour } from './support/tours.ts';

/**
 * Chat inside WhatsApp on a fresh server (no Cloud API keys: the WhatsApp sandbox): a Pro person
 * links a number in the dialog with the code shown on the sandbox phone, chats from that phone,
 * and finds the conversation in the web history as a WhatsApp chat. Everything else (signatures,
 * deduplication, limits, the window) is tested at the server layer.
 */

const SCREENSHOTS = resolve(import.meta.dirname, 'artifacts/screenshots');

/** A Turkish mobile number no other test uses: as typed (national), stored (E.164) and shown. */
function uniqueNumber() {
  const national = `532${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
  const shown = `+90 ${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6, 8)} ${national.slice(8)}`;
  return { national, e164: `+90${national}`, shown };
}

test('a Pro person links a number with the sandbox code, chats from the sandbox phone, and finds the chat in the history', async ({
  page,
  context,
}) => {
  test.setTimeout(timeLimit(120_000));
  await proUser(page, 'whatsapp');
  const number = uniqueNumber();
  await page.goto('/web-main');
  await page.getByTestId('orientation-hint').getByRole('button').click();

  // The dialog: a country from the searchable list…
  await page.getByTestId('open-whatsapp').click();
  const dialog = page.getByTestId('whatsapp-dialog');
  await expect(dialog.getByTestId('whatsapp-step')).toHaveText(t('en', 'whatsapp:steps.country'));
  const search = dialog.getByRole('combobox', { name: t('en', 'whatsapp:country.label') });
  await search.fill('türk');
  await expect(dialog.getByRole('option', { name: /Türkiye/ })).toBeVisible();
  await search.fill('+90');
  await search.press('Enter');
  // …then the number, checked for Türkiye as it is typed.
  await expect(dialog.getByTestId('chosen-country')).toHaveText('Türkiye');
  const phone = dialog.getByLabel(`${t('en', 'whatsapp:phone.label')} (+90)`);
  await expect(phone).toBeFocused();
  await phone.pressSequentially('212 123 45 67');
  await expect(dialog.getByTestId('phone-hint')).toHaveText(t('en', 'whatsapp:phone.notMobile'));
  await phone.fill('');
  await phone.pressSequentially(number.national);
  await expect(phone).toHaveValue(/^532 \d{3} \d{2} \d{2}$/);
  await expect(dialog.getByTestId('phone-hint')).toContainText('+90 532');
  await dialog.getByRole('button', { name: t('en', 'whatsapp:sendCode') }).click();

  // The code is not sent anywhere in test mode: it is on the sandbox phone.
  await expect(dialog.getByTestId('whatsapp-step')).toHaveText(t('en', 'whatsapp:steps.code'));
  await expect(dialog.getByTestId('code-delivery')).toHaveText(t('en', 'whatsapp:delivery.delivered'));
  const [sandbox] = await Promise.all([context.waitForEvent('page'), dialog.getByTestId('open-sandbox-phone').click()]);
  await expect(sandbox).toHaveURL(urlWithPath('/whatsapp/sandbox'));
  await expect(sandbox.getByRole('note')).toContainText(t('en', 'testMode'));
  await expect(sandbox.getByTestId('sandbox-phone-number')).toHaveText(number.shown);
  const codeMessage = sandbox.locator('[data-testid="sandbox-message"][data-kind="template"]');
  await expect(codeMessage).toContainText('is your Polymath verification code');
  const code = /(\d{6}) is your Polymath verification code/.exec((await codeMessage.textContent()) ?? '')?.[1];
  expect(code).toBeDefined();

  await page.bringToFront();
  await dialog.getByLabel(t('en', 'whatsapp:code.label')).fill(code ?? '');
  await dialog.getByRole('button', { name: t('en', 'whatsapp:code.verify') }).click();
  await expect(dialog.getByRole('status')).toHaveText(t('en', 'whatsapp:linked.done'));
  await expect(dialog.getByTestId('open-whatsapp-chat')).toHaveAttribute('href', '/whatsapp/sandbox');
  await page.keyboard.press('Escape');

  // Chatting from the sandbox phone: the message goes through the signed webhook, the answer comes back.
  await sandbox.bringToFront();
  const word = uniqueWord('wa');
  await sandbox.getByLabel(t('en', 'whatsapp:phonePage.message')).fill(`What is a ${word}?`);
  await sandbox.getByLabel(t('en', 'whatsapp:phonePage.message')).press('Enter');
  const answer = sandbox.locator('[data-testid="sandbox-message"][data-direction="out"][data-kind="text"]');
  await expect(answer).toContainText('Hello from gpt-4o-mini (openai stand-in).', { timeout: timeLimit(30_000) });
  await expect(sandbox.locator('[data-testid="sandbox-message"][data-direction="in"]')).toContainText(word);

  // The conversation is in the web history, with the WhatsApp icon, and opens read-only.
  await page.bringToFront();
  await page.reload();
  const item = page.getByTestId('history-item').filter({ hasText: word });
  await expect(item).toHaveCount(1);
  await expect(item.getByTestId('history-item-tool')).toHaveAttribute('data-tool', 'whatsapp');
  await item.getByRole('link').click();
  await expect(page).toHaveURL(/\/whatsapp\/wa[A-Za-z0-9_-]+$/);
  const log = page.getByTestId('chat-log');
  await expect(log.locator('[data-role="user"]')).toContainText(`What is a ${word}?`);
  await expect(log.locator('[data-role="assistant"]')).toContainText('Hello from gpt-4o-mini (openai stand-in).');
  await expect(page.getByTestId('whatsapp-read-only')).toContainText(t('en', 'whatsapp:page.readOnly'));
  await expect(page.locator('#chat-input')).toHaveCount(0);
  await expect(page.getByTestId('chat-edit')).toHaveCount(0);

  // Settings shows the number with "Open WhatsApp".
  await page.goto('/settings/login-connections');
  await expect(page.getByTestId('whatsapp-linked-number')).toHaveText(number.shown);
  await expect(page.getByTestId('whatsapp-settings').getByTestId('open-whatsapp-chat')).toBeVisible();
});

/** Links a number and holds one exchange on the sandbox phone through the API (the calls the pages make). */
async function linkedWithChat(request: APIRequestContext): Promise<{ phone: string; threadId: string }> {
  const headers = originHeader();
  const { e164 } = uniqueNumber();
  const sent = await request.post('/api/whatsapp/link/code', {
    headers,
    data: { phone: e164, country: 'TR', modelId: 'gpt-4o-mini', locale: 'en' },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const shown = (await (await request.get(`/api/whatsapp/sandbox/phone?phone=${encodeURIComponent(e164)}`)).json()) as {
    messages: { text: string }[];
  };
  const code = /\b(\d{6})\b/.exec(shown.messages[0]?.text ?? '')?.[1] ?? '';
  expect((await request.post('/api/whatsapp/link/verify', { headers, data: { code } })).status()).toBe(200);
  const typed = await request.post('/api/whatsapp/sandbox/phone/messages', {
    headers,
    data: { phone: e164, text: 'Show me **bold** and a list [[fake text="Sure: **bold**\\n\\n- one\\n- two"]]' },
  });
  expect(typed.status()).toBe(202);
  let threadId = '';
  await expect
    .poll(async () => {
      const list = (await (await request.get('/api/threads?toolId=whatsapp')).json()) as { threads: { id: string }[] };
      threadId = list.threads[0]?.id ?? '';
      const phone = (await (
        await request.get(`/api/whatsapp/sandbox/phone?phone=${encodeURIComponent(e164)}`)
      ).json()) as { messages: unknown[] };
      return threadId !== '' && phone.messages.length === 3;
    })
    .toBe(true);
  return { phone: e164, threadId };
}

test('phone screenshots of the dialog, the sandbox phone, a WhatsApp chat and Settings, in both themes and languages @tour', async ({
  page,
  browser,
  problems,
}) => {
  test.setTimeout(timeLimit(180_000));
  mkdirSync(SCREENSHOTS, { recursive: true });
  await proUser(page, 'whatsapp-shots');
  const { threadId } = await linkedWithChat(page.request);
  const { cookies } = await page.context().storageState();

  type Shot = { name: string; path: string; ready: (view: Page, locale: Locale) => Promise<void> };
  const shots: Shot[] = [
    {
      name: 'dialog-country',
      path: '/web-main',
      ready: async (view, locale) => {
        await view.getByTestId('open-whatsapp').click();
        const dialog = view.getByTestId('whatsapp-dialog');
        await dialog.getByRole('button', { name: t(locale, 'whatsapp:linked.change') }).click();
        await expect(dialog.getByRole('combobox', { name: t(locale, 'whatsapp:country.label') })).toBeVisible();
      },
    },
    {
      name: 'dialog-phone',
      path: '',
      ready: async (view, locale) => {
        const dialog = view.getByTestId('whatsapp-dialog');
        const search = dialog.getByRole('combobox', { name: t(locale, 'whatsapp:country.label') });
        await search.fill('+90');
        await search.press('Enter');
        await dialog.getByLabel(`${t(locale, 'whatsapp:phone.label')} (+90)`).pressSequentially('5441234567');
        await expect(dialog.getByTestId('phone-hint')).toContainText('+90 544 123 45 67');
      },
    },
    {
      name: 'sandbox-phone',
      path: '/whatsapp/sandbox',
      ready: async (view) => {
        await expect(view.getByTestId('sandbox-message')).toHaveCount(3);
        await expect(view.locator('[data-direction="out"][data-kind="text"]')).toContainText('Sure: *bold*');
      },
    },
    {
      name: 'thread',
      path: `/whatsapp/${threadId}`,
      ready: async (view, locale) => {
        await expect(view.getByTestId('chat-log').locator('[data-role="assistant"]')).toContainText('bold');
        await expect(view.getByTestId('whatsapp-read-only')).toContainText(t(locale, 'whatsapp:page.readOnly'));
      },
    },
    {
      name: 'settings',
      path: '/settings/login-connections',
      ready: async (view) => {
        await expect(view.getByTestId('whatsapp-linked-number')).toBeVisible();
        await view.getByTestId('whatsapp-settings').scrollIntoViewIfNeeded();
      },
    },
  ];

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
          await expectNoSidewaysOverflow(view, `${shot.name} (${theme}, ${locale}, phone)`);
          // Accessibility in each theme: English in the full tour, whichever language the default one has.
          if (locale === 'en' || !FULL_TOURS) await expectNoSeriousViolations(view, `${shot.name} (${theme})`);
          await view.screenshot({
            path: resolve(SCREENSHOTS, `whatsapp-${shot.name}-${theme}-${locale}-phone.png`),
            animations: 'disabled',
          });
        });
      }
      await context.close();
    }
  }
});
