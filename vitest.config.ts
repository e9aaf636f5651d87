import { globSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const SERVER_SUITES = ['server/test/**/*.test.ts', 'server/src/**/*.test.ts', 'contract/src/**/*.test.ts'];

/**
 * Server suites that start our server on a port (a real server, several instances, a restart): the
 * network tier. Every other server suite is the unit and inject tier, which `npm run test:fast` runs
 * alone on PGlite (README "Tests"). Read from the files, so a suite that starts
 * using a port leaves the fast tier by itself.
 */
const NETWORK_SUITES = globSync(SERVER_SUITES).filter((file) =>
  /\b(useTestServer|startTestServer|useSharedDatabase|startOn)\(/.test(readFileSync(file, 'utf8')),
);

const SERVER_PROJECT = {
  setupFiles: ['server/test/setup/fail-on-console-error.ts'],
  globalSetup: ['server/test/setup/pglite-image.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks' as const,
};

/** Browser suites that measure time on the main thread; they need the machine to themselves. */
const BUDGET_SUITES = ['e2e/main-thread-budget.spec.ts'];

const E2E_PROJECT = {
  // Browser suites sign people in on the fast tier's app too (server/test/support).
  globalSetup: ['server/test/setup/pglite-image.ts'],
  testTimeout: 120_000,
  hookTimeout: 120_000,
  // A page that shares the machine with other suites may take seconds to settle: expect.poll waits
  // up to 15 s (vitest's default is 1 s) unless a test gives its own limit.
  expect: { poll: { timeout: 15_000 } },
  pool: 'forks' as const,
};

export default defineConfig({
  test: {
    // Most server suites wait on timers, sockets and agent turns more than they compute: one file per core
    // keeps both cores of a small machine busy (vitest's default leaves one idle).
    maxWorkers: '100%',
    coverage: {
      provider: 'v8',
      include: ['server/src/**/*.{ts,tsx}', 'web/src/**/*.{ts,tsx}', 'contract/src/**/*.ts'],
      exclude: ['**/*.test.ts'],
      reporter: ['text-summary', 'json-summary'],
      reportsDirectory: '.tmp/coverage',
    },
    projects: [
      {
        // The unit and inject tiers (`npm run test:fast` runs them alone): every server suite but the network ones.
        // Their files share a worker's modules (isolate: false) instead of importing the app again per file, which
        // took half the tier's CPU time. Each builds its own app, database and clock (useTestApp); what does carry
        // over is module state (caches, a loaded renderer), which a file must not change for good (decision 100).
        test: { name: 'server-fast', include: SERVER_SUITES, exclude: NETWORK_SUITES, ...SERVER_PROJECT, isolate: false },
      },
      {
        // The network tier: real servers on ports, several instances, restarts, worker threads that outlive a
        // test by a moment. Each file keeps a fresh module graph, so a server or timer one file leaves behind
        // cannot slow or disturb the next.
        test: { name: 'server-network', include: NETWORK_SUITES, ...SERVER_PROJECT },
      },
      {
        test: {
          name: 'web',
          include: ['web/src/**/*.test.ts'],
          setupFiles: ['server/test/setup/fail-on-console-error.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          exclude: BUDGET_SUITES,
          ...E2E_PROJECT,
          // The browser suites wait on agent turns, queues and the page far more than they compute (a
          // whole run used about a fifth of two cores): three files at a time fill the machine.
          maxWorkers: 3,
        },
      },
      {
        // Main-thread budgets time the page's work: they run alone, after the other browser suites.
        test: { name: 'e2e-budget', include: BUDGET_SUITES, ...E2E_PROJECT, fileParallelism: false },
      },
    ],
  },
});
