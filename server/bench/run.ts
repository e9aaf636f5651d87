// `npm run bench`: how fast a guest's message is stored and answered by agent-1, and the server's
// memory, on the embedded database. Targets: p95 send < 150 ms, p95 answer < 1500 ms, RSS < 1024 MB
// (PGlite's WebAssembly heap is most of it). The first runs warm up and are not counted.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config.ts';
import { startServer } from '../src/server.ts';
import { newGuestId, sendMessage, waitForAgentReply } from '../test/support/http.ts';

const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 40);
const WARM_UP = 5;
const TARGETS = { sendP95Ms: 150, answerP95Ms: 1500, rssMb: 1024 };

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'unstuck-bench-'));
const server = await startServer(
  loadConfig({ ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
);
const sendMs: number[] = [];
const answerMs: number[] = [];
try {
  for (let i = 0; i < CONVERSATIONS + WARM_UP; i += 1) {
    const guest = { guest: newGuestId() };
    const started = performance.now();
    const sent = await sendMessage(server.url, guest, {
      content: `My Next.js app on Vercel returns 500 on every API route after upgrading to App Router (run ${i})`,
    });
    if (sent.status !== 200) throw new Error(`send failed: ${JSON.stringify(sent)}`);
    const sentAfter = performance.now() - started;
    await waitForAgentReply(server.url, guest, sent.body.conversation_id, sent.body.id);
    if (i < WARM_UP) continue;
    sendMs.push(sentAfter);
    answerMs.push(performance.now() - started);
  }
} finally {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
}
const results = {
  conversations: CONVERSATIONS,
  sendP50Ms: Math.round(percentile(sendMs, 50)),
  sendP95Ms: Math.round(percentile(sendMs, 95)),
  answerP50Ms: Math.round(percentile(answerMs, 50)),
  answerP95Ms: Math.round(percentile(answerMs, 95)),
  rssMb: Math.round(process.memoryUsage().rss / 1024 / 1024),
};
console.log(JSON.stringify(results, null, 2));
const misses = [
  results.sendP95Ms > TARGETS.sendP95Ms && `send p95 ${results.sendP95Ms} ms > ${TARGETS.sendP95Ms} ms`,
  results.answerP95Ms > TARGETS.answerP95Ms && `answer p95 ${results.answerP95Ms} ms > ${TARGETS.answerP95Ms} ms`,
  results.rssMb > TARGETS.rssMb && `RSS ${results.rssMb} MB > ${TARGETS.rssMb} MB`,
].filter(Boolean);
if (misses.length > 0) {
  console.log(`Targets missed: ${misses.join('; ')}`);
  process.exitCode = 1;
}
