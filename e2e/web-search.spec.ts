import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { fillPeopleResearchTemplate, PEOPLE_RESEARCH_TEMPLATES, type PeopleResearchTemplateId } from '@polymath/shared';
import {
  chatInput,
  expectIdle,
  freeUser,
  lastAnswer,
  messages,
  onlyChatId,
  send,
  text,
  uniqueWord,
} from './support/chat.ts';
import { APP_VERSION, expect, expectTheme, prepareContext, STORAGE_KEYS, test } from './support/fixtures.ts';
import { LOCALES, type Locale } from './support/i18n.ts';
import { expectNoSidewaysOverflow } from './support/layout.ts';
import { urlWithPath } from './support/routes.ts';
import { expectedResults, scriptSearch, searchFakesUrl } from './support/search-fakes.ts';
import { readServerState } from './support/server-state.ts';
import { timeLimit } from './support/time-limits.ts';
import { inTour, tourViewports } from './support/tours.ts';

/**
 * /web-search in the browser: the server searches the SearXNG stand-in (start-server.ts) and the
 * chat stand-in calls web_search, then cites each numbered result as [n]. What only a browser can
 * show is checked here: the progress while searching, the citations and cards linking to the result
 * pages (and opening them), the people-research panel, themes, languages and a phone. Everything
 * else (refusals, numbering rules, the guard, providers, plans) is tested at the server and unit layers.
 */
test.use({ storage: { [STORAGE_KEYS.orientationHintDismissed]: '1' } });

const SCREENSHOTS = resolve(import.meta.dirname, 'artifacts/screenshots');

/**
 * Opens the page and waits for the catalogue: the spec's model for web search is gpt-4.1 (Pro), so a
 * free person's chat uses the default free model, which the header names once the catalogue is in
 * (until then it shows the stored choice, and a send would name it).
 */
async function openWebSearch(page: Page, locale: Locale = 'en'): Promise<void> {
  await page.goto('/web-search');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(text(locale, 'tools:webSearch.title'));
  await expect(page.getByTestId('current-model-name')).toHaveText('GPT-4o mini');
}

/** The answer cites `results` as [first]…, each a link to its page, and lists them as cards in that order. */
async function expectCitedSources(page: Page, results: { url: string; title: string }[], first: number) {
  const answer = lastAnswer(page);
  const numbers = results.map((_, i) => String(first + i));
  const citations = answer.getByTestId('citation');
  await expect(citations).toHaveText(numbers);
  for (const [i, result] of results.entries()) {
    await expect(citations.nth(i)).toHaveAttribute('href', result.url);
    await expect(citations.nth(i)).toHaveAttribute('target', '_blank');
  }
  const cards = answer.getByTestId('source-card');
  await expect(cards).toHaveCount(results.length);
  for (const [i, result] of results.entries()) {
    await expect(cards.nth(i)).toHaveAttribute('href', result.url);
    await expect(cards.nth(i).getByTestId('source-title')).toHaveText(result.title);
    await expect(cards.nth(i)).toContainText(numbers[i] as string);
  }
  // Nothing else in the answer is a link: every link is one of the search's results.
  const hrefs = await answer.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(new Set(hrefs)).toEqual(new Set(results.map((r) => r.url)));
}

/** The stand-in's pages load a script of their own; it is served empty so opening one is clean. */
async function quietStandInPages(page: Page): Promise<void> {
  const origin = searchFakesUrl();
  await page
    .context()
    .route(`${origin}/static/**`, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }));
  await page.context().route(`${origin}/favicon.ico`, (route) => route.fulfill({ status: 204, body: '' }));
}

async function usePeopleResearch(
  page: Page,
  locale: Locale,
  template: PeopleResearchTemplateId,
  fields: { name: string; context: string },
): Promise<string> {
  await page.getByTestId('people-research-toggle').click();
  const panel = page.getByTestId('people-research-panel');
  await expect(panel).toBeVisible();
  const title = PEOPLE_RESEARCH_TEMPLATES.find((t) => t.id === template)?.title[locale] ?? '';
  await panel.getByTestId(`people-template-${template}`).click();
  await expect(panel.getByRole('radio', { name: title })).toBeChecked();
  await panel.getByLabel(text(locale, 'web-search:people.name'), { exact: true }).fill(fields.name);
  await panel.getByLabel(text(locale, 'web-search:people.context'), { exact: true }).fill(fields.context);
  await panel.getByRole('button', { name: text(locale, 'web-search:people.run') }).click();
  await expect(panel).toHaveCount(0);
  return fillPeopleResearchTemplate(template, locale, fields);
}

test('asks a current question, sees it searching, gets numbered sources that open the right pages, follows up and researches a person', async ({
  page,
}) => {
  test.setTimeout(timeLimit(60_000));
  const user = await freeUser(page, 'websearch');
  await quietStandInPages(page);
  await openWebSearch(page);
  // In the sidebar among the tools.
  await expect(
    page.getByRole('complementary').getByRole('link', { name: text('en', 'tools:webSearch.title'), exact: true }),
  ).toHaveAttribute('aria-current', 'page');

  const question = `What happened at the Istanbul summit ${uniqueWord()}?`;
  // The search takes a moment, so its progress can be seen.
  await scriptSearch(question, { delayMs: 1500 });
  await send(page, question);
  const progress = page.getByTestId('web-search-progress');
  await expect(progress).toHaveText(text('en', 'web-search:progress.searching'));
  await expect(progress).toHaveCount(0, { timeout: timeLimit(10_000) });
  await expectIdle(page);
  const first = expectedResults(question);
  await expectCitedSources(page, first, 1);
  await expect(page).toHaveURL(/\/web-search\/[A-Za-z0-9_-]{8,64}$/);

  // A source card opens its page in a new tab.
  const [tab] = await Promise.all([
    page.waitForEvent('popup'),
    lastAnswer(page).getByTestId('source-card').nth(1).click(),
  ]);
  await tab.waitForLoadState('domcontentloaded');
  expect(tab.url()).toBe(first[1]?.url);
  await expect(tab.locator('h1')).toHaveText(first[1]?.title ?? '');
  await tab.close();

  // A follow-up keeps the thread: its sources carry on from 6.
  const followUp = `Who organised it ${uniqueWord()}?`;
  await send(page, followUp);
  await expect(messages(page, 'assistant')).toHaveCount(2);
  await expectIdle(page);
  await expectCitedSources(page, expectedResults(followUp), 6);
  // The first answer still links to its own sources.
  await expect(messages(page, 'assistant').first().getByTestId('citation')).toHaveCount(5);

  // A people-research template runs as the next search.
  const prompt = await usePeopleResearch(page, 'en', 'talks-interviews', {
    name: 'Ada Yılmaz',
    context: `Acme ${uniqueWord()}`,
  });
  await expect(messages(page, 'user').last()).toHaveText(prompt);
  await expect(messages(page, 'assistant')).toHaveCount(3);
  await expectIdle(page);
  await expectCitedSources(page, expectedResults(prompt), 11);
  await expect(chatInput(page)).toHaveValue('');
  expect(user.email).toContain('@');
});

test.describe('on a phone in Turkish', () => {
  test.use({
    viewport: { width: 390, height: 844 },
    storage: { [STORAGE_KEYS.orientationHintDismissed]: '1', [STORAGE_KEYS.locale]: 'tr' },
  });

  test('a people-research template from the starter examples and from the panel', async ({ page }) => {
    await freeUser(page, 'websearch-tr');
    await openWebSearch(page, 'tr');
    await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
    await expectNoSidewaysOverflow(page, 'web search intro (tr, phone)');

    // A starter example is a filled people-research prompt; choosing it puts it in the input.
    const example = fillPeopleResearchTemplate('background', 'tr', {
      name: 'Satya Nadella',
      context: "Microsoft'un CEO'su",
    });
    await page.getByRole('button', { name: example }).click();
    await expect(chatInput(page)).toHaveValue(example);
    await chatInput(page).fill('');

    const fields = { name: 'Ayşe Demir', context: `Örnek AŞ ${uniqueWord()}` };
    const prompt = fillPeopleResearchTemplate('company-role', 'tr', fields);
    await scriptSearch(prompt, { delayMs: 1200 });
    await usePeopleResearch(page, 'tr', 'company-role', fields);
    await expect(page.getByTestId('web-search-progress')).toHaveText(text('tr', 'web-search:progress.searching'));
    await expectIdle(page);
    await expect(messages(page, 'user').last()).toHaveText(prompt);
    await expectCitedSources(page, expectedResults(prompt), 1);
    await expect(lastAnswer(page).getByTestId('web-search-sources')).toContainText(
      text('tr', 'web-search:sources.heading'),
    );
    await expectNoSidewaysOverflow(page, 'web search answer (tr, phone)');
  });
});

test('screenshots in both themes and languages, on a desktop and a phone; and the page when web search is not set up @tour', async ({
  page,
  browser,
  problems,
}) => {
  test.setTimeout(timeLimit(90_000));
  mkdirSync(SCREENSHOTS, { recursive: true });
  await freeUser(page, 'websearch-shots');
  await openWebSearch(page);
  const question = `Latest news about the Bosphorus bridge ${uniqueWord()}`;
  await send(page, question);
  await expectIdle(page);
  await expectCitedSources(page, expectedResults(question), 1);
  const threadId = await onlyChatId(page);

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
          await view.goto(`/web-search/${threadId}`);
          await expect(view.locator('html')).toHaveAttribute('lang', locale);
          await expectTheme(view, theme);
          await expect(view.getByTestId('source-card')).toHaveCount(5);
          await expect(view.getByTestId('citation')).toHaveCount(5);
          await expect(view.getByTestId('source-card').first()).toHaveAccessibleName(
            new RegExp(`^${text(locale, 'web-search:sources.label', { n: '1', title: '' })}`),
          );
          if (viewport === 'phone') await expectNoSidewaysOverflow(view, `web search (${theme}, ${locale}, phone)`);
          await view.screenshot({
            path: resolve(SCREENSHOTS, `web-search-answer-${theme}-${locale}-${viewport}.png`),
            animations: 'disabled',
          });
        });
      }
      // The people-research panel, open, on a phone.
      await view.goto('/web-search');
      await view.getByTestId('people-research-toggle').click();
      await expect(view.getByTestId('people-research-panel')).toBeVisible();
      await expectNoSidewaysOverflow(view, `people research (${theme}, ${locale}, phone)`);
      await view.screenshot({
        path: resolve(SCREENSHOTS, `web-search-people-${theme}-${locale}-phone.png`),
        animations: 'disabled',
      });
      await context.close();
    }
  }

  // A server with no search service: the page says so, names the settings, and sends nothing.
  // The page's config comes in index.html (boot data): the page is given one saying so.
  await page.route(
    (url) => url.pathname === '/web-search',
    async (route) => {
      // A kept-alive connection the server closes just as it is reused resets; a browser sends again, so does this.
      const response = await route.fetch({ maxRetries: 2 });
      const html = (await response.text()).replace('"webSearch":true', '"webSearch":false');
      await route.fulfill({ response, body: html });
    },
  );
  for (const [viewport, size] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.goto('/web-search');
    const notice = page.getByTestId('web-search-not-set-up');
    await expect(notice).toContainText(text('en', 'web-search:notSetUp.title'));
    await expect(notice.getByTestId('web-search-setting')).toHaveText([
      'TAVILY_API_KEY',
      'BRAVE_SEARCH_API_KEY',
      'SEARXNG_URL',
    ]);
    await chatInput(page).fill('Anything new?');
    await expect(page.getByTestId('send-message')).toBeDisabled();
    if (viewport === 'phone') await expectNoSidewaysOverflow(page, 'web search not set up (phone)');
    await page.screenshot({
      path: resolve(SCREENSHOTS, `web-search-not-set-up-light-en-${viewport}.png`),
      animations: 'disabled',
    });
  }
  await expect(page).toHaveURL(urlWithPath('/web-search'));
});
