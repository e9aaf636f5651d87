import net from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentKey } from '../support/agent-keys.ts';
import { createTestDatabase, type TestDatabase } from '../support/databases.ts';
import { freePort } from '../support/free-port.ts';
import { newGuestId, sendMessage } from '../support/http.ts';
import { signInStaff, STAFF_ENV } from '../support/staff.ts';
import { startOn } from '../support/test-server.ts';
import { until } from '../support/until.ts';

/**
 * A TCP relay between the server and PostgreSQL that the test can cut (every connection dropped, new
 * ones refused) and restore on the same port: the database becomes unreachable, as when it stops.
 */
async function cuttableRelay(target: URL) {
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  let listener: net.Server | undefined;
  const open = () =>
    new Promise<void>((resolve) => {
      if (listener?.listening) return resolve();
      listener = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
      });
      listener.listen(port, '127.0.0.1', resolve);
    });
  await open();
  return {
    port,
    async cut() {
      await new Promise<void>((resolve) => {
        listener!.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
    restore: open,
  };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('sends while the database is unreachable (PostgreSQL)', { timeout: 120_000 }, () => {
  let database: TestDatabase;
  let dataDir: string;
  let relay: Awaited<ReturnType<typeof cuttableRelay>>;
  let server: Awaited<ReturnType<typeof startOn>>;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'unstuck-outage-'));
    database = await createTestDatabase('postgres', dataDir);
    const direct = new URL(database.env.DATABASE_URL!);
    relay = await cuttableRelay(direct);
    const relayed = new URL(direct);
    relayed.port = String(relay.port);
    server = await startOn(
      { ...database, env: { ...database.env, DATABASE_URL: relayed.toString() } },
      { ...STAFF_ENV, AGENT_WORKER: 'false' },
    );
  });
  afterAll(async () => {
    await relay?.restore();
    await server?.close();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answer 503 with Retry-After and { code, detail } (health 503 too), and work again once it is back', async () => {
    const guest = { guest: newGuestId() };
    const agentKey = await createAgentKey(server.database.db);
    const { user, expert } = await signInStaff(server);
    const sent = await sendMessage(server.url, guest, { content: 'My Netlify deploy fails on the build step' });
    expect(sent.status).toBe(200);

    await relay.cut();
    const post = async (url: string, headers: Record<string, string>, body: unknown) => {
      const response = await fetch(`${server.url}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      return { status: response.status, retryAfter: Number(response.headers.get('retry-after')), body: await response.json() };
    };
    const guestHeaders = { 'x-guest-session-id': guest.guest };
    const sends = {
      guest: await post('/api/v2/messages', guestHeaders, { content: 'It says out of memory', conversationId: sent.body.conversation_id }),
      legacy: await post('/api/messages', { authorization: `Bearer ${user.token}` }, { content: 'Still failing', recipientId: 'agent-1' }),
      agent: await post(
        '/api/messages',
        { 'x-agent-key': agentKey },
        { conversationId: sent.body.conversation_id, content: 'Which Node?' },
      ),
      expert: await post(`/api/expert/tasks/${randomUUID()}/messages`, { authorization: `Bearer ${expert.token}` }, { content: 'On it' }),
    };
    for (const [who, answer] of Object.entries(sends)) {
      expect({ who, ...answer }).toEqual({
        who,
        status: 503,
        retryAfter: expect.any(Number),
        body: {
          code: 'service_unavailable',
          detail: 'The service cannot reach its database right now. Please try again in a few seconds.',
        },
      });
      expect(answer.retryAfter).toBeGreaterThan(0);
    }
    expect((await fetch(`${server.url}/api/health`)).status).toBe(503);

    await relay.restore();
    await until(
      async () => (await sendMessage(server.url, guest, { content: 'Back?', conversationId: sent.body.conversation_id })).status === 200,
      30_000,
      'sends to work again',
    );
  });
});
