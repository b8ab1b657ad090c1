import {
  chatInput,
  openChat,
  openThread,
  pickModel,
  proUser,
  send,
  storedThread,
  text,
  threadIdFromUrl,
  uniqueWord,
} from './support/chat.ts';
import { expect, STORAGE_KEYS, test } from './support/fixtures.ts';
import { setContextWindow } from './support/provider-fakes.ts';
import { readServerState } from './support/server-state.ts';
import { timeLimit } from './support/time-limits.ts';

/**
 * Long chats (issue 30, decision 028): a chat that outgrew the recent-history budget has its earlier
 * messages summarised for the model, which the chat marks quietly while every message stays to scroll
 * to and search; a chat too long for its model goes on in a new chat that starts from its summary.
 */
test.use({ storage: { [STORAGE_KEYS.orientationHintDismissed]: '1' } });

type Summary = { throughMessageId: string; text: string; kind: string; fromThreadId: string | null };

test('a long chat marks where its earlier messages are summarised, and still scrolls to its first message', async ({
  page,
}) => {
  test.slow();
  await proUser(page, 'long-summary');
  // 14 turns of ~1,300 tokens each: more than the 16,000 tokens of recent messages a turn sends
  // word for word, so the oldest are folded into a summary (by gpt-4o-mini, through the stand-in).
  const threadId = uniqueWord('sum');
  const first = uniqueWord('lighthouse');
  const turns = 14;
  for (let turn = 1; turn <= turns; turn++) {
    const words = `${turn === 1 ? `${first} ` : ''}the old harbour with its ships, its trade routes and its lighthouse keepers. `;
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
          parts: [{ type: 'text', text: `Turn ${turn}: ${words.repeat(80)} [[fake tokens=2]]` }],
        },
      },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
  let summary: Summary | null = null;
  await expect
    .poll(
      async () => {
        summary = ((await storedThread(page, threadId)) as unknown as { summary: Summary | null }).summary;
        return summary?.kind;
      },
      { timeout: timeLimit(30_000) },
    )
    .toBe('model');
  const marked = summary as unknown as Summary;

  await page.setViewportSize({ width: 390, height: 844 });
  await openThread(page, threadId);
  const marker = page.getByTestId('summary-marker');
  await expect(marker).toHaveCount(1);
  await expect(marker.locator('xpath=ancestor::article[1]')).toHaveAttribute(
    'data-message-id',
    marked.throughMessageId,
  );
  await expect(marker).toContainText(text('en', 'chat:summary.marker'));
  await marker.scrollIntoViewIfNeeded();
  await marker.getByText(text('en', 'chat:summary.show')).click();
  await expect(marker.getByText(marked.text.slice(0, 30))).toBeVisible();

  // Every message is still there: up to the first one, which search finds too.
  const scroller = page.getByTestId('chat-scroller');
  await scroller.hover();
  await page.mouse.wheel(0, -100_000);
  const turn1 = page
    .getByTestId('chat-log')
    .getByTestId('chat-message')
    .filter({ hasText: `Turn 1: ${first}` });
  await expect(turn1).toBeInViewport();
  const found = await page.request.get(`/api/threads?q=${first}`);
  expect(((await found.json()) as { threads: { id: string }[] }).threads.map((t) => t.id)).toEqual([threadId]);
});

test('a chat too long for its model offers a new chat that starts from its summary', async ({ page }) => {
  try {
    const user = await proUser(page, 'too-long');
    await openChat(page, user);
    await pickModel(page, 'o3-mini', 'o3-mini');
    await send(page, 'Tell me everything about harbours [[fake tokens=2]]');
    await expect(page.getByTestId('chat-log').getByTestId('chat-message')).toHaveCount(2);
    const oldId = await threadIdFromUrl(page);
    // o3-mini is no other spec's model: the stand-in is shared, and from now on it reads 300 tokens.
    await setContextWindow('o3-mini', 300);
    await send(page, 'And lighthouses? [[fake tokens=2]]');
    const notice = page.getByTestId('chat-error');
    await expect(notice).toHaveAttribute('data-code', 'CONTEXT_TOO_LONG');
    await expect(notice).toContainText(text('en', 'errors:CONTEXT_TOO_LONG'));
    await expect(page.getByTestId('chat-retry')).toHaveCount(0);

    await notice.getByRole('button', { name: text('en', 'chat:actions.continueInNewChat') }).click();
    await expect(page).not.toHaveURL(new RegExp(`/${oldId}$`));
    const newId = await threadIdFromUrl(page);
    expect(newId).not.toBe(oldId);
    const marker = page.getByTestId('summary-marker');
    await expect(marker).toContainText(text('en', 'chat:summary.continued'));
    await expect(chatInput(page)).toBeVisible();
    const stored = (await storedThread(page, newId)) as unknown as { summary: Summary; messages: unknown[] };
    expect(stored.summary).toMatchObject({ throughMessageId: '', fromThreadId: oldId });
    expect(stored.messages).toEqual([]);

    // The way back to the earlier chat, which is as it was.
    await marker.getByRole('link', { name: text('en', 'chat:summary.openEarlier') }).click();
    await expect(page).toHaveURL(new RegExp(`/web-main/${oldId}$`));
    await expect(page.getByTestId('chat-log').getByTestId('chat-message').first()).toContainText('Tell me everything');
  } finally {
    await setContextWindow('o3-mini', 200_000);
  }
});
