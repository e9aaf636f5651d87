import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { CPU_SLOWDOWN, mainThreadAtLoad, type MainThreadAtLoad } from './support/main-thread.ts';
import { startServer, type TestServer } from './support/server.ts';
import { sharedTaskPath } from './support/share.ts';

/**
 * Most blocking time each public page may cause at load, under CPU_SLOWDOWN (docs/decisions/088-main-thread-budget.md,
 * 097-share-page-painted-on-the-server.md, 098-hydrated-first-views.md). This suite runs alone, after the other browser
 * suites (the `e2e-budget` project). Measured so on 2026-11-28 (`.ci/run` on a fresh clone, the quiet 2-core machine):
 * home 175 ms, docs 137 ms, share 313 ms. The budgets leave about four times that for a slower or busier machine; the
 * share page's is the largest because it hydrates a whole conversation with its Markdown. A guard, not the goal:
 * `npm run bench:web` measures the goal (200 ms of total blocking time on the slower 2-core machines, run alone).
 */
const BUDGET_MS = { home: 800, docs: 800, share: 800 } as const;
/** Loads per page at most: the first one under the budget passes. */
const ATTEMPTS = 3;

let server: TestServer;
let browser: Browser;
let sharePath: string;

beforeAll(async () => {
  // A loaded machine starts the server slowly, and this suite is about loaded machines.
  server = await startServer({ ADMIN_EMAILS: 'admin@example.com', SIGN_IN_RATE_LIMIT: '1000' }, { timeoutMs: 300_000 });
  browser = await launchBrowser();
  sharePath = await sharedTaskPath(server.baseUrl);
}, 420_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe(`public pages block the main thread at load less than their budget under a ${CPU_SLOWDOWN}× slower CPU`, () => {
  for (const [name, path] of [
    ['home', () => '/'],
    ['docs', () => '/docs/mcp-server'],
    ['share', () => sharePath],
  ] as const) {
    const budget = BUDGET_MS[name];
    it(`${name} (${budget} ms)`, async () => {
      // Other work on the machine stretches the page's tasks, never shortens them: the best of up to
      // ATTEMPTS loads is nearest the page's own figure, and a page over the budget is over it every time.
      const attempts: MainThreadAtLoad[] = [];
      for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
        const figures = await mainThreadAtLoad(browser, `${server.baseUrl}${path()}`);
        console.log(`main thread at load, ${name} (attempt ${attempt}): ${JSON.stringify(figures)}`);
        attempts.push(figures);
        if (figures.blockingMs < budget) break;
      }
      const best = Math.min(...attempts.map((figures) => figures.blockingMs));
      expect(best, JSON.stringify(attempts)).toBeLessThan(budget);
    }, 240_000);
  }

  it('the measure catches a page that blocks too long', async () => {
    // The home page with a script that keeps the main thread busy right after load, by as little as puts it
    // over its budget: the guard must see it.
    const heavy = await mainThreadAtLoad(browser, `${server.baseUrl}/`, (page) =>
      page.addInitScript((busyMs) => {
        addEventListener('load', () => {
          const until = performance.now() + busyMs;
          while (performance.now() < until);
        });
      }, BUDGET_MS.home + 100),
    );
    expect(heavy.blockingMs).toBeGreaterThanOrEqual(BUDGET_MS.home);
  }, 90_000);
});
