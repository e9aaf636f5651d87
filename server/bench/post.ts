// `npm run bench:post` (needs TEST_DATABASE_URL and `npm run build`): only the issue-12 send figure,
// POST /api/v2/messages against pgbench single-row inserts on the same PostgreSQL, with what noise
// on a shared machine affects less: the server's CPU milliseconds and the database's transactions per
// stored message. The server runs with the environment this script gets (e.g. AGENT_WORKER=false
// measures the send path alone). Sized by BENCH_LOAD_SECONDS (10).
import { setTimeout as sleep } from 'node:timers/promises';
import { startServer } from '../../e2e/support/server.ts';
import { createTestDatabase } from '../test/support/databases.ts';
import { pgbenchInserts, postThroughput, sendCost } from './load.ts';

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const CONCURRENCY = 10;

if (!process.env.TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL must point at a PostgreSQL server');
const database = await createTestDatabase('postgres', '');
const { DATA_DIR: _unused, ...databaseEnv } = database.env;
const server = await startServer({ ...databaseEnv, NODE_ENV: 'test', LOG_LEVEL: 'warn' });
try {
  await sleep(3000);
  const cost = await sendCost(server.pid, databaseEnv.DATABASE_URL, () => postThroughput(server.baseUrl, CONCURRENCY, SECONDS));
  const inserts = await pgbenchInserts(databaseEnv.DATABASE_URL!, CONCURRENCY, SECONDS);
  console.table({
    agentWorker: process.env.AGENT_WORKER ?? 'true',
    messagesPerSecond: cost.messagesPerSecond,
    errors: cost.errors,
    pgbenchTps: inserts,
    ratio: typeof inserts === 'number' ? Number((cost.messagesPerSecond / inserts).toFixed(3)) : '-',
    serverCpuMsPerPost: cost.cpuMsPerPost,
    databaseCpuMsPerPost: cost.databaseCpuMsPerPost ?? '-',
    transactionsPerPost: cost.transactionsPerPost,
  });
} finally {
  await server.stop();
  await database.drop();
}
