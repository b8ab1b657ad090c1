import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import {
  allowHttpErrors,
  answerBody,
  chatInput,
  creditsLine,
  defaultAnswer,
  expectIdle,
  fakeCalls,
  freeUser,
  lastAnswer,
  messages,
  onlyChatId,
  openChat,
  openThread,
  type Provider,
  pickModel,
  proUser,
  requestsWith,
  send,
  sendAndWait,
  storedText,
  storedThread,
  text,
  threadIdFromUrl,
  uniqueWord,
  wordsCutAcrossLines,
} from './support/chat.ts';
import { APP_VERSION, expect, expectTheme, prepareContext, STORAGE_KEYS, test } from './support/fixtures.ts';
import { LOCALES } from './support/i18n.ts';
import { expectNoSidewaysOverflow } from './support/layout.ts';
import { readServerState } from './support/server-state.ts';
import { timeLimit } from './support/time-limits.ts';
import { inTour, tourViewports } from './support/tours.ts';

/**
 * The main chat in the browser against the real server and the model providers' stand-ins
 * (packages/provider-fakes): a `[[fake …]]` directive in the message scripts each answer, so every
 * test knows exactly what the model says. Each test signs in its own fresh account.
 */
test.use({ storage: { [STORAGE_KEYS.orientationHintDismissed]: '1' } });

const SCREENSHOTS = resolve(import.meta.dirname, 'artifacts/screenshots');

type ModelCase = { id: string; name: string; provider: Provider; pro?: boolean };

const MODELS: ModelCase[] = [
  { id: 'gpt-4o-mini', name: 'GPT-4o mini', provider: 'openai' },
  { id: 'claude-3-5-haiku-latest', name: 'Claude 3.5 Haiku', provider: 'anthropic' },
  { id: 'gemini-2.0-flash', name: 'Gemini 2.0 Flash', provider: 'google' },
  { id: 'deepseek-chat', name: 'DeepSeek Chat', provider: 'deepseek' },
  { id: 'grok-2-vision', name: 'Grok 2 Vision', provider: 'xai', pro: true },
];

test.describe('a model of each provider answers through its stand-in', () => {
  for (const model of MODELS) {
    test(`${model.id} (${model.provider}${model.pro ? ', Pro' : ''})`, async ({ page }) => {
      const user = model.pro ? await proUser(page) : await freeUser(page);
      await openChat(page, user);
      if (model.id !== 'gpt-4o-mini') await pickModel(page, model.id, model.name);
      else await expect(page.getByTestId('current-model-name')).toHaveText(model.name);

      const marker = uniqueWord();
      const before = await fakeCalls();
      const answer = defaultAnswer(model.provider, model.id, 4);
      // Paced, so the page sees the answer stream (an answer that arrives at once has its own test).
      const question = `Say hello ${marker} [[fake tokens=4 pace=25]]`;
      await sendAndWait(page, question, answer);

      await expect(messages(page)).toHaveCount(2);
      await expect(messages(page, 'user')).toHaveText(question);
      const threadId = await threadIdFromUrl(page);
      await expect(page.getByRole('complementary').locator(`[data-thread-id="${threadId}"]`)).toBeVisible();

      // Exactly one provider request carried this message, to this provider; its count went up.
      const mine = await requestsWith(marker);
      expect(mine.map((r) => r.provider)).toEqual([model.provider]);
      const after = await fakeCalls();
      expect(after[model.provider]).toBeGreaterThanOrEqual(before[model.provider] + 1);
      const stored = await storedThread(page, threadId);
      expect(stored.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
      expect(storedText(stored.messages[1])).toBe(answer);
      expect(stored.messages[1]?.metadata?.modelId).toBe(model.id);
    });
  }
});

test('a new chat gets its address even when the whole answer arrives at once', async ({ page }) => {
  const user = await freeUser(page);
  // A buffering proxy: the browser gets the answer's stream in one piece, once it has ended.
  await page.route('**/api/chat', async (route) => {
    // A kept-alive connection the server closes just as it is reused resets; a browser sends again, so does this.
    const response = await route.fetch({ maxRetries: 2 });
    await route.fulfill({ response, body: await response.body() });
  });
  await openChat(page, user);
  await sendAndWait(page, 'Quick [[fake tokens=3]]', defaultAnswer('openai', 'gpt-4o-mini', 3));
  const threadId = await threadIdFromUrl(page);
  // The address is the chat's: a reload shows it again.
  await page.reload();
  await expect(messages(page)).toHaveCount(2);
  await expect(page.getByRole('complementary').locator(`[data-thread-id="${threadId}"]`)).toHaveAttribute(
    'data-active',
    'true',
  );
});

test('stop: the answer stops growing and what was written is kept', async ({ page }) => {
  const user = await freeUser(page);
  await openChat(page, user);
  await send(page, '[[fake tokens=400 pace=30]]');
  const answer = lastAnswer(page);
  await expect(answer).toContainText(/\bw5\b/);
  await page.getByTestId('chat-stop').click();
  await expectIdle(page);
  const threadId = await threadIdFromUrl(page);

  const shown = (await answerBody(answer).innerText()).trim();
  const lastShown = Number(/w(\d+)(?!.*w\d)/s.exec(shown)?.[1]);
  expect(lastShown).toBeGreaterThanOrEqual(5);
  expect(lastShown).toBeLessThan(400);

  // The server settles the answer as stopped; meanwhile the page did not go on writing.
  await expect.poll(async () => (await storedThread(page, threadId)).messages[1]?.metadata?.status).toBe('stopped');
  await expect(answer).toContainText(text('en', 'chat:status.stopped'));
  const stored = storedText((await storedThread(page, threadId)).messages[1]);
  expect(stored).toMatch(/^Hello from gpt-4o-mini \(openai stand-in\)\. w1 w2 w3 w4 w5\b/);
  expect(stored).not.toContain('w400');
  // The server may have written a few words more before the stop reached it (more on a loaded
  // machine), never less; the page shows what it had or, once settled, what was stored: nothing else.
  expect(stored.startsWith(shown)).toBe(true);
  expect([shown, stored]).toContain((await answerBody(answer).innerText()).trim());

  await page.reload();
  await expect(lastAnswer(page)).toContainText(stored);
  await expect(lastAnswer(page)).toContainText(text('en', 'chat:status.stopped'));
  await expect(lastAnswer(page)).not.toContainText('w400');
  await expect(messages(page)).toHaveCount(2);
});

test('regenerate after switching the model: the new answer replaces the old one', async ({ page }) => {
  const user = await freeUser(page);
  await openChat(page, user);
  const marker = uniqueWord();
  await sendAndWait(page, `Hi ${marker} [[fake tokens=3]]`, defaultAnswer('openai', 'gpt-4o-mini', 3));
  const threadId = await onlyChatId(page);

  await pickModel(page, 'claude-3-5-haiku-latest', 'Claude 3.5 Haiku');
  await page.getByTestId('chat-regenerate').click();
  const regenerated = defaultAnswer('anthropic', 'claude-3-5-haiku-latest', 3);
  await expect(lastAnswer(page)).toHaveText(regenerated);
  await expectIdle(page);
  await expect(messages(page, 'assistant')).toHaveCount(1);
  await expect(messages(page)).toHaveCount(2);
  expect((await requestsWith(marker)).map((r) => r.provider)).toEqual(['openai', 'anthropic']);

  await openThread(page, threadId);
  await expect(messages(page)).toHaveCount(2);
  await expect(lastAnswer(page)).toHaveText(regenerated);
  const stored = await storedThread(page, threadId);
  expect(stored.messages.map((m) => storedText(m))).toEqual([`Hi ${marker} [[fake tokens=3]]`, regenerated]);
});

test('edit a sent message: the answer to the edited text replaces the old turn', async ({ page }) => {
  const user = await freeUser(page);
  await openChat(page, user);
  const first = '[[fake text="The first answer."]]';
  const edited = '[[fake text="The answer to the edit."]]';
  await sendAndWait(page, first, 'The first answer.');
  const threadId = await onlyChatId(page);

  const question = messages(page, 'user').first();
  await question.hover();
  await question.getByTestId('chat-edit').click();
  const box = page.getByTestId('chat-edit-box');
  await expect(box.getByRole('textbox')).toHaveValue(first);
  await box.getByRole('textbox').fill(edited);
  await box.getByTestId('chat-edit-save').click();

  await expect(lastAnswer(page)).toHaveText('The answer to the edit.');
  await expectIdle(page);
  await expect(messages(page)).toHaveCount(2);
  await expect(messages(page, 'user')).toHaveText(edited);

  await openThread(page, threadId);
  await expect(messages(page)).toHaveCount(2);
  await expect(messages(page, 'user')).toHaveText(edited);
  await expect(lastAnswer(page)).toHaveText('The answer to the edit.');
  const stored = await storedThread(page, threadId);
  expect(stored.messages.map((m) => storedText(m))).toEqual([edited, 'The answer to the edit.']);
});

test('reloading while the answer streams: it continues in the reloaded page and is stored once', async ({ page }) => {
  const user = await freeUser(page);
  await openChat(page, user);
  const full = defaultAnswer('openai', 'gpt-4o-mini', 150);
  await send(page, '[[fake tokens=150 pace=40]]');
  await expect(lastAnswer(page)).toContainText(/\bw5\b/);
  const threadId = await threadIdFromUrl(page);

  await page.reload();
  // Still being written when the reloaded page shows it, then finished there.
  await expect(page.getByTestId('chat-stop')).toBeVisible();
  await expect(lastAnswer(page)).toHaveText(full, { timeout: timeLimit(20_000) });
  await expectIdle(page);
  await expect(messages(page)).toHaveCount(2);

  await page.reload();
  await expect(messages(page)).toHaveCount(2);
  await expect(lastAnswer(page)).toHaveText(full);
  const stored = await storedThread(page, threadId);
  expect(storedText(stored.messages[1])).toBe(full);
  expect(stored.messages[1]?.metadata?.status).toBe('complete');
});

test('out of free messages: the meter counts down, then the upgrade prompt, and the text is kept', async ({
  page,
  problems,
}) => {
  allowHttpErrors(problems, 402);
  const user = await freeUser(page);
  const credits = (await (await page.request.get('/api/credits')).json()) as { dailyLimit: number };
  const limit = credits.dailyLimit;
  expect(limit, 'start-server.ts sets a small FREE_DAILY_MESSAGES').toBeLessThanOrEqual(5);
  await openChat(page, user);

  // The meter's checks are soft: a missing meter is reported once, and the rest of the journey runs.
  const meter = page.getByTestId('credits-meter');
  await expect.soft(meter, 'the credits meter is shown to a free account').toBeVisible();
  const meterShown = await meter.isVisible();
  if (meterShown) {
    await expect.soft(meter).toHaveAttribute('data-state', 'available');
    await expect.soft(meter).toContainText(creditsLine('en', limit, limit));
  }
  for (let n = 1; n <= limit; n++) {
    await sendAndWait(page, `Message ${n} [[fake tokens=1 pace=1]]`, defaultAnswer('openai', 'gpt-4o-mini', 1));
    if (meterShown) await expect.soft(meter).toContainText(creditsLine('en', limit - n, limit));
  }
  if (meterShown) await expect.soft(meter).toHaveAttribute('data-state', 'empty');
  const used = (await (await page.request.get('/api/credits')).json()) as { remaining: number };
  expect(used.remaining).toBe(0);

  const typed = 'One more question, please';
  await send(page, typed);
  await expect(page.getByTestId('chat-upgrade-prompt')).toBeVisible();
  await expect(page.getByTestId('chat-upgrade-prompt')).toHaveText(text('en', 'errors:OUT_OF_CREDITS'));
  const dialog = page.getByTestId('upgrade-dialog');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(chatInput(page)).toHaveValue(typed);
  // The refused message is not left in the conversation (it went back into the input).
  await expect(messages(page, 'user')).toHaveCount(limit);
  await page.getByTestId('chat-upgrade').click();
  await expect(dialog).toBeVisible();
});

test('a free account cannot use a Pro model, in the picker or through the API', async ({ page, problems }) => {
  allowHttpErrors(problems, 403);
  const user = await freeUser(page);
  await openChat(page, user);
  await expect(page.getByTestId('current-model-name')).toHaveText('GPT-4o mini');

  await page.getByTestId('model-picker').click();
  const pro = page.getByTestId('model-option-gpt-4o');
  await expect(pro).toHaveAttribute('data-locked', 'true');
  await expect(pro).toContainText(text('en', 'chat:models.pro'));
  await expect(pro).toContainText(text('en', 'chat:models.locked'));
  await expect(page.getByTestId('model-option-gpt-4o-mini')).not.toHaveAttribute('data-locked', /.*/);
  await pro.click();
  await expect(page.getByTestId('upgrade-dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('upgrade-dialog')).toHaveCount(0);
  await expect(page.getByTestId('current-model-name')).toHaveText('GPT-4o mini');

  const response = await page.request.post('/api/chat', {
    headers: { origin: readServerState().baseUrl },
    data: {
      trigger: 'submit-message',
      threadId: uniqueWord('thread'),
      toolId: 'web-main',
      modelId: 'gpt-4o',
      message: { id: uniqueWord('msg'), role: 'user', parts: [{ type: 'text', text: 'Hello' }] },
    },
  });
  expect(response.status()).toBe(403);
  expect(((await response.json()) as { error: { code: string } }).error.code).toBe('MODEL_REQUIRES_PRO');
});

test('a signed-out visitor sees the models and examples; sending asks to sign in and keeps the draft', async ({
  page,
}) => {
  await page.goto('/web-main');
  await expect(page.getByTestId('current-model-name')).toHaveText('GPT-4o mini');
  await expect(page.getByTestId('chat-example')).not.toHaveCount(0);
  await page.getByTestId('model-picker').click();
  await expect(page.getByTestId('model-option-claude-3-5-haiku-latest')).toBeVisible();
  await page.keyboard.press('Escape');

  // An example fills the input; the visitor's own words replace it.
  const example = page.getByTestId('chat-example').first();
  const exampleText = (await example.innerText()).trim();
  await example.click();
  await expect(chatInput(page)).toHaveValue(exampleText);
  const draft = 'What is the tallest mountain in Turkey?';
  await chatInput(page).fill(draft);
  await page.getByTestId('send-message').click();
  const dialog = page.getByTestId('auth-dialog');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(chatInput(page)).toHaveValue(draft);
  await expect(page.getByTestId('chat-log')).toHaveCount(0);
});

const CODE_LINE = `const ${'averyveryverylongidentifier'.repeat(4)} = computeSomethingQuiteLong(alpha, beta, gamma, delta, epsilon);`;
const RICH_ANSWER = [
  'Here is the code:',
  '',
  '```js',
  CODE_LINE,
  '```',
  '',
  '| Language | Released | Typing discipline | Main paradigm | Notable feature |',
  '| --- | --- | --- | --- | --- |',
  '| JavaScript | 1995 | dynamic, weak | multi-paradigm | runs in every browser |',
  '| TypeScript | 2012 | static, structural | multi-paradigm | types erased at build time |',
].join('\n');

/** A directive whose quoted text is `answer` (quotes and backslashes escaped, newlines as \n). */
function textDirective(answer: string): string {
  return `[[fake text="${answer.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"]]`;
}

async function expectRichAnswer(page: Page) {
  const answer = lastAnswer(page);
  await expect(answer.locator('pre code')).toContainText(CODE_LINE);
  await expect(answer.locator('table tr')).toHaveCount(3);
}

test('code and a wide table fit a phone; screenshots in both themes and languages @tour', async ({
  page,
  browser,
  problems,
}) => {
  test.setTimeout(timeLimit(60_000));
  mkdirSync(SCREENSHOTS, { recursive: true });
  const user = await freeUser(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/web-main');
  await expect(page.getByTestId('current-model-name')).toHaveText('GPT-4o mini');
  await send(page, `Show me code and a table ${textDirective(RICH_ANSWER)}`);
  await expectRichAnswer(page);
  await expectIdle(page);
  const threadId = await onlyChatId(page);
  await expectNoSidewaysOverflow(page, 'phone chat with code and a table');
  // The code block scrolls inside itself; so does the table, rather than cutting its words apart.
  const pre = lastAnswer(page).locator('pre');
  expect(await pre.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  expect
    .soft(await wordsCutAcrossLines(lastAnswer(page).locator('th, td')), 'table words cut in the middle on a phone')
    .toEqual([]);

  const { cookies } = await page.context().storageState();
  for (const theme of ['light', 'dark'] as const) {
    for (const locale of LOCALES) {
      if (!inTour(theme, locale)) continue;
      const context = await browser.newContext({ baseURL: readServerState().baseUrl });
      await prepareContext(context, {
        [STORAGE_KEYS.appVersion]: String(APP_VERSION),
        [STORAGE_KEYS.orientationHintDismissed]: '1',
        [STORAGE_KEYS.theme]: theme,
        [STORAGE_KEYS.locale]: locale,
      });
      problems.watchContext(context);
      await context.addCookies(cookies);
      const view = await context.newPage();
      for (const [viewport, size] of tourViewports(theme, locale)) {
        await test.step(`${theme}, ${locale}, ${viewport}`, async () => {
          await view.setViewportSize(size);
          await view.goto(`/web-main/${threadId}`);
          await expect(view.locator('html')).toHaveAttribute('lang', locale);
          await expectTheme(view, theme);
          await expectRichAnswer(view);
          await expect(view.locator('#chat-input')).toHaveAccessibleName(text(locale, 'chat.inputLabel'));
          if (viewport === 'phone') await expectNoSidewaysOverflow(view, `chat (${theme}, ${locale}, phone)`);
          await view.screenshot({
            path: resolve(SCREENSHOTS, `chat-${theme}-${locale}-${viewport}.png`),
            animations: 'disabled',
          });
        });
      }
      await context.close();
    }
  }
  expect(user.email).toContain('@');
});

test('answers cannot run script links or load images by themselves', async ({ page }) => {
  const user = await freeUser(page);
  const external: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).hostname.endsWith('example.com')) external.push(request.url());
  });
  await page.route(/^https?:\/\/([^/]*\.)?example\.com\//, (route) => route.abort());
  await openChat(page, user);
  const answer =
    'Click [the prize](javascript:alert(document.cookie)) now. ![x](https://example.com/a.png) Also [a site](https://example.com/page).';
  await send(page, `Links please ${textDirective(answer)}`);
  const rendered = lastAnswer(page);
  await expect(rendered).toContainText('Also a site.');
  await expectIdle(page);
  const threadId = await onlyChatId(page);

  // The javascript: link is only text.
  await expect(rendered.getByText('the prize')).toBeVisible();
  await expect(rendered.getByRole('link', { name: 'the prize' })).toHaveCount(0);
  await expect(rendered.locator('[href^="javascript:" i], [src^="javascript:" i]')).toHaveCount(0);
  await expect(page.locator('a[href^="javascript:" i]')).toHaveCount(0);
  // The image is a link that says what it is and where; nothing is fetched from example.com.
  await expect(rendered.locator('img')).toHaveCount(0);
  const imageLink = rendered.getByTestId('md-image-link');
  await expect(imageLink).toHaveAttribute('href', 'https://example.com/a.png');
  await expect(imageLink).toHaveText(text('en', 'chat:markdown.image', { alt: 'x', host: 'example.com' }));
  await expect(rendered.getByRole('link', { name: 'a site' })).toHaveAttribute('href', 'https://example.com/page');
  await expect(rendered.getByRole('link', { name: 'a site' })).toHaveAttribute('rel', /noopener/);

  await openThread(page, threadId);
  await expect(lastAnswer(page)).toContainText('Also a site.');
  await expect(lastAnswer(page).locator('img')).toHaveCount(0);
  await expect(page.locator('a[href^="javascript:" i]')).toHaveCount(0);
  expect(external).toEqual([]);
});
