// The memory a burst of maximum-size sends costs the server: `SENDS` clients post `POST /api/v2/messages`
// at once, each with MAX_FILES_PER_MESSAGE files of LIMITS.attachmentBytes (random bytes, so nothing
// compresses), against the compiled server on PostgreSQL. Two bursts: every send new (distinct guests,
// all stored), then every send the same guest's with one Idempotency-Key (one stored, the rest answered
// as retries). The server's RSS is sampled from /proc every 50 ms; the figure is the peak above the
// RSS before the bursts (goal: at most 512 MB, the README's plan per instance), and the RSS 5 s after.
// `npm run bench` runs it on PostgreSQL; `npm run bench:uploads` runs it alone (needs
// TEST_DATABASE_URL and `npm run build`).
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { LIMITS, MAX_FILES_PER_MESSAGE } from '@unstuck/contract';
import { startServer } from '../../e2e/support/server.ts';
import { createTestDatabase } from '../test/support/databases.ts';
import { newGuestId } from '../test/support/http.ts';

/** Concurrent sends per burst. */
export const UPLOAD_BURST_SENDS = 32;
/** Most RSS above idle the bursts may cost (MB). */
export const UPLOAD_BURST_GOAL_MB = 512;

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) / 1024);
}

/** One burst's figures: answers by status, RSS before, peak and 5 s after (MB), seconds taken, MB received per second. */
export interface BurstResult {
  statuses: Record<number, number>;
  idleMb: number;
  peakMb: number;
  aboveIdleMb: number;
  afterMb: number;
  seconds: number;
  megabytesPerSecond: number;
}

/** Sends `sends` maximum-size messages at once and samples the server's RSS while they run. */
async function burst(baseUrl: string, pid: number, sends: number, headersOf: (i: number) => Record<string, string>): Promise<BurstResult> {
  // One set of blobs serves every request: the generator's own memory stays small, and undici streams them.
  const blobs = Array.from({ length: MAX_FILES_PER_MESSAGE }, () => new Blob([randomBytes(LIMITS.attachmentBytes)]));
  const idleMb = await rssMb(pid);
  let peakMb = idleMb;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peakMb = Math.max(peakMb, await rssMb(pid));
      await sleep(50);
    }
  })();
  const started = performance.now();
  const statuses: Record<number, number> = {};
  await Promise.all(
    Array.from({ length: sends }, async (_, i) => {
      const form = new FormData();
      for (const [key, value] of Object.entries({
        type: 'direct',
        recipientId: 'agent-1',
        content: 'Logs of the failing build attached',
      })) {
        form.append(key, value);
      }
      blobs.forEach((blob, n) => form.append('file', blob, `build-${n}.log.gz`));
      const status = await fetch(`${baseUrl}/api/v2/messages`, { method: 'POST', headers: headersOf(i), body: form })
        .then(async (response) => {
          await response.arrayBuffer();
          return response.status;
        })
        .catch(() => 0);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  sampling = false;
  await sampler;
  await sleep(5000);
  const bytes = sends * MAX_FILES_PER_MESSAGE * LIMITS.attachmentBytes;
  return {
    statuses,
    idleMb,
    peakMb,
    aboveIdleMb: peakMb - idleMb,
    afterMb: await rssMb(pid),
    seconds: Number(seconds.toFixed(1)),
    megabytesPerSecond: Math.round(bytes / 1024 / 1024 / seconds),
  };
}

/**
 * Starts the compiled server on a fresh PostgreSQL database (TEST_DATABASE_URL) and runs both bursts.
 * The per-address allowances are lifted (the bench sends from one address) and every send of a burst
 * is admitted at once (UPLOADS_MAX_CONCURRENT = the burst), so the figure is what the sends themselves cost.
 */
export async function uploadMemory(sends = UPLOAD_BURST_SENDS): Promise<{ fresh: BurstResult; reusedKey: BurstResult }> {
  const database = await createTestDatabase('postgres', '');
  const { DATA_DIR: _unused, ...databaseEnv } = database.env;
  const server = await startServer({ ...databaseEnv, NODE_ENV: 'test', LOG_LEVEL: 'warn', UPLOADS_MAX_CONCURRENT: String(sends) });
  try {
    await sleep(3000);
    const fresh = await burst(server.baseUrl, server.pid, sends, () => ({ 'x-guest-session-id': newGuestId() }));
    const guest = newGuestId();
    const reusedKey = await burst(server.baseUrl, server.pid, sends, () => ({
      'x-guest-session-id': guest,
      'idempotency-key': 'bench-same-key',
    }));
    return { fresh, reusedKey };
  } finally {
    await server.stop();
    await database.drop();
  }
}

if (import.meta.main) {
  if (!process.env.TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL must point at a PostgreSQL server');
  const result = await uploadMemory(Number(process.env.BENCH_UPLOAD_SENDS ?? UPLOAD_BURST_SENDS));
  console.table(result);
}
