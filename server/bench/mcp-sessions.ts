// The MCP sessions row of `npm run bench` (alone: `BENCH_ONLY=mcp`): many agent sessions subscribed to
// the waiting list while guests send, and what that costs everyone else (docs/decisions/082-mcp-sessions-per-key.md).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { startServer } from '../../e2e/support/server.ts';
import { createTestDatabase } from '../test/support/databases.ts';
import { callJson, newGuestId, sendMessage } from '../test/support/http.ts';
import { signInWithDevProvider } from '../test/support/sign-in.ts';
import { percentileOf, startProbes } from './analysis-load.ts';

/** The row's goal: `/api/health` p99 during the bursts, in milliseconds. */
export const MCP_SESSIONS_GOAL_P99_MS = 200;
const SESSIONS = Number(process.env.BENCH_MCP_SESSIONS ?? 200);
const BURSTS = 5;
const SENDS_PER_BURST = 10;
const WAITING = 'unstuck://conversations/waiting';

/**
 * A compiled server on `kind` in external agent mode with the per-key cap raised; `/api/health` probed
 * (one request at a time, 25 ms apart) during bursts of guest sends, first with no session (the
 * reference), then with SESSIONS sessions of one key on the session transport, each subscribed to the
 * waiting list.
 * @returns the row: `/api/health` p50/p99 both ways, and how long the sessions took to hear of a burst (p99).
 */
export async function mcpSessionsBench(kind: 'pglite' | 'postgres') {
  const database = await createTestDatabase(kind, '');
  const { DATA_DIR: _unused, ...databaseEnv } = database.env;
  const server = await startServer(
    {
      ...databaseEnv,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      AGENT_MODE: 'external',
      ADMIN_EMAILS: 'bench-admin@example.com',
      MCP_SESSIONS_PER_KEY: String(SESSIONS),
    },
    { timeoutMs: 300_000 },
  );
  const clients: Client[] = [];
  try {
    const admin = await signInWithDevProvider(server.baseUrl, { email: 'bench-admin@example.com', name: 'Bench Admin' });
    const key = { agentId: 'agent-1', agentName: 'Bench agent' };
    const created = await callJson(server.baseUrl, 'POST', '/api/admin/agents/apikeys', { token: admin.token }, key);
    if (created.status !== 201) throw new Error(`no agent key: ${JSON.stringify(created)}`);
    const reference = await bursts(server.baseUrl, []);
    const heard: number[] = Array.from({ length: SESSIONS }, () => 0);
    for (let i = 0; i < SESSIONS; i += 1) {
      const client = new Client({ name: 'unstuck-bench', version: '1.0.0' });
      await client.connect(
        new SSEClientTransport(new URL(`${server.baseUrl}/mcp_tools/sse`), {
          requestInit: { headers: { 'x-agent-key': created.body.api_key } },
        }),
      );
      client.setNotificationHandler(ResourceUpdatedNotificationSchema, () => void (heard[i]! += 1));
      await client.subscribeResource({ uri: WAITING });
      clients.push(client);
    }
    const subscribed = await bursts(server.baseUrl, heard);
    const loadAverage = (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ');
    const p99 = (values: number[]) => Math.round(percentileOf(values, 99));
    return {
      database: kind,
      during: `${BURSTS} bursts of ${SENDS_PER_BURST} guest sends; load avg ${loadAverage}`,
      '/api/health, no session': `p50 ${Math.round(percentileOf(reference.health, 50))} ms, p99 ${p99(reference.health)} ms`,
      [`/api/health, ${SESSIONS} sessions`]: `p50 ${Math.round(percentileOf(subscribed.health, 50))} ms, p99 ${p99(subscribed.health)} ms (${subscribed.health.length} requests)`,
      'every session heard a burst': `p99 ${p99(subscribed.hearMs)} ms`,
      p99Ms: percentileOf(subscribed.health, 99),
    };
  } finally {
    await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
    await server.stop();
    await database.drop();
  }
}

/**
 * `/api/health` probed during BURSTS bursts of SENDS_PER_BURST concurrent guest sends, each burst until
 * every session of `heard` (update counts, reset here) heard of it, then half a second of quiet.
 * @returns the probes' latencies and, per burst, how long until every session heard (ms).
 */
async function bursts(baseUrl: string, heard: number[]): Promise<{ health: number[]; hearMs: number[] }> {
  const probes = startProbes(baseUrl, ['/api/health']);
  const hearMs: number[] = [];
  for (let burst = 0; burst < BURSTS; burst += 1) {
    heard.fill(0);
    const sentAt = performance.now();
    const sends = await Promise.all(
      Array.from({ length: SENDS_PER_BURST }, (_, i) =>
        sendMessage(baseUrl, { guest: newGuestId() }, { content: `My Zapier zap stopped after the update (${burst}.${i})` }),
      ),
    );
    const failed = sends.find((sent) => sent.status !== 200);
    if (failed) throw new Error(`a send failed: ${JSON.stringify(failed)}`);
    while (heard.some((count) => count === 0)) {
      if (performance.now() - sentAt > 30_000) throw new Error('the sessions did not hear of the burst within 30 s');
      await sleep(10);
    }
    hearMs.push(performance.now() - sentAt);
    await sleep(500);
  }
  return { health: (await probes.stop())['/api/health']!, hearMs };
}
