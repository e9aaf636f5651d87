import type { Browser, Page } from 'playwright-core';

/** How much slower than the host the page's CPU runs: Lighthouse's mobile profile uses the same 4×. */
export const CPU_SLOWDOWN = 4;
/** A task longer than this blocks input (the Long Tasks API and total blocking time use 50 ms). */
const LONG_TASK_MS = 50;
/** The page counts as loaded once no long task has started for this long after the load event. */
const QUIET_MS = 1500;

/** The long tasks of one page load under CPU_SLOWDOWN, in milliseconds of the throttled clock. */
export interface MainThreadAtLoad {
  /** Sum over long tasks of the time past 50 ms each: the page's total blocking time. */
  blockingMs: number;
  /** The longest single task. */
  longestMs: number;
  /** How many long tasks ran. */
  tasks: number;
}

/**
 * Loads `url` in a fresh context with the CPU slowed down CPU_SLOWDOWN times through the DevTools
 * protocol (`Emulation.setCPUThrottlingRate`), and adds up the `longtask` entries a PerformanceObserver
 * sees from the start of the document until the page has been quiet for QUIET_MS after its load event.
 * `prepare` runs on the page before it loads (a test's hook to make it heavier).
 */
export async function mainThreadAtLoad(
  browser: Browser,
  url: string,
  prepare?: (page: Page) => Promise<unknown>,
): Promise<MainThreadAtLoad> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.addInitScript(() => {
      const durations: number[] = [];
      (window as unknown as { longTasks: number[] }).longTasks = durations;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) durations.push(entry.duration);
      }).observe({ type: 'longtask', buffered: true });
    });
    await prepare?.(page);
    await page.goto(url, { waitUntil: 'load' });
    // Quiet: no long task for QUIET_MS. Polled in the page, so the count and the clock are the page's.
    await page.waitForFunction(
      (quietMs) => {
        const state = window as unknown as { longTasks: number[]; quietSince?: { count: number; at: number } };
        const count = state.longTasks.length;
        if (state.quietSince?.count !== count) state.quietSince = { count, at: performance.now() };
        return performance.now() - state.quietSince.at >= quietMs;
      },
      QUIET_MS,
      { polling: 100, timeout: 60_000 },
    );
    const durations = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
    return {
      blockingMs: Math.round(durations.reduce((sum, duration) => sum + Math.max(0, duration - LONG_TASK_MS), 0)),
      longestMs: Math.round(Math.max(0, ...durations)),
      tasks: durations.length,
    };
  } finally {
    await context.close();
  }
}
