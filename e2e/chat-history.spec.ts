import {
  defaultAnswer,
  freeUser,
  history,
  historyItem,
  historyMenu,
  onlyChatId,
  openChat,
  openThread,
  proUser,
  sendAndWait,
  storedThread,
  text,
  uniqueWord,
} from './support/chat.ts';
import { expect, STORAGE_KEYS, test } from './support/fixtures.ts';
import { readServerState } from './support/server-state.ts';

/**
 * The chat history in the sidebar, with real chats made through the stand-ins: starring, renaming
 * (the 50-character rule), searching titles and messages, and the date groups as the browser's clock
 * moves on (Playwright's clock; the server's data does not change). Each test has its own account.
 */
test.use({ storage: { [STORAGE_KEYS.orientationHintDismissed]: '1' } });

const DAY_MS = 24 * 60 * 60 * 1000;

test('star, rename (at most 50 characters) and search a chat', async ({ page }) => {
  const user = await freeUser(page, 'history');
  await openChat(page, user);
  const word = uniqueWord('quokka');
  await sendAndWait(page, `Tell me about ${word} [[fake tokens=2]]`, defaultAnswer('openai', 'gpt-4o-mini', 2));
  const threadId = await onlyChatId(page);
  const row = historyItem(page, threadId);
  const { thread } = await storedThread(page, threadId);
  const originalTitle = thread.title;
  await expect(row.getByRole('link')).toHaveText(originalTitle);

  // Star: the chat is listed under Starred.
  await historyMenu(page, threadId, 'history-star');
  await expect(row.getByRole('link')).toContainText(text('en', 'threads:starredLabel'));
  await history(page).getByTestId('history-tab-starred').click();
  await expect(history(page).getByTestId('history-tab-starred')).toHaveAttribute('aria-selected', 'true');
  await expect(row).toBeVisible();
  await expect(history(page).getByTestId('history-item')).toHaveCount(1);
  expect((await storedThread(page, threadId)).thread.starred).toBe(true);
  await history(page).getByTestId('history-tab-all').click();
  await expect(row).toBeVisible();

  // Rename to 51 characters: the spec's message, and nothing changes.
  const title50 = 'Weekend plans and a long list of ideas to try out!';
  expect(title50).toHaveLength(50);
  await historyMenu(page, threadId, 'history-rename');
  const input = row.getByTestId('history-rename-input');
  await expect(input).toBeFocused();
  await input.fill(`${title50}x`);
  const tooLong = text('en', 'validation:titleMax');
  expect(tooLong).toBe('Title must be at most 50 characters long');
  await expect(row.getByRole('alert')).toHaveText(tooLong);
  await input.press('Enter');
  await expect(row.getByRole('alert')).toHaveText(tooLong);
  await input.press('Escape');
  await expect(input).toHaveCount(0);
  await expect(row.getByRole('link')).toContainText(originalTitle);
  expect((await storedThread(page, threadId)).thread.title).toBe(originalTitle);

  // Rename to 50 characters: saved, and still there after a reload.
  await historyMenu(page, threadId, 'history-rename');
  await input.fill(title50);
  await expect(row.getByRole('alert')).toHaveCount(0);
  await input.press('Enter');
  await expect(input).toHaveCount(0);
  await expect(row.getByRole('link')).toContainText(title50);
  await page.reload();
  await expect(row.getByRole('link')).toContainText(title50);
  expect((await storedThread(page, threadId)).thread.title).toBe(title50);

  // Search: a word of the message (no longer in the title) finds the chat; nonsense finds nothing.
  const search = history(page).getByTestId('history-search');
  await search.fill(word);
  await expect(history(page).getByTestId('history-results').locator(`[data-thread-id="${threadId}"]`)).toBeVisible();
  await expect(history(page).getByTestId('history-results').getByTestId('history-item')).toHaveCount(1);
  const nonsense = uniqueWord('xyzzyplugh');
  await search.fill(nonsense);
  await expect(history(page).getByTestId('history-empty')).toHaveText(
    text('en', 'threads:search.noResults', { query: nonsense }),
  );
  await expect(history(page).getByTestId('history-item')).toHaveCount(0);
  await history(page).getByTestId('history-search-clear').click();
  await expect(row).toBeVisible();
});

test('date groups follow the browser clock: Today, Previous 7 Days, Last Month, Other Days', async ({ page }) => {
  const user = await freeUser(page, 'clock');
  await openChat(page, user);
  await sendAndWait(page, 'Plan my week [[fake tokens=1 pace=1]]', defaultAnswer('openai', 'gpt-4o-mini', 1));
  const threadId = await onlyChatId(page);
  // The chat's last activity as the server stored it: the browser's clock is set relative to it.
  const updatedAt = Date.parse((await storedThread(page, threadId)).thread.updatedAt);

  const steps = [
    [0, 'today'],
    [3, 'previous7'],
    [20, 'lastMonth'],
    [45, 'other'],
  ] as const;
  for (const [days, group] of steps) {
    await test.step(`${days} days later: ${group}`, async () => {
      await page.clock.setFixedTime(updatedAt + days * DAY_MS);
      await page.reload();
      expect(await page.evaluate(() => Date.now())).toBe(updatedAt + days * DAY_MS);
      const section = history(page).getByTestId(`history-group-${group}`);
      await expect(section.getByRole('heading')).toHaveText(text('en', `threads:groups.${group}`));
      await expect(section.locator(`[data-thread-id="${threadId}"]`)).toBeVisible();
      await expect(history(page).locator('[data-testid^="history-group-"]')).toHaveCount(1);
    });
  }
});

test('a long chat opens at its newest messages; scrolling up loads the earlier ones in place, with a retry', async ({
  page,
  problems,
}) => {
  test.slow();
  await proUser(page, 'long-chat');
  // 55 turns = 110 messages: more than the 100 a chat opens with. Written through the API (the
  // stand-in answers in two tokens), as the chat would, to keep the journey short.
  const threadId = uniqueWord('long');
  const turns = 55;
  for (let turn = 1; turn <= turns; turn++) {
    const response = await page.request.post('/api/chat', {
      headers: { origin: readServerState().baseUrl },
      data: {
        trigger: 'submit-message',
        threadId,
        toolId: 'web-main',
        modelId: 'gpt-4o-mini',
        message: {
          id: uniqueWord('m'),
          role: 'user',
          parts: [{ type: 'text', text: `Turn ${turn} [[fake tokens=2]]` }],
        },
      },
    });
    expect(response.status(), await response.text()).toBe(200);
  }

  // On a phone, where fewer messages are near the view (the virtual list renders only those).
  await page.setViewportSize({ width: 390, height: 844 });
  await openThread(page, threadId);
  const log = page.getByTestId('chat-log');
  const scroller = page.getByTestId('chat-scroller');
  const bar = page.getByTestId('earlier-messages');
  const turn = (n: number) => log.getByTestId('chat-message').filter({ hasText: `Turn ${n} [[fake` });
  await expect(turn(turns)).toBeInViewport();
  // The first five turns are not in the opening page.
  await expect(turn(5)).toHaveCount(0);
  await expect(bar.getByRole('button', { name: text('en', 'chat:earlier.show') })).toBeAttached();

  // Scrolling to the top loads them above; the message that was at the top stays in view; the bar goes.
  await scroller.evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(bar).toHaveCount(0);
  await expect(turn(6)).toBeInViewport();
  expect(await scroller.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  // Further up (with the wheel, as a person would): the chat's first messages, in order.
  await scroller.hover();
  await page.mouse.wheel(0, -20_000);
  await expect(turn(1)).toBeInViewport();
  const order = await log
    .getByTestId('chat-message')
    .filter({ hasText: /Turn [1-3] \[\[fake/ })
    .allInnerTexts();
  expect(order.map((t) => /Turn (\d+)/.exec(t)?.[1])).toEqual(['1', '2', '3']);

  // Opened again, the first try fails: the bar says so and offers a retry; nothing is lost or moved.
  let failNext = true;
  await page.route(`**/api/threads/${threadId}/messages?*`, async (route) => {
    if (!failNext) return route.fallback();
    failNext = false;
    await route.fulfill({ status: 503, json: { error: { code: 'SERVICE_UNAVAILABLE', message: 'Try again' } } });
  });
  problems.allow(/status of 503/);
  await openThread(page, threadId);
  await expect(turn(turns)).toBeInViewport();
  await scroller.evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(bar.getByRole('alert')).toHaveText(text('en', 'chat:earlier.failed'));
  await expect(turn(6)).toBeInViewport();
  await expect(turn(5)).toHaveCount(0);

  // The retry loads them, in place as before.
  await bar.getByRole('button', { name: text('en', 'chat:actions.retry') }).click();
  await expect(bar).toHaveCount(0);
  await expect(turn(6)).toBeInViewport();
  await expect(turn(5)).toHaveCount(1);
});
