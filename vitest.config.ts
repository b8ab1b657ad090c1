import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { TIME_SCALE, timeLimit } from './e2e/support/time-limits.ts';

/**
 * One `vitest run` from the repository root runs every workspace's unit and integration tests.
 * Server tests that need PostgreSQL run against TEST_DATABASE_URL when it is set (see
 * apps/server/test/databases.ts); PGlite always runs.
 */
/**
 * Server test files that each get a fresh process (Vitest's isolation), because they change or
 * measure what a process shares with the next file: module mocks and fresh module graphs
 * (vi.mock, vi.resetModules), stubbed environment or globals, fake timers, the process-wide
 * metrics registry, the event loop's delay.
 */
const SERVER_ISOLATED = [
  'apps/server/src/features/images/image-models.test.ts',
  'apps/server/src/features/search/page-reader.test.ts',
  'apps/server/src/lib/limits.test.ts',
  'apps/server/test/billing-period-end.test.ts',
  'apps/server/test/chat-custom-provider.test.ts',
  'apps/server/test/fixture-tool.test.ts',
  'apps/server/test/metrics.test.ts',
];

/**
 * The server test files that start and kill real server processes (their own project, below). They
 * mostly wait: for servers to start, for leases to run out, for a drain.
 */
const SERVER_PROCESSES = [
  'apps/server/test/admin-grant.test.ts',
  'apps/server/test/chat-crash.test.ts',
  'apps/server/test/job-crash.test.ts',
  'apps/server/test/multi-instance.test.ts',
  'apps/server/test/shutdown-npm.test.ts',
  'apps/server/test/shutdown-stdout.test.ts',
  'apps/server/test/shutdown.test.ts',
];

/**
 * Web test files that get a fresh window and module graph: module mocks and fresh module graphs,
 * and the files that read what a fresh page starts with (the page's boot data, the store before the
 * first render, which text namespaces i18next holds before any lazy screen added its own, the toasts
 * on screen: sonner keeps them in module state).
 */
const WEB_ISOLATED = [
  'apps/web/src/app/prefill-boot-data.test.ts',
  'apps/web/src/app/routes/admin.test.tsx',
  'apps/web/src/features/admin/console/console-sections.test.tsx',
  'apps/web/src/features/analytics/send-page-view.test.ts',
  'apps/web/src/features/billing/my-plan.test.tsx',
  'apps/web/src/features/billing/plan-checkout.test.tsx',
  'apps/web/src/features/images/gallery.test.tsx',
  'apps/web/src/features/images/image-lightbox.test.tsx',
  'apps/web/src/features/threads/threads-section.test.tsx',
  'apps/web/src/lib/api/boot-data.test.ts',
  'apps/web/src/lib/no-eval.test.ts',
  'apps/web/src/lib/toast/toaster.test.tsx',
  'apps/web/src/locales/locales.test.ts',
  'apps/web/src/test/fixture-tool/fixture-tool.test.tsx',
];

/**
 * Vitest's default is one worker fewer than the cores: a single one on a 2-core machine, which ran
 * the files one after another. Most server files wait (on PostgreSQL, child processes, the
 * stand-ins, polling job queues) more than they compute, so two share two cores well. The browser
 * tests run beside them (scripts/test-run.ts); a third worker on top of that gained 36 s of 13
 * minutes and timed a WhatsApp test out, so two it is.
 */
const WORKERS = Math.max(2, availableParallelism() - 1);

/**
 * On CI (CI set, as `.ci/run` sets it), a failed test runs once more, as the browser tests do
 * (playwright.config.ts): CI's machine is shared and has run the suite at half its usual speed, where
 * a test's time limits meet the machine, not the code. A test that fails twice still fails the run;
 * one that passed only on its second try is named at the end of `npm test` (decision 026, point 26).
 */
const RETRY = process.env.CI ? 1 : 0;

/** The tests' own waits scale as the limits below do (apps/server/test/chat-helpers.ts's `until`). */
const ENV = { TEST_TIME_SCALE: String(TIME_SCALE) };

/**
 * The last group (sequence.groupOrder 1, after every other file): the process tests and the web
 * tests, one worker more. By then the browser tests have ended and the process tests mostly wait,
 * so the web tests fill the cores beside them instead of running after them (issue 33).
 */
const LAST = { sequence: { groupOrder: 1 }, maxWorkers: WORKERS + 1, retry: RETRY, env: ENV };
const FIRST = { sequence: { groupOrder: 0 }, maxWorkers: WORKERS, retry: RETRY, env: ENV };

/**
 * The web tests' limit: Vitest's default of 5 s is met by a CPU-heavy jsdom test (markdown-blocks
 * renders every prefix of an answer: 1 s alone) when three workers share two loaded cores, as they do
 * in the last group; it timed out so with the machine at half speed. A limit is for a hung test.
 */
const WEB_TEST_TIMEOUT = timeLimit(20_000);

/**
 * The Node projects' limits (stand-ins, server), scaled like the browser tests'
 * (e2e/support/time-limits.ts: three times on CI). A file's own limits are for what it starts.
 */
const NODE_TEST_TIMEOUT = timeLimit(30_000);
const NODE_HOOK_TIMEOUT = timeLimit(60_000);

export default defineConfig({
  test: {
    maxWorkers: WORKERS,
    // `npm run test:coverage` (vitest run --coverage): line and branch coverage of the source the
    // unit and integration tests reach, per workspace in `npm run test:inventory`.
    coverage: {
      provider: 'v8',
      include: [
        'packages/shared/src/**/*.{ts,tsx}',
        'packages/provider-fakes/src/**/*.{ts,tsx}',
        'apps/server/src/**/*.{ts,tsx}',
        'apps/web/src/**/*.{ts,tsx}',
      ],
      exclude: ['**/*.test.{ts,tsx}', 'apps/web/src/test/**', '**/*.d.ts'],
      reporter: ['text-summary', 'json-summary'],
      reportsDirectory: 'coverage',
      // A test that fails on a loaded machine must not cost the whole report.
      reportOnFailure: true,
    },
    projects: [
      {
        test: {
          name: 'shared',
          ...FIRST,
          environment: 'node',
          // Pure functions and schemas: nothing a file could leave behind for the next one, so one
          // worker runs them all instead of a fresh process per file (half a second each).
          isolate: false,
          include: ['packages/shared/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'provider-fakes',
          ...FIRST,
          environment: 'node',
          // Each test starts its own stand-in on a free port; no file mocks or stubs anything.
          isolate: false,
          include: ['packages/provider-fakes/src/**/*.test.ts'],
          testTimeout: NODE_TEST_TIMEOUT,
        },
      },
      {
        test: {
          name: 'server',
          ...FIRST,
          environment: 'node',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          exclude: [...SERVER_ISOLATED, ...SERVER_PROCESSES],
          // One worker process runs file after file with the modules it has already loaded: the
          // app's import graph (Hono, better-auth, the AI SDK, Drizzle, PGlite's WebAssembly) is
          // evaluated once per worker instead of once per file, which took about half of these
          // files' CPU (issue 33). Each file still builds its own app and database; files that
          // change what the process shares run in the isolated project below.
          isolate: false,
          // Migrates one PGlite and one PostgreSQL database per run; each suite starts from a copy.
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: NODE_TEST_TIMEOUT,
          hookTimeout: NODE_HOOK_TIMEOUT,
        },
      },
      {
        test: {
          name: 'server-isolated',
          ...FIRST,
          environment: 'node',
          include: SERVER_ISOLATED,
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: NODE_TEST_TIMEOUT,
          hookTimeout: NODE_HOOK_TIMEOUT,
        },
      },
      {
        test: {
          name: 'server-processes',
          ...LAST,
          environment: 'node',
          include: SERVER_PROCESSES,
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: NODE_TEST_TIMEOUT,
          hookTimeout: NODE_HOOK_TIMEOUT,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          ...LAST,
          environment: 'jsdom',
          testTimeout: WEB_TEST_TIMEOUT,
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          exclude: WEB_ISOLATED,
          // One jsdom window and one module graph (React, the store, i18next) per worker instead of
          // per file: a sixth of the CPU these files took (issue 33). Testing Library unmounts and the
          // API stand-in resets after every test (src/test/setup.ts).
          isolate: false,
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web-isolated',
          ...LAST,
          environment: 'jsdom',
          testTimeout: WEB_TEST_TIMEOUT,
          include: WEB_ISOLATED,
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
    ],
  },
});
