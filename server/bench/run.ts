// `npm run bench`: the compiled server (`npm run build` first) as production runs it, on the embedded
// database and, when TEST_DATABASE_URL is set, on PostgreSQL. For each: memory after start (RSS once
// settled), how fast a guest's message is stored and answered by agent-1, and memory under that load
// (RSS at the end and the peak, VmHWM). Targets: p95 send < 150 ms, p95 answer < 1500 ms, peak RSS <
// 1024 MB. The first conversations warm up and are not counted. Readings come from /proc (Linux).
import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { startServer, type TestServer } from '../../e2e/support/server.ts';
import { createTestDatabase } from '../test/support/databases.ts';
import { newGuestId, sendMessage, waitForAgentReply } from '../test/support/http.ts';

const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 40);
const WARM_UP = 5;
const TARGETS = { sendP95Ms: 150, answerP95Ms: 1500, peakRssMb: 1024 };

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/** VmRSS and VmHWM of a process, in MB. */
async function memory(pid: number): Promise<{ rssMb: number; peakMb: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
}

async function sendAndAnswer(server: TestServer) {
  const sendMs: number[] = [];
  const answerMs: number[] = [];
  for (let i = 0; i < CONVERSATIONS + WARM_UP; i += 1) {
    const guest = { guest: newGuestId() };
    const started = performance.now();
    const sent = await sendMessage(server.baseUrl, guest, {
      content: `My Next.js app on Vercel returns 500 on every API route after upgrading to App Router (run ${i})`,
    });
    if (sent.status !== 200) throw new Error(`send failed: ${JSON.stringify(sent)}`);
    const sentAfter = performance.now() - started;
    await waitForAgentReply(server.baseUrl, guest, sent.body.conversation_id, sent.body.id);
    if (i < WARM_UP) continue;
    sendMs.push(sentAfter);
    answerMs.push(performance.now() - started);
  }
  return { sendMs, answerMs };
}

async function benchmark(kind: 'pglite' | 'postgres') {
  const database = await createTestDatabase(kind, '');
  const { DATA_DIR: _unused, ...databaseEnv } = database.env;
  const server = await startServer({ ...databaseEnv, NODE_ENV: 'test', LOG_LEVEL: 'warn' });
  try {
    await sleep(3000);
    const afterStart = await memory(server.pid);
    const { sendMs, answerMs } = await sendAndAnswer(server);
    const underLoad = await memory(server.pid);
    return {
      database: kind,
      conversations: CONVERSATIONS,
      rssAfterStartMb: afterStart.rssMb,
      rssAfterLoadMb: underLoad.rssMb,
      peakRssMb: underLoad.peakMb,
      sendP50Ms: Math.round(percentile(sendMs, 50)),
      sendP95Ms: Math.round(percentile(sendMs, 95)),
      answerP50Ms: Math.round(percentile(answerMs, 50)),
      answerP95Ms: Math.round(percentile(answerMs, 95)),
    };
  } finally {
    await server.stop();
    await database.drop();
  }
}

const kinds: Array<'pglite' | 'postgres'> = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
const results = [];
for (const kind of kinds) results.push(await benchmark(kind));
console.table(results);
const misses = results.flatMap((r) =>
  [
    r.sendP95Ms > TARGETS.sendP95Ms && `${r.database}: send p95 ${r.sendP95Ms} ms > ${TARGETS.sendP95Ms} ms`,
    r.answerP95Ms > TARGETS.answerP95Ms && `${r.database}: answer p95 ${r.answerP95Ms} ms > ${TARGETS.answerP95Ms} ms`,
    r.peakRssMb > TARGETS.peakRssMb && `${r.database}: peak RSS ${r.peakRssMb} MB > ${TARGETS.peakRssMb} MB`,
  ].filter(Boolean),
);
if (misses.length > 0) {
  console.log(`Targets missed: ${misses.join('; ')}`);
  process.exitCode = 1;
}
