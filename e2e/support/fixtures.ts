import { type BrowserContext, test as base, type Cookie, expect, type Page } from '@playwright/test';
import { APP_VERSION, STORAGE_KEYS, THEME_COLORS } from '../../packages/shared/src/app/constants.ts';
import { createSignedInUser, type TestUser } from './accounts.ts';
import { readServerState } from './server-state.ts';

export { APP_VERSION, expect, STORAGE_KEYS, THEME_COLORS };

/** localStorage entries written before the app's first load in each tab. */
export type StorageSeed = Record<string, string>;

/**
 * Collects uncaught page errors and console errors of every page in the test's context. The test
 * fails at teardown if any happened, unless a test explicitly allowed a known one.
 */
export class PageProblems {
  private readonly problems: string[] = [];
  private readonly allowances: { pattern: RegExp; remaining: number }[] = [];
  private readonly watched = new WeakSet<Page>();

  /** Accepts `times` console errors matching `pattern` (for a deliberate, expected error). */
  allow(pattern: RegExp, times = 1): void {
    this.allowances.push({ pattern, remaining: times });
  }

  watchContext(context: BrowserContext): void {
    for (const page of context.pages()) this.watchPage(page);
    context.on('page', (page) => this.watchPage(page));
  }

  watchPage(page: Page): void {
    if (this.watched.has(page)) return;
    this.watched.add(page);
    page.on('pageerror', (error) => {
      this.problems.push(`page error on ${page.url()}: ${error.stack ?? error.message}`);
    });
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      const allowance = this.allowances.find((a) => a.remaining > 0 && a.pattern.test(text));
      if (allowance) {
        allowance.remaining -= 1;
        return;
      }
      const where = message.location().url || page.url();
      this.problems.push(`console error on ${page.url()}: ${text}${where ? ` (${where})` : ''}`);
    });
    page.on('crash', () => this.problems.push(`page crashed on ${page.url()}`));
  }

  list(): string[] {
    return [...this.problems];
  }
}

/** Seeds localStorage once per tab (a reload keeps what the app wrote since) and tags the visitor. */
export async function prepareContext(context: BrowserContext, seed: StorageSeed): Promise<void> {
  await context.addInitScript((entries: StorageSeed) => {
    try {
      if (window.sessionStorage.getItem('__e2e_seeded') === '1') return;
      window.sessionStorage.setItem('__e2e_seeded', '1');
      for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
    } catch {
      // about:blank and other opaque origins have no storage.
    }
  }, seed);
  // The server trusts X-Forwarded-For in the e2e setup (start-server.ts): each context is one
  // visitor to its per-address limits, as real visitors would be. The mock identity provider tells
  // contexts apart by it too (oauth-mock.ts).
  const address = visitorAddress();
  addresses.set(context, address);
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': address });
}

const addresses = new WeakMap<BrowserContext, string>();

/** The X-Forwarded-For address prepareContext gave this context. */
export function contextAddress(context: BrowserContext): string {
  const address = addresses.get(context);
  if (!address) throw new Error('This browser context was not prepared with prepareContext()');
  return address;
}

let visitors = 0;

/**
 * A made-up client address (see prepareContext), never the same twice in a run: 10.<worker>.x.y
 * with a counter of this worker process (workers are numbered by the run).
 */
export function visitorAddress(): string {
  const worker = Number(process.env.TEST_WORKER_INDEX ?? 0) % 256;
  const n = visitors++;
  return `10.${worker}.${Math.floor(n / 254) % 256}.${(n % 254) + 1}`;
}

type Fixtures = {
  /**
   * Extra localStorage entries for the test (`test.use({ storage: { theme: 'dark' } })`).
   * app_version is always seeded with the current version (else the app wipes storage on first
   * load) unless the test gives its own.
   */
  storage: StorageSeed;
  /** Page and console errors of the test; see PageProblems. Always on. */
  problems: PageProblems;
  /**
   * Signs the test's browser context in as this worker's verified account and returns it. For tests
   * that change the account, make a fresh one with createSignedInUser(page.request) instead.
   */
  signIn: () => Promise<TestUser>;
};

type WorkerFixtures = {
  /** One verified, signed-in account per worker (made on first use): its user and session cookies. */
  account: { user: TestUser; cookies: Cookie[] };
};

export const test = base.extend<Fixtures, WorkerFixtures>({
  account: [
    async ({ playwright }, use, workerInfo) => {
      const request = await playwright.request.newContext({
        baseURL: readServerState().baseUrl,
        extraHTTPHeaders: { 'x-forwarded-for': visitorAddress() },
      });
      const user = await createSignedInUser(request, `worker${workerInfo.workerIndex}`);
      const { cookies } = await request.storageState();
      await request.dispose();
      await use({ user, cookies });
    },
    { scope: 'worker' },
  ],
  signIn: async ({ context, account }, use) => {
    await use(async () => {
      await context.addCookies(account.cookies);
      return account.user;
    });
  },
  storage: [{}, { option: true }],
  problems: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as a destructured object
    async ({}, use) => {
      await use(new PageProblems());
    },
    { scope: 'test' },
  ],
  context: async ({ context, storage, problems }, use) => {
    await prepareContext(context, { [STORAGE_KEYS.appVersion]: String(APP_VERSION), ...storage });
    problems.watchContext(context);
    await use(context);
    const found = problems.list();
    expect(found, `page or console errors happened:\n${found.join('\n')}`).toEqual([]);
  },
});

/** The theme as a visitor perceives it: the class on <html> and the browser's theme colour. */
export async function expectTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  const html = page.locator('html');
  if (theme === 'dark') await expect(html).toHaveClass(/(^|\s)dark(\s|$)/);
  else await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/);
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', THEME_COLORS[theme]);
}

export async function storageItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => window.localStorage.getItem(k), key);
}

export async function storageKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(window.localStorage).sort());
}
