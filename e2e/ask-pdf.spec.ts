import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { LONG_DOCUMENT, longDocumentPages, textPdf } from '../apps/server/test/pdf-fixtures.ts';
import { createSignedInUser } from './support/accounts.ts';
import { expectIdle, lastAnswer, openChat, proUser, send, threadIdFromUrl, uniqueWord } from './support/chat.ts';
import { APP_VERSION, expect, expectTheme, prepareContext, STORAGE_KEYS, test } from './support/fixtures.ts';
import { LOCALES, type Locale, t } from './support/i18n.ts';
import { expectNoSidewaysOverflow } from './support/layout.ts';
import { fakeRequests } from './support/provider-fakes.ts';
import { readServerState } from './support/server-state.ts';
import { timeLimit } from './support/time-limits.ts';
import { inTour, tourViewports } from './support/tours.ts';

/**
 * Ask PDF (Pro) in AI Chat, in the browser against the real server: a Pro person attaches a
 * 200-page PDF, watches it being read, asks, and opens the page the answer cites; a free person
 * finds PDFs locked and is offered the upgrade. The rules (limits, retrieval, ownership, refusals)
 * are tested on the server (apps/server/test/documents.test.ts).
 */
test.use({ storage: { [STORAGE_KEYS.orientationHintDismissed]: '1' } });

const SCREENSHOTS = resolve(import.meta.dirname, 'artifacts/screenshots');

/** Records every text the document chip's status line shows (progress can pass quickly). */
async function recordChipStatus(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { chipStatus: string[] }).chipStatus = seen;
    const note = () => {
      for (const el of Array.from(document.querySelectorAll('[data-testid="document-chip-status"]'))) {
        const text = el.textContent ?? '';
        if (text && seen.at(-1) !== text) seen.push(text);
      }
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { chipStatus: string[] }).chipStatus);
}

test('a Pro person asks a 200-page PDF and opens the cited page; a free person is offered the upgrade @tour', async ({
  page,
  browser,
  problems,
}) => {
  test.setTimeout(timeLimit(120_000));
  mkdirSync(SCREENSHOTS, { recursive: true });
  const pdf = Buffer.from(await textPdf(longDocumentPages()));
  const user = await proUser(page);
  await openChat(page, user);

  // Attach through the paperclip's menu.
  await page.getByTestId('attach-button').click();
  await expect(page.getByTestId('attach-pdf')).toContainText(t('en', 'documents:attach.pdf'));
  await expect(page.getByTestId('attach-pdf')).not.toHaveAttribute('data-locked');
  const statuses = await recordChipStatus(page);
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('attach-pdf').click();
  await (await chooser).setFiles({ name: 'lighthouse-manual.pdf', mimeType: 'application/pdf', buffer: pdf });

  const chip = page.getByTestId('document-chip');
  await expect(chip).toContainText('lighthouse-manual.pdf');
  // The message waits while the document is read, then the chip says how long it is.
  await expect(chip.getByTestId('document-chip-status')).toHaveText('200 pages', { timeout: timeLimit(60_000) });
  const shown = await statuses();
  await page.screenshot({
    path: resolve(SCREENSHOTS, 'ask-pdf-attached-light-en-desktop.png'),
    animations: 'disabled',
  });
  expect(shown.at(-1)).toBe('200 pages');
  const progress = shown.filter((s) => /^Uploading… \d+%$|^Waiting to be read…$|^Reading page \d+ of 200$/.test(s));
  expect(progress.length, `progress shown on the chip: ${JSON.stringify(shown)}`).toBeGreaterThan(0);
  for (const line of shown.filter((s) => s.startsWith('Reading page'))) {
    const read = Number(/page (\d+)/.exec(line)?.[1]);
    expect(read).toBeGreaterThan(0);
    expect(read).toBeLessThanOrEqual(200);
  }

  // Ask. The stand-in model writes a scripted answer; what the server sent it is the passage of page 137.
  const marker = uniqueWord();
  await send(
    page,
    `${LONG_DOCUMENT.question} ${marker} [[fake text="The keeper guards the password AMBERWOLF (p. ${LONG_DOCUMENT.answerPage})."]]`,
  );
  await expect(lastAnswer(page)).toContainText('AMBERWOLF');
  await expectIdle(page);
  const asked = (await fakeRequests()).filter((r) => JSON.stringify(r.body).includes(marker));
  expect(asked).toHaveLength(1);
  const body = asked[0]?.body as { messages: { role: string; content: string }[] };
  const system = body.messages.find((m) => m.role === 'system')?.content ?? '';
  expect(system).toContain(`--- p. ${LONG_DOCUMENT.answerPage} ---`);
  expect(system.replace(/\s+/g, ' ')).toContain(LONG_DOCUMENT.answer);
  await expect(page.getByTestId('sent-document')).toContainText('lighthouse-manual.pdf');

  // The citation opens the page's text in the side panel.
  const citation = lastAnswer(page).getByTestId('page-citation');
  await expect(citation).toHaveText(`(p. ${LONG_DOCUMENT.answerPage})`);
  await citation.click();
  const panel = page.getByTestId('document-panel');
  await expect(panel.getByTestId('document-panel-page')).toHaveText(`Page ${LONG_DOCUMENT.answerPage} of 200`);
  await expect(panel.getByTestId('document-panel-text')).toContainText(LONG_DOCUMENT.answer);
  await panel.getByRole('button', { name: t('en', 'documents:panel.next') }).click();
  await expect(panel.getByTestId('document-panel-page')).toHaveText(`Page ${LONG_DOCUMENT.answerPage + 1} of 200`);
  await expect(panel.getByTestId('document-panel-text')).not.toContainText('AMBERWOLF');
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  const threadId = await threadIdFromUrl(page);

  // Settings → Account lists it with its size.
  await page.goto('/settings/account');
  await expect(page.getByTestId('document-row')).toContainText('lighthouse-manual.pdf');
  await expect(page.getByTestId('document-row')).toContainText('200 pages');

  // Screenshots of the answer with the page open: both themes, both languages, desktop and phone.
  const { cookies } = await page.context().storageState();
  for (const theme of ['light', 'dark'] as const) {
    for (const locale of LOCALES) {
      if (!inTour(theme, locale)) continue;
      const context = await newContext(browser, theme, locale);
      problems.watchContext(context);
      await context.addCookies(cookies);
      const view = await context.newPage();
      for (const [viewport, size] of tourViewports(theme, locale)) {
        await test.step(`${theme}, ${locale}, ${viewport}`, async () => {
          await view.setViewportSize(size);
          await view.goto(`/web-main/${threadId}`);
          await expect(view.locator('html')).toHaveAttribute('lang', locale);
          await expectTheme(view, theme);
          await lastAnswer(view).getByTestId('page-citation').click();
          const open = view.getByTestId('document-panel');
          await expect(open.getByTestId('document-panel-text')).toContainText('AMBERWOLF');
          await expect(open.getByRole('button', { name: t(locale, 'documents:panel.close') })).toBeVisible();
          if (viewport === 'phone') await expectNoSidewaysOverflow(view, `ask PDF (${theme}, ${locale}, phone)`);
          await view.screenshot({
            path: resolve(SCREENSHOTS, `ask-pdf-${theme}-${locale}-${viewport}.png`),
            animations: 'disabled',
          });
          await view.keyboard.press('Escape');
        });
      }
      await context.close();
    }
  }

  // A free person: PDFs carry the PRO lock, and reaching for one opens the upgrade dialog.
  const free = await newContext(browser, 'light', 'en');
  problems.watchContext(free);
  const freeUser = await createSignedInUser(free.request, 'free-pdf');
  const freePage = await free.newPage();
  await freePage.setViewportSize({ width: 390, height: 844 });
  await openChat(freePage, null);
  await expect(freePage.getByText(freeUser.name).first()).toBeAttached();
  await freePage.getByTestId('attach-button').click();
  const locked = freePage.getByTestId('attach-pdf');
  await expect(locked).toHaveAttribute('data-locked', 'true');
  await expect(locked).toContainText(t('en', 'documents:attach.locked'));
  await expect(locked).toContainText('PRO');
  await freePage.screenshot({
    path: resolve(SCREENSHOTS, 'ask-pdf-free-locked-light-en-phone.png'),
    animations: 'disabled',
  });
  await locked.click();
  await expect(freePage.getByTestId('upgrade-dialog')).toBeVisible();
  await free.close();
});

async function newContext(
  browser: import('@playwright/test').Browser,
  theme: 'light' | 'dark',
  locale: Locale,
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: readServerState().baseUrl });
  await prepareContext(context, {
    [STORAGE_KEYS.appVersion]: String(APP_VERSION),
    [STORAGE_KEYS.orientationHintDismissed]: '1',
    [STORAGE_KEYS.theme]: theme,
    [STORAGE_KEYS.locale]: locale,
  });
  return context;
}
