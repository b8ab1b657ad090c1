import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * One `vitest run` from the repository root runs every workspace's unit and integration tests.
 * Server tests that need PostgreSQL run against TEST_DATABASE_URL when it is set (see
 * apps/server/test/databases.ts); PGlite always runs.
 */
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: a single one on a 2-core machine, which
    // ran the files one after another. Most server files wait (on PostgreSQL, child processes,
    // the stand-ins, polling job queues) more than they compute, so two share two cores well. The
    // browser tests run beside them (scripts/test-run.ts); a third worker on top of that gained 36 s
    // of 13 minutes and timed a WhatsApp test out, so two it is.
    maxWorkers: Math.max(2, availableParallelism() - 1),
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
          environment: 'node',
          include: ['packages/shared/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'provider-fakes',
          environment: 'node',
          include: ['packages/provider-fakes/src/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          // Migrates one PGlite and one PostgreSQL database per run; each suite starts from a copy.
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
    ],
  },
});
