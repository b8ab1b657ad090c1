import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { mailsTo } from './support/accounts.ts';
import {
  allowHttpErrors,
  expectIdle,
  freeUser,
  historyMenu,
  lastAnswer,
  onlyChatId,
  openChat,
  send,
  text,
} from './support/chat.ts';
import {
  APP_VERSION,
  expect,
  expectTheme,
  type PageProblems,
  prepareContext,
  STORAGE_KEYS,
  test,
} from './support/fixtures.ts';
import { readServerState } from './support/server-state.ts';
import { timeLimit } from './support/time-limits.ts';

/**
 * Shared chats and the data export in a real browser (issue 29, decision 032): a link read signed
 * out, revoked from Settings; answers that try to run script do nothing on the public page; a
 * signed-in visitor continues a chat; the person downloads their data. Screenshots of the share page
 * and the Settings lists go to /tmp/shots-share/.
 */
test.use({ storage: { [STORAGE_KEYS.orientationHintDismissed]: '1' } });

const SHOTS = '/tmp/shots-share';
mkdirSync(SHOTS, { recursive: true });

function textDirective(answer: string): string {
  return `[[fake text="${answer.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"]]`;
}

/** A new browser context (another visitor), seeded like the fixture's, watched for page errors. */
async function visitorContext(
  browser: Browser,
  problems: PageProblems,
  seed: Record<string, string> = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: readServerState().baseUrl });
  await prepareContext(context, {
    [STORAGE_KEYS.appVersion]: String(APP_VERSION),
    [STORAGE_KEYS.orientationHintDismissed]: '1',
    ...seed,
  });
  problems.watchContext(context);
  return context;
}

/** Sends a message whose answer is `answer` and returns the new chat's id (titled `message`, as a person would rename it). */
async function chatWithAnswer(page: Page, message: string, answer: string): Promise<string> {
  await send(page, `${message} ${textDirective(answer)}`);
  await expectIdle(page);
  const threadId = await onlyChatId(page);
  const renamed = await page.request.patch(`/api/threads/${threadId}`, {
    data: { title: message.slice(0, 50) },
    headers: { origin: readServerState().baseUrl },
  });
  expect(renamed.status()).toBe(200);
  await page.reload();
  return threadId;
}

/** Shares the chat from its history menu and returns the link's address. */
async function shareFromMenu(
  page: Page,
  threadId: string,
  { showName = false, screenshot = '' } = {},
): Promise<string> {
  await historyMenu(page, threadId, 'history-share');
  const dialog = page.getByTestId('share-dialog');
  await expect(dialog.getByRole('heading', { name: text('en', 'sharing:dialog.title') })).toBeVisible();
  if (showName) await dialog.getByTestId('share-show-name').check();
  await dialog.getByTestId('share-save').click();
  const url = dialog.getByTestId('share-url');
  await expect(url).toHaveValue(/\/share\/[A-Za-z0-9_-]{22}$/);
  const link = await url.inputValue();
  if (screenshot) await page.screenshot({ path: `${SHOTS}/${screenshot}`, animations: 'disabled' });
  await dialog.getByRole('button', { name: text('en', 'common:actions.close') }).click();
  return link;
}

test('a shared chat reads signed out, says noindex, and says so once its owner turns it off in Settings', async ({
  page,
  browser,
  problems,
}) => {
  // The owner's chat, a signed-out visitor's context and Settings, one after the other: past 30 s on
  // a busy machine (32 and 36 s in a clean-clone run).
  test.setTimeout(timeLimit(90_000));
  const user = await freeUser(page, 'share');
  await openChat(page, user);
  const answer = 'Day one: **Alaçatı**.\n\n| Day | Place |\n| --- | --- |\n| 1 | Alaçatı |\n| 2 | Ephesus |';
  const threadId = await chatWithAnswer(page, 'Plan two days near İzmir', answer);
  const link = await shareFromMenu(page, threadId, { showName: true, screenshot: 'share-dialog-light-en-desktop.png' });

  const visitor = await visitorContext(browser, problems);
  const view = await visitor.newPage();
  await view.goto(link);
  await expect(view.getByTestId('shared-title')).toHaveText(/Plan two days near İzmir/);
  await expect(view.getByTestId('shared-by')).toContainText(text('en', 'sharing:page.sharedBy', { name: user.name }));
  const messages = view.getByTestId('shared-message');
  await expect(messages).toHaveCount(2);
  await expect(messages.nth(0)).toContainText('Plan two days near İzmir');
  // The answer's markdown through the app's renderer: bold and a table.
  await expect(messages.nth(1).locator('strong')).toHaveText('Alaçatı');
  await expect(messages.nth(1).locator('table tr')).toHaveCount(3);
  await expect(view).toHaveTitle('Plan two days near İzmir · Polymath');
  await expect(view.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  await expect(view.locator('meta[property="og:title"]')).toHaveAttribute('content', /Plan two days near İzmir/);
  // Signed out: continuing asks to sign in.
  await expect(view.getByTestId('share-sign-in')).toHaveText(text('en', 'sharing:page.signInToContinue'));
  await view.screenshot({ path: `${SHOTS}/share-page-light-en-desktop.png`, fullPage: true, animations: 'disabled' });

  // The owner's list in Settings → Account, and turning the link off there.
  await page.goto('/settings/account');
  const row = page.getByTestId('shared-link').filter({ hasText: 'Plan two days near İzmir' });
  await expect(row).toBeVisible();
  await expect(row).toContainText(text('en', 'sharing:settings.withName'));
  await page.getByTestId('shared-links').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/settings-lists-light-en-desktop.png`, animations: 'disabled' });
  await row.getByTestId('shared-link-revoke').click();
  await expect(page.getByText(text('en', 'sharing:dialog.revoked'))).toBeVisible();
  await expect(row).toHaveCount(0);

  allowHttpErrors(problems, 410, 2);
  await view.reload();
  await expect(view.getByTestId('share-revoked')).toContainText(text('en', 'sharing:page.revokedTitle'));
  await expect(view.getByTestId('shared-message')).toHaveCount(0);
  await expect(view).toHaveTitle(`${text('en', 'sharing:page.revokedTitle')} · Polymath`);
  await view.screenshot({ path: `${SHOTS}/share-revoked-light-en-desktop.png`, animations: 'disabled' });
  await visitor.close();
});

test('script, event handlers, javascript: links and remote images in a shared chat do nothing', async ({
  page,
  browser,
  problems,
}) => {
  const user = await freeUser(page, 'share-xss');
  await openChat(page, user);
  const answer = [
    'Here <script>window.__xss = "script"</script> you go.',
    '<img src="x" onerror="window.__xss = \'onerror\'"> <b onmouseover="window.__xss = \'hover\'">bold?</b>',
    "Click [the prize](javascript:window.__xss='link') or <a href=\"javascript:window.__xss='html'\">this</a>.",
    '![tracker](https://example.com/track.png) and [a site](https://example.com/page).',
  ].join('\n\n');
  const threadId = await chatWithAnswer(page, 'Hi <img src=x onerror="window.__xss=\'user\'"> there', answer);
  const link = await shareFromMenu(page, threadId);

  const visitor = await visitorContext(browser, problems);
  const view = await visitor.newPage();
  const external: string[] = [];
  view.on('request', (request) => {
    if (new URL(request.url()).hostname.endsWith('example.com')) external.push(request.url());
  });
  await view.route(/^https?:\/\/([^/]*\.)?example\.com\//, (route) => route.abort());
  let dialogs = 0;
  view.on('dialog', (dialog) => {
    dialogs++;
    void dialog.dismiss();
  });
  await view.goto(link);
  const answerView = view.getByTestId('shared-message').nth(1);
  await expect(answerView).toContainText('a site');
  // The person's message is text; the answer's raw HTML never becomes elements (the renderer drops it).
  await expect(view.getByTestId('shared-message').nth(0)).toContainText('<img src=x onerror=');
  await expect(answerView).toContainText('you go.');
  await expect(view.locator('#root script, #root img[src="x"], #root [onerror], #root [onmouseover]')).toHaveCount(0);
  await expect(view.locator('[href^="javascript:" i], [src^="javascript:" i]')).toHaveCount(0);
  await expect(answerView.getByText('the prize')).toBeVisible();
  // The remote image is a link that says where it goes; nothing is fetched from there.
  await expect(answerView.locator('img')).toHaveCount(0);
  await expect(answerView.getByTestId('md-image-link')).toHaveAttribute('href', 'https://example.com/track.png');
  await answerView.getByText('bold?').hover();
  expect(await view.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(dialogs).toBe(0);
  expect(external).toEqual([]);
  await visitor.close();
});

test('a signed-in visitor continues a shared chat in their own history', async ({ page, browser, problems }) => {
  const owner = await freeUser(page, 'share-owner');
  await openChat(page, owner);
  const threadId = await chatWithAnswer(page, 'Name three rivers', 'The Nile, the Amazon and the Yangtze.');
  const link = await shareFromMenu(page, threadId);

  const visitor = await visitorContext(browser, problems);
  const view = await visitor.newPage();
  const other = await freeUser(view, 'share-visitor');
  await view.goto(link);
  await view.getByTestId('share-continue-button').click();
  await expect(view).toHaveURL(/\/web-main\/[A-Za-z0-9_-]+$/);
  const copyId = new URL(view.url()).pathname.split('/').pop() as string;
  expect(copyId).not.toBe(threadId);
  await expect(lastAnswer(view)).toContainText('The Nile, the Amazon and the Yangtze.');
  await expect(view.getByRole('complementary').getByRole('link', { name: other.name })).toBeVisible();
  await expect(
    view.getByRole('complementary').locator(`[data-testid="history-item"][data-thread-id="${copyId}"]`),
  ).toBeVisible();
  await visitor.close();
});

test('download my data: progress, then one zip with the chats; one chat downloads from its menu', async ({ page }) => {
  const user = await freeUser(page, 'export');
  await openChat(page, user);
  const threadId = await chatWithAnswer(page, 'Export me please', 'Exported **answer** here.');

  // One chat from its menu, as Markdown.
  const markdown = page.waitForEvent('download');
  await historyMenu(page, threadId, 'history-export-markdown');
  const file = await markdown;
  // Named after the chat's title (its first message).
  expect(file.suggestedFilename()).toMatch(/^export-me-please[a-z0-9-]*\.md$/);
  const md = readFileSync((await file.path()) as string, 'utf8');
  expect(md).toMatch(/^# Export me please/);
  expect(md).toContain('Exported **answer** here.');

  await page.goto('/settings/account');
  const section = page.getByTestId('data-export');
  await section.getByTestId('data-export-start').click();
  await expect(page.getByText(text('en', 'sharing:export.started'))).toBeVisible();
  await expect(section.getByTestId('data-export-ready')).toBeVisible({ timeout: timeLimit(30_000) });
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/settings-export-ready-light-en-desktop.png`, animations: 'disabled' });
  const download = page.waitForEvent('download');
  await section.getByTestId('data-export-download').click();
  const zip = await download;
  expect(zip.suggestedFilename()).toMatch(/^polymath-data-\d{4}-\d\d-\d\d\.zip$/);
  const entries = unzipSync(new Uint8Array(readFileSync((await zip.path()) as string)));
  const names = Object.keys(entries);
  expect(names).toContain('profile.json');
  const chat = names.find((n) => /^threads\/\d{4}-\d\d-\d\d-export-me-please[a-z0-9-]*\.md$/.test(n));
  expect(chat).toBeDefined();
  expect(new TextDecoder().decode(entries[chat as string])).toContain('Exported **answer** here.');
  // The mail saying it is ready went to the outbox.
  await expect.poll(() => mailsTo(user.email).some((m) => m.body.includes('/settings/account'))).toBe(true);
});

test('the share page and the Settings lists in dark Turkish on a phone', async ({ page, browser, problems }) => {
  const user = await freeUser(page, 'share-tr');
  await openChat(page, user);
  const threadId = await chatWithAnswer(
    page,
    'İstanbul için üç öneri',
    '1. **Galata Kulesi**\n2. Kapalıçarşı\n3. Boğaz turu',
  );
  const link = await shareFromMenu(page, threadId, { showName: true });
  const { cookies } = await page.context().storageState();

  const seed = { [STORAGE_KEYS.theme]: 'dark', [STORAGE_KEYS.locale]: 'tr' };
  const visitor = await visitorContext(browser, problems, seed);
  const view = await visitor.newPage();
  await view.setViewportSize({ width: 390, height: 844 });
  await view.goto(link);
  await expect(view.locator('html')).toHaveAttribute('lang', 'tr');
  await expectTheme(view, 'dark');
  await expect(view.getByTestId('shared-by')).toContainText(text('tr', 'sharing:page.sharedBy', { name: user.name }));
  await expect(view.getByTestId('share-sign-in')).toHaveText(text('tr', 'sharing:page.signInToContinue'));
  await expect(view.getByTestId('shared-message').nth(1).locator('strong')).toHaveText('Galata Kulesi');
  const overflow = await view.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await view.screenshot({ path: `${SHOTS}/share-page-dark-tr-phone.png`, fullPage: true, animations: 'disabled' });

  const owner = await visitorContext(browser, problems, seed);
  await owner.addCookies(cookies);
  const settings = await owner.newPage();
  await settings.setViewportSize({ width: 390, height: 844 });
  await settings.goto('/settings/account');
  await expect(settings.getByTestId('shared-link')).toHaveCount(1);
  await expect(settings.getByTestId('data-export-start')).toHaveText(text('tr', 'sharing:export.start'));
  await settings.getByTestId('shared-links').scrollIntoViewIfNeeded();
  await settings.screenshot({ path: `${SHOTS}/settings-lists-dark-tr-phone.png`, animations: 'disabled' });
  await visitor.close();
  await owner.close();
});
