import { defineConfig } from 'vitest/config';

/**
 * One test command for the whole tree (npm test). Projects:
 * - node: unit tests (*.test.ts) and integration tests on the real PostgreSQL and Redis (*.int.test.ts);
 *   each integration test file creates its own database cloned from a migrated template.
 * - web: component tests in happy-dom (a file may ask for jsdom with a `@vitest-environment jsdom` comment).
 * - e2e: browser flows in headless Chromium (playwright-core) against the built product; they run after the
 *   other two, sharing one Chromium and one prepared data folder (apps/web/e2e/support/global-setup.ts).
 */
export default defineConfig({
  test: {
    // Three node or component files at a time on a 2-core machine (vitest's default is cores - 1): a worker spends
    // much of a file waiting on PostgreSQL, Redis or timers. Measured (issue 18, 2026-11-27): the node and web
    // projects kept 1.47 of 2 cores busy with two workers, 265 s; with three, 244 s for the same CPU. The browser
    // files have their own maxWorkers below.
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['packages/*/src/**/*.test.ts', 'services/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          globalSetup: ['./scripts/test-global-setup.ts'],
          // Files share a worker's module cache instead of importing the API afresh each (issue 18: the node project
          // took 138 s, 76 s without isolation). Safe because every integration file works on a database of its own
          // and no file mocks a module; state a file creates is its own to clean up (afterAll closes its app).
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'web',
          // happy-dom, not jsdom (issue 18): the same 413 tests took 5 m 04 s of CPU in jsdom and 3 m 22 s here; jsdom
          // spent most of it matching every emotion style rule on each getComputedStyle of an accessible-name query.
          environment: 'happy-dom',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['./apps/web/src/test/setup.ts'],
          // Files share a worker's module cache and DOM (120 s -> 69 s); each test renders into a cleaned document
          // (test/setup.ts) and stubs it makes are undone there, so no file sees another's screen or fakes.
          isolate: false,
          // Rendering react-admin screens in a DOM emulation is CPU work: with two files at a time on two cores, and on a
          // busy machine, a test that takes 2 s alone took 5-9 s and hit vitest's 5 s default (a timeout is not
          // a behaviour; every wait inside the tests keeps its own bound).
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          // Three at a time (issue 18, twelfth session): with two, the browser files kept 74-76 % of the two cores busy
          // (412-428 s, 604-642 CPU-seconds); with three 93 % (381 s, 706 CPU-seconds: waits cost more when the cores
          // are shared). Each file has its own product, port, data and browser contexts.
          maxWorkers: 3,
          environment: 'node',
          include: ['apps/web/e2e/**/*.e2e.test.ts'],
          // one Chromium and one migrated, seeded data folder for the run (support/global-setup.ts)
          globalSetup: ['./apps/web/e2e/support/global-setup.ts'],
          // Files share a worker's modules (playwright-core, axe-core's source, the support helpers) instead of
          // importing them afresh: 2 s a file. Each file has its own product, data and browser contexts; the one
          // module state in support/ (sign-in.ts's saved tokens) is keyed by the product's address and forgotten
          // when that product stops.
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // expect.poll's 1 s default is too short for a search to answer on a busy machine (several browser files
          // at a time); a poll that matches returns at once, so passing tests take no longer
          expect: { poll: { timeout: 10_000 } },
          // after the node and web files, so the browser files (maxWorkers above) have the cores to themselves
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
