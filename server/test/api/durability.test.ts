import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '../../src/db/schema.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases.ts';
import { newGuestId, sendMessage, waitForAgentReply } from '../support/http.ts';
import { startOn } from '../support/test-server.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const REQUEST = 'My Next.js app on Vercel returns 500 on every API route after upgrading to App Router';

// Each test starts servers one after another; a first PGlite start alone can take 20 s on a loaded machine.
describe.each(databaseKinds)('agent-1 durability on %s', { timeout: 120_000 }, (kind) => {
  let testDatabase: TestDatabase | undefined;
  let dataDir: string | undefined;
  const running: Array<{ close(): Promise<void> }> = [];

  afterEach(async () => {
    for (const server of running.splice(0)) await server.close().catch(() => undefined);
    await testDatabase?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const prepare = async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'unstuck-durable-'));
    testDatabase = await createTestDatabase(kind, dataDir);
    return testDatabase;
  };

  it('a message stored before the server stops is answered after restart', async () => {
    const db = await prepare();
    const before = await startOn(db, { AGENT_WORKER: 'false' });
    const guest = { guest: newGuestId() };
    const sent = await sendMessage(before.url, guest, { content: REQUEST });
    expect(sent.status).toBe(200);
    await before.close();

    const after = await startOn(db);
    running.push(after);
    const list = await waitForAgentReply(after.url, guest, sent.body.conversation_id, sent.body.id);
    expect(list.filter((m) => m.sender_id === 'agent-1')).toHaveLength(1);
  });

  it.runIf(kind === 'postgres')('two servers on one PostgreSQL answer each message exactly once', async () => {
    const db = await prepare();
    const first = await startOn(db);
    running.push(first);
    const second = await startOn(db);
    running.push(second);
    const guests = Array.from({ length: 12 }, () => ({ guest: newGuestId() }));
    const servers = [first, second];
    const sends = await Promise.all(
      guests.map((guest, i) => sendMessage(servers[i % 2]!.url, guest, { content: `${REQUEST} (case ${i})` })),
    );
    for (const [i, sent] of sends.entries()) {
      expect(sent.status).toBe(200);
      await waitForAgentReply(servers[(i + 1) % 2]!.url, guests[i]!, sent.body.conversation_id, sent.body.id);
    }
    // Give both workers time to (wrongly) answer twice, then count.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    for (const sent of sends) {
      const replies = await first.database.db.select({ id: messages.id }).from(messages).where(eq(messages.replyToMessageId, sent.body.id));
      expect(replies).toHaveLength(1);
    }
  });
});
