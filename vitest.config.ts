import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * One `vitest run` from the repository root runs every workspace's unit and integration tests.
 * Server tests that need PostgreSQL run against TEST_DATABASE_URL when it is set (see
 * apps/server/test/databases.ts); PGlite always runs.
 */
export default defineConfig({
  test: {
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
