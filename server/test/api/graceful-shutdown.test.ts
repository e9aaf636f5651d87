import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { createTestDatabase } from '../support/databases.ts';
import { newGuestId, sendMessage } from '../support/http.ts';
import { startOn } from '../support/test-server.ts';

const GRACE_MS = 1000;

it('a stop ends within SHUTDOWN_GRACE_MS although a client still trickles a request body', { timeout: 60_000 }, async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'unstuck-shutdown-'));
  const database = await createTestDatabase('pglite', dataDir);
  // The request timeout (60 s) alone would hold the stop for a minute.
  const server = await startOn(database, { SHUTDOWN_GRACE_MS: String(GRACE_MS), REQUEST_TIMEOUT_MS: '60000', AGENT_WORKER: 'false' });
  try {
    const guest = newGuestId();
    const stored = await sendMessage(server.url, { guest }, { content: 'Stored before the stop' });
    expect(stored.status).toBe(200);

    const { port } = new URL(server.url);
    const socket = net.connect(Number(port), '127.0.0.1');
    socket.on('error', () => undefined); // the cut is a reset
    const cut = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    await new Promise<void>((resolve) => socket.on('connect', resolve));
    socket.write(
      'POST /api/v2/messages HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        `x-guest-session-id: ${guest}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"content":"`,
    );
    const trickle = setInterval(() => socket.writable && socket.write('aaaaaaaaaa'), 200);
    await new Promise((resolve) => setTimeout(resolve, 300));

    const started = performance.now();
    await server.close();
    const stoppedAfterMs = performance.now() - started;
    clearInterval(trickle);
    await cut;
    expect(stoppedAfterMs).toBeGreaterThanOrEqual(GRACE_MS - 50); // the running request had its grace
    expect(stoppedAfterMs).toBeLessThan(GRACE_MS + 5_000);
  } finally {
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
});
