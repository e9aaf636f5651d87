import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Most server suites wait on timers, sockets and agent turns more than they compute: one file per core
    // keeps both cores of a small machine busy (vitest's default leaves one idle). The browser suites
    // still run one file at a time (fileParallelism: false).
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
        test: {
          name: 'server',
          include: ['server/test/**/*.test.ts', 'server/src/**/*.test.ts', 'contract/src/**/*.test.ts'],
          setupFiles: ['server/test/setup/fail-on-console-error.ts'],
          globalSetup: ['server/test/setup/pglite-image.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
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
          // Browser suites sign people in on the fast tier's app too (server/test/support).
          globalSetup: ['server/test/setup/pglite-image.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          pool: 'forks',
        },
      },
    ],
  },
});
