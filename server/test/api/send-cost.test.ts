import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conversations, messages, tasks } from '../../src/db/schema.ts';
import { databaseKinds } from '../support/databases.ts';
import { newGuestId, sendMessage } from '../support/http.ts';
import { useTestApp, type TestApp } from '../support/test-app.ts';

/** The agent's queued jobs for a conversation (pg-boss's table). */
async function jobsOf(server: TestApp, conversationId: string): Promise<number> {
  const result = await server.database.db.execute(
    sql`select count(*)::integer as n from pgboss.job where singleton_key = ${conversationId}`,
  );
  return Number((result as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0);
}

// The send path's cost (`POST /api/v2/messages` throughput): its statements are counted
// with the app's query counter, as the cheap-poll test counts a poll's.
describe.each(databaseKinds)('cost of POST /api/v2/messages on %s', { timeout: 120_000 }, (kind) => {
  // No agent worker: nothing but the sends uses the app's database client.
  const server = useTestApp({ AGENT_WORKER: 'false' }, { kind });
  // Drizzle's PGlite driver sends begin and commit past the query counter; node-postgres' does not.
  const transactionControl = kind === 'postgres' ? 2 : 0;

  it("stores a guest's first message with its conversation, task, job and address counts in 4 statements and one transaction", async () => {
    const guest = { guest: newGuestId() };
    const before = server.database.queryCount();
    const sent = await sendMessage(server, guest, { content: 'Vite dev server hot reload stopped working after upgrade' });
    const statements = server.database.queryCount() - before;
    expect(sent.status).toBe(200);
    // The address counters, then in one transaction: the guest's row lock, the message with its
    // conversation and task, the agent's job.
    expect(statements).toBe(4 + transactionControl);

    const conversationId = sent.body.conversation_id as string;
    const [conversation] = await server.database.db.select().from(conversations).where(eq(conversations.id, conversationId));
    expect(conversation).toMatchObject({ ownerId: guest.guest, title: 'Vite dev server hot reload stopped working after upgrade' });
    expect(await server.database.db.select().from(tasks).where(eq(tasks.conversationId, conversationId))).toMatchObject([
      { status: 'PENDING_CLARIFICATION', userId: guest.guest },
    ]);
    expect(await server.database.db.select().from(messages).where(eq(messages.conversationId, conversationId))).toMatchObject([
      { id: sent.body.id, senderId: guest.guest, recipientId: 'agent-1' },
    ]);
    expect(await jobsOf(server, conversationId)).toBe(1);
  });

  it('stores a message in an existing conversation in 6 statements and moves its last message time', async () => {
    const guest = { guest: newGuestId() };
    const first = await sendMessage(server, guest, { content: 'My Docker build fails' });
    const conversationId = first.body.conversation_id as string;
    const [opened] = await server.database.db.select().from(conversations).where(eq(conversations.id, conversationId));
    const before = server.database.queryCount();
    const second = await sendMessage(server, guest, { content: 'It says no space left on device', conversationId });
    const statements = server.database.queryCount() - before;
    expect(second.status).toBe(200);
    // Counters, then the lock, the guest's sent count, the ownership check, the message with the
    // conversation's update, the job.
    expect(statements).toBe(6 + transactionControl);
    const [touched] = await server.database.db.select().from(conversations).where(eq(conversations.id, conversationId));
    expect(touched!.lastMessageAt.getTime()).toBeGreaterThan(opened!.lastMessageAt.getTime());
    expect(await server.database.db.select().from(tasks).where(eq(tasks.conversationId, conversationId))).toHaveLength(1);
  });
});
