// Preloaded into the bench's server processes (NODE_OPTIONS=--import, see server/bench/load.ts): on
// SIGUSR2 it writes, as JSON to BENCH_EVENT_LOOP_FILE, the event-loop delay since the previous signal
// (perf_hooks.monitorEventLoopDelay) and the garbage collector's pauses (total and longest), in ms, and
// starts over, so the bench can tell a saturated or pausing server from a slow generator or machine.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();
let gc = { totalMs: 0, maxMs: 0 };
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    gc.totalMs += entry.duration;
    gc.maxMs = Math.max(gc.maxMs, entry.duration);
  }
}).observe({ entryTypes: ['gc'] });
process.on('SIGUSR2', () => {
  const ms = (ns) => Math.round(ns / 1e5) / 10;
  const round = (n) => Math.round(n * 10) / 10;
  const report = {
    p50Ms: ms(histogram.percentile(50)),
    p99Ms: ms(histogram.percentile(99)),
    maxMs: ms(histogram.max),
    gcTotalMs: round(gc.totalMs),
    gcMaxMs: round(gc.maxMs),
  };
  writeFileSync(process.env.BENCH_EVENT_LOOP_FILE, JSON.stringify(report));
  histogram.reset();
  gc = { totalMs: 0, maxMs: 0 };
});
