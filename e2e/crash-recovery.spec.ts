import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../server/test/support/databases.ts';
import { newGuestId, readMessages, sendMessage, waitForMessages } from '../server/test/support/http.ts';
import { startServer, type TestServer } from './support/server.ts';
import { until } from '../server/test/support/until.ts';

const BURST = 16;
const REQUEST = 'My Django app on Heroku times out on every request since I added Celery';

/**
 * An LLM vendor that takes every chat request and never answers: agent turns started against it are
 * still running when the server is killed, the crash this suite is about.
 */
async function startHangingLlm() {
  const held: ServerResponse[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    request.resume();
    held.push(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests: () => held.length,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The crash test: `kill -9` of the compiled server while agent turns run and a
 * burst of sends is under way, then a restart. A brand-new conversation must be answered within 10 s
 * of the restart, and every acknowledged message kept and answered exactly once.
 */
describe.each(databaseKinds)('a kill -9 during agent turns on %s', { timeout: 300_000 }, (kind) => {
  const cleanup: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step().catch(() => undefined);
  });

  it('loses nothing, answers everything once, and answers a new conversation within 10 s of the restart', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'unstuck-crash-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    const database: TestDatabase = await createTestDatabase(kind, dataDir);
    cleanup.push(() => database.drop());
    const llm = await startHangingLlm();
    cleanup.push(() => llm.close());

    const before: TestServer = await startServer(
      { ...database.env, LLM_PROVIDER: 'openai-compatible', LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'hangs', LLM_API_KEY: 'test' },
      { dataDir },
    );
    cleanup.push(() => before.stop());
    const guests = Array.from({ length: BURST }, () => ({ guest: newGuestId() }));
    const acknowledged: Array<{ guest: { guest: string }; conversationId: string; messageId: string }> = [];
    const burst = guests.map(async (guest, i) => {
      await new Promise((resolve) => setTimeout(resolve, i * 40));
      const sent = await sendMessage(before.baseUrl, guest, { content: `${REQUEST} (case ${i})` }).catch(() => null);
      if (sent?.status === 200) acknowledged.push({ guest, conversationId: sent.body.conversation_id, messageId: sent.body.id });
    });
    // Kill while turns wait on the LLM and sends are still arriving.
    await until(() => llm.requests() >= 1 && acknowledged.length >= 4, 60_000, 'agent turns to start');
    await before.kill();
    await Promise.all(burst);
    expect(acknowledged.length).toBeGreaterThanOrEqual(4);

    // The restart answers with the offline brain, so every turn can finish now.
    const after = await startServer(database.env, { dataDir });
    cleanup.push(() => after.stop());
    const newcomer = { guest: newGuestId() };
    const started = Date.now();
    const fresh = await sendMessage(after.baseUrl, newcomer, { content: REQUEST });
    expect(fresh.status).toBe(200);
    await waitForMessages(
      after.baseUrl,
      newcomer,
      fresh.body.conversation_id,
      (list) => list.some((m) => m.sender_id === 'agent-1'),
      10_000,
    );
    const answeredAfterMs = Date.now() - started;
    console.log(
      `${kind}: ${acknowledged.length} acknowledged before the kill; new conversation answered ${answeredAfterMs} ms after the restart`,
    );

    // Every acknowledged message is still there and gets exactly one answer (a dead worker's turn is retried).
    for (const sent of acknowledged) {
      await waitForMessages(
        after.baseUrl,
        sent.guest,
        sent.conversationId,
        (list) => list.some((m) => m.sender_id === 'agent-1' && m.reply_to_message_id === sent.messageId),
        60_000,
      );
    }
    // Time for a duplicate answer to show up, had the queue run any turn twice.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    for (const sent of acknowledged) {
      const list = (await readMessages(after.baseUrl, sent.guest, sent.conversationId)).body as Array<{ id: string; sender_id: string }>;
      expect(list.filter((m) => m.id === sent.messageId)).toHaveLength(1);
      expect(list.filter((m) => m.sender_id === 'agent-1')).toHaveLength(1);
    }
  });
});
