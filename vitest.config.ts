import { defineConfig } from 'vitest/config';

/**
 * One test command for the whole tree (npm test). Projects:
 * - node: unit tests (*.test.ts) and integration tests on the real PostgreSQL and Redis (*.int.test.ts);
 *   each integration test file creates its own database cloned from a migrated template.
 * - web: component tests in jsdom.
 * - e2e: browser flows in headless Chromium (playwright-core) against the built product.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['packages/*/src/**/*.test.ts', 'services/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          globalSetup: ['./scripts/test-global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['apps/web/e2e/**/*.e2e.test.ts'],
          // one Chromium and one migrated, seeded data folder for the run (support/global-setup.ts)
          globalSetup: ['./apps/web/e2e/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
