import { randomBytes } from 'node:crypto';
import { expect, type Locator, type Page } from '@playwright/test';
import { lastUserText, type Provider } from '@polymath/provider-fakes';
import { createSignedInUser, type TestUser } from './accounts.ts';
import { buyProThroughSandbox } from './billing.ts';
import type { PageProblems } from './fixtures.ts';
import { type Locale, t } from './i18n.ts';
import { fakeCalls, fakeRequests } from './provider-fakes.ts';

/**
 * The main chat (/web-main) as a person uses it: the model picker, the input, the conversation and
 * the history sidebar, plus what the tests check behind it (the stand-ins' calls, the server's copy
 * of a thread). Every journey signs in a fresh account in the page's own context, so chats, credits
 * and the plan are the test's own.
 */

export { defaultAnswer } from '@polymath/provider-fakes';
export type { Provider };

/** A word no other test (or earlier run) sends: ties stand-in requests and search hits to one test. */
export function uniqueWord(prefix = 'zq'): string {
  return `${prefix}${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
}

/** A fresh verified account, signed in in the page's context (page.request shares its cookies). */
export async function freeUser(page: Page, label = 'chat'): Promise<TestUser> {
  return createSignedInUser(page.request, label);
}

/** A fresh account on the Pro plan, bought through the payment sandbox. */
export async function proUser(page: Page, label = 'pro'): Promise<TestUser> {
  const user = await createSignedInUser(page.request, label);
  await buyProThroughSandbox(page.request);
  return user;
}

/** Chromium logs every 4xx answer of a fetch as a console error; a test that expects one allows it. */
export function allowHttpErrors(problems: PageProblems, status: number, times = 1): void {
  problems.allow(new RegExp(`^Failed to load resource: the server responded with a status of ${status}\\b`), times);
}

export function chatInput(page: Page): Locator {
  return page.locator('#chat-input');
}

export function messages(page: Page, role?: 'user' | 'assistant'): Locator {
  const all = page.getByTestId('chat-log').getByTestId('chat-message');
  return role ? all.and(page.locator(`[data-role="${role}"]`)) : all;
}

export function lastAnswer(page: Page): Locator {
  return messages(page, 'assistant').last();
}

/** Opens the main chat and waits until it knows who is signed in and which model it uses. */
export async function openChat(page: Page, user: TestUser | null, path = '/web-main'): Promise<void> {
  await page.goto(path);
  await expect(page.getByTestId('current-model-name')).not.toBeEmpty();
  if (user) await expect(page.getByRole('complementary').getByRole('link', { name: user.name })).toBeVisible();
}

/** Chooses a model in the header's picker and checks the header names it. */
export async function pickModel(page: Page, id: string, displayName: string): Promise<void> {
  await page.getByTestId('model-picker').click();
  await page.getByTestId(`model-option-${id}`).click();
  await expect(page.getByTestId('model-menu')).toHaveCount(0);
  await expect(page.getByTestId('current-model-name')).toHaveText(displayName);
}

/** Types a message and sends it with Enter. */
export async function send(page: Page, text: string): Promise<void> {
  const input = chatInput(page);
  await input.fill(text);
  await expect(page.getByTestId('send-message')).toBeEnabled();
  await input.press('Enter');
}

/** Sends and waits until the answer is complete (the send button is back, the answer has its text). */
export async function sendAndWait(page: Page, text: string, answer: string | RegExp): Promise<void> {
  const before = await messages(page, 'assistant').count();
  await send(page, text);
  await expect(messages(page, 'assistant')).toHaveCount(before + 1);
  await expect(lastAnswer(page)).toHaveText(answer);
  await expectIdle(page);
}

/** No answer is being written: the stop button has turned back into send. */
export async function expectIdle(page: Page): Promise<void> {
  await expect(page.getByTestId('chat-stop')).toHaveCount(0);
  await expect(page.getByTestId('send-message')).toBeVisible();
}

/**
 * The id of the account's only chat (GET /api/threads). Tests about something else than the address
 * use this (and open /web-main/<id> rather than reloading), so they do not depend on the URL.
 */
export async function onlyChatId(page: Page): Promise<string> {
  const ids = async () => {
    const response = await page.request.get('/api/threads');
    expect(response.status()).toBe(200);
    return ((await response.json()) as { threads: { id: string }[] }).threads.map((thread) => thread.id);
  };
  await expect.poll(async () => (await ids()).length).toBe(1);
  const [id] = await ids();
  if (!id) throw new Error('The account has no chat');
  return id;
}

/** Opens a chat by its address (a reload, for tests that do not check the address itself). */
export async function openThread(page: Page, threadId: string): Promise<void> {
  await page.goto(`/web-main/${threadId}`);
  await expect(page.getByTestId('chat-log')).toBeVisible();
}

/** The thread id of /web-main/<id> once the chat has its address. */
export async function threadIdFromUrl(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/web-main\/[A-Za-z0-9_-]{8,64}$/);
  const id = new URL(page.url()).pathname.split('/').pop();
  if (!id) throw new Error(`No thread id in ${page.url()}`);
  return id;
}

export type StoredMessage = {
  id: string;
  role: 'user' | 'assistant';
  parts: { type: string; text?: string }[];
  metadata?: { status?: string; modelId?: string };
};
export type StoredThread = {
  thread: { id: string; title: string; starred: boolean; updatedAt: string };
  messages: StoredMessage[];
  activeAnswerId: string | null;
};

/** The server's copy of a thread (GET /api/threads/:id with the page's session). */
export async function storedThread(page: Page, threadId: string): Promise<StoredThread> {
  const response = await page.request.get(`/api/threads/${threadId}`);
  expect(response.status(), `GET /api/threads/${threadId} answered ${await response.text()}`).toBe(200);
  return (await response.json()) as StoredThread;
}

export function storedText(message: StoredMessage | undefined): string {
  return (message?.parts ?? [])
    .filter((p) => p.type === 'text')
    .map((p) => p.text ?? '')
    .join('');
}

/**
 * Provider requests the stand-ins received whose last user message contains `marker`. The stand-ins
 * are shared by every worker: the marker (a uniqueWord in the message) makes the count this test's own.
 */
export async function requestsWith(marker: string): Promise<{ provider: Provider; path: string }[]> {
  return (await fakeRequests())
    .filter((r) => lastUserText(r.body).includes(marker))
    .map((r) => ({ provider: r.provider, path: r.path }));
}

export { fakeCalls };

/** The history sidebar (the desktop column). */
export function history(page: Page): Locator {
  return page.getByRole('complementary');
}

export function historyItem(page: Page, threadId: string): Locator {
  return history(page).locator(`[data-testid="history-item"][data-thread-id="${threadId}"]`);
}

/** Opens a history row's menu and picks one of its items (history-rename, history-star, history-delete). */
export async function historyMenu(page: Page, threadId: string, item: string): Promise<void> {
  const row = historyItem(page, threadId);
  await row.hover();
  await row.getByTestId('history-item-menu').click();
  await page.getByTestId(item).click();
}

/** The text of `ns:key` in the app's locale files (any namespace: chat, threads, …). */
export function text(locale: Locale, key: string, values: Record<string, string> = {}): string {
  return t(locale, key, values);
}

export function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The credits meter's line for a free user, whatever the reset reads ("4 of 5 free messages left
 * today · resets at 12:00 AM" or "… resets on Nov 23 at 12:00 AM"): the part both texts share.
 */
export function creditsLine(locale: Locale, remaining: number, limit: number): RegExp {
  const values = { remaining: String(remaining), limit: String(limit) };
  const a = t(locale, 'threads:credits.freeLeft', values);
  const b = t(locale, 'threads:credits.freeLeftOn', values);
  let shared = 0;
  while (shared < a.length && a[shared] === b[shared] && a[shared] !== '{') shared++;
  return new RegExp(`^${escapeRegExp(a.slice(0, shared))}`);
}

/** The answer's text (its markdown), without the note under it ("Stopped.") or its buttons. */
export function answerBody(answer: Locator): Locator {
  return answer.locator(':scope > div').first();
}

/**
 * Words inside `locator` (e.g. table cells) that the layout splits across lines in the middle
 * ("199" / "5"). Breaking at a hyphen or a space is fine; a cut through a word is not.
 */
export async function wordsCutAcrossLines(locator: Locator): Promise<string[]> {
  return locator.evaluateAll((elements) => {
    const cut: string[] = [];
    for (const element of elements) {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const match of (node.textContent ?? '').matchAll(/[^\s-]+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
          if (lines.size > 1) cut.push(match[0]);
        }
      }
    }
    return cut;
  });
}
