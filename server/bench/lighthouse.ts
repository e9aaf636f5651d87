// `npm run bench:web`: Lighthouse (mobile: its default emulated phone with simulated slow 4G and a
// 4× slower CPU) on the production build served by the compiled server, for the home page, the
// documentation page and a public share page. Each page is measured LIGHTHOUSE_RUNS times (3) in a
// fresh headless Chromium (/usr/bin/chromium, CHROMIUM_PATH overrides it); the median of each
// category is printed as a Markdown table for the README, with the goals of
// docs/decisions/062-painted-first-views.md. Exits non-zero when a median misses its goal.
//
// Not a timed test: figures depend on the machine and its load, which the output states: the load
// average and Lighthouse's `benchmarkIndex` of the host (a fixed piece of work it times before each run;
// higher is faster), so figures from different machines can be compared.
import { loadavg } from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from '../../e2e/support/server.ts';
import { sharedTaskPath } from '../../e2e/support/share.ts';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/**
 * How many times slower than the host the emulated phone's CPU is: Lighthouse's mobile default is 4.
 * A figure for a slower machine class comes from a larger one: 4 × how much slower that machine is
 * (e.g. 8 for a machine that runs the test suites twice as long), as Lighthouse's throttling guide
 * advises from the host's benchmarkIndex.
 */
const CPU_SLOWDOWN = Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN ?? 4);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
type Category = (typeof CATEGORIES)[number];

/** Goals per page: performance, accessibility, best practices (0–100). */
const GOALS: Record<string, Record<Category, number>> = {
  home: { performance: 95, accessibility: 100, 'best-practices': 100 },
  docs: { performance: 95, accessibility: 100, 'best-practices': 100 },
  share: { performance: 90, accessibility: 100, 'best-practices': 100 },
};

/**
 * One Lighthouse run in a fresh browser: the category scores (0–100), the largest paint and the total
 * blocking time (ms), and the host's benchmark index (Lighthouse's unitless speed figure, higher is faster).
 */
type Figures = Record<Category | 'lcp' | 'tbt' | 'benchmarkIndex', number>;

async function measure(url: string): Promise<Figures> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      // Merged into the mobile defaults (slow 4G stays): only the CPU's slowdown changes.
      throttling: { cpuSlowdownMultiplier: CPU_SLOWDOWN },
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { categories, audits, environment, runtimeError, configSettings } = result.lhr;
    if (configSettings.throttling.cpuSlowdownMultiplier !== CPU_SLOWDOWN)
      throw new Error('Lighthouse did not take LIGHTHOUSE_CPU_SLOWDOWN');
    // A run Lighthouse could not finish (no paint traced, a page that did not load) scores 0: not a figure.
    if (runtimeError) throw new Error(`Lighthouse could not measure ${url}: ${runtimeError.code} ${runtimeError.message}`);
    const score = (id: Category) => Math.round((categories[id]?.score ?? 0) * 100);
    const failing = Object.values(audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary');
    if (failing.length > 0) console.log(`    failing checks: ${failing.map((a) => a.id).join(', ')}`);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      lcp: audits['largest-contentful-paint']?.numericValue ?? 0,
      tbt: audits['total-blocking-time']?.numericValue ?? 0,
      benchmarkIndex: Math.round(environment.benchmarkIndex),
    };
  } finally {
    chrome.kill();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

// Five minutes to start: outside the test runner the database starts from nothing (initdb, migrations),
// which takes longer than the default 90 s on a loaded machine.
const server = await startServer({ ADMIN_EMAILS: 'admin@example.com', SIGN_IN_RATE_LIMIT: '1000' }, { timeoutMs: 300_000 });
let missed = false;
try {
  const pages = { home: '/', docs: '/docs/mcp-server', share: await sharedTaskPath(server.baseUrl) };
  const rows: string[] = [];
  for (const [name, path] of Object.entries(pages)) {
    const runs: Figures[] = [];
    // A run Lighthouse could not finish is said and left out of the medians; the page gets another,
    // up to twice its runs in all.
    for (let attempt = 1; runs.length < RUNS && attempt <= 2 * RUNS; attempt += 1) {
      const load = loadavg()[0]?.toFixed(1);
      try {
        const figures = await measure(`${server.baseUrl}${path}`);
        console.log(`  ${name} run ${attempt}: ${JSON.stringify(figures)} (load average ${load})`);
        runs.push(figures);
      } catch (error) {
        console.log(`  ${name} run ${attempt}: ${(error as Error).message} (load average ${load})`);
      }
    }
    if (runs.length === 0) throw new Error(`Lighthouse could not measure ${name} in ${2 * RUNS} runs`);
    const mid = (key: keyof Figures) => median(runs.map((r) => r[key]));
    const goal = GOALS[name]!;
    const cells = CATEGORIES.map((category) => {
      const value = mid(category);
      const ok = value >= goal[category];
      missed ||= !ok;
      return `${value}${ok ? '' : ` (goal ${goal[category]})`}`;
    });
    rows.push(
      `| ${name} (\`${name === 'share' ? '/task-share/{token}' : path}\`) | ${cells.join(' | ')} | ${Math.round(mid('lcp'))} ms | ${Math.round(mid('tbt'))} ms | ${mid('benchmarkIndex')} |`,
    );
  }
  console.log(
    `\nLighthouse ${RUNS} runs per page, medians (mobile, simulated throttling, CPU ${CPU_SLOWDOWN}× slower), ${new Date().toISOString()}:\n`,
  );
  console.log('| Page | Performance | Accessibility | Best practices | LCP | TBT | benchmarkIndex |');
  console.log('| ---- | ----------- | ------------- | -------------- | --- | --- | -------------- |');
  for (const row of rows) console.log(row);
} finally {
  await server.stop();
}
process.exit(missed ? 1 : 0);
