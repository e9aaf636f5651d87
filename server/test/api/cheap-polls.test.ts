import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '../../src/db/schema.ts';
import { databaseKinds } from '../support/databases.ts';
import { identityHeaders, newGuestId, sendMessage, type Identity } from '../support/http.ts';
import { signInAs, useSharedDatabase, type startOn } from '../support/test-server.ts';

type Running = Awaited<ReturnType<typeof startOn>>;

/** One poll as the web app sends it; `etag` makes it conditional. */
async function poll(server: Running, identity: Identity, conversationId: string, etag?: string) {
  const response = await fetch(`${server.url}/api/v2/conversations/${conversationId}/messages?_t=${Date.now()}`, {
    headers: { ...identityHeaders(identity), ...(etag ? { 'if-none-match': etag } : {}) },
  });
  const text = await response.text();
  return {
    status: response.status,
    etag: response.headers.get('etag') ?? '',
    messages: text ? (JSON.parse(text) as Array<{ id: string; content: string }>) : [],
  };
}

/** Polls until `done` holds; the notification of another instance's write travels through PostgreSQL. */
async function pollUntil(server: Running, identity: Identity, conversationId: string, done: (contents: string[]) => boolean) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const answer = await poll(server, identity, conversationId);
    if (done(answer.messages.map((m) => m.content))) return answer;
    if (Date.now() > deadline) throw new Error(`still stale: ${JSON.stringify(answer.messages.map((m) => m.content))}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Polls until one poll makes no database query (the writes' notifications have all arrived); throws after 5 s. */
async function untilAPollIsFree(server: Running, identity: Identity, conversationId: string) {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const before = server.database.queryCount();
    await poll(server, identity, conversationId);
    if (server.database.queryCount() === before) return;
    if (Date.now() > deadline) throw new Error('every poll still queries the database after 5 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(databaseKinds)('cheap polls of an unchanged conversation on %s', { timeout: 120_000 }, (kind) => {
  const instances = useSharedDatabase(kind);
  // No agent worker: nothing but the test writes to the conversation.
  const start = () => instances.start({ AGENT_WORKER: 'false' });

  it('answers repeated polls, guest or signed in, with no database query; 304 for a matching ETag', async () => {
    const server = await start();
    const guest = { guest: newGuestId() };
    const { token } = await signInAs(server);
    const person = { token };
    for (const identity of [guest, person] as Identity[]) {
      const sent = await sendMessage(server.url, identity, { content: 'first' });
      expect(sent.status).toBe(200);
      const conversationId = sent.body.conversation_id as string;
      const first = await poll(server, identity, conversationId);
      expect(first).toMatchObject({ status: 200, messages: [{ content: 'first' }] });
      expect(first.etag).toMatch(/^".+"$/);
      // The send's own notification comes back through LISTEN a few milliseconds after its commit and
      // may drop the kept answer once more: the conversation is unchanged once a poll costs no query.
      await untilAPollIsFree(server, identity, conversationId);

      const before = server.database.queryCount();
      const again = await poll(server, identity, conversationId);
      const notModified = await poll(server, identity, conversationId, first.etag);
      expect(server.database.queryCount() - before).toBe(0);
      expect(again).toEqual(first);
      expect(notModified).toMatchObject({ status: 304, etag: first.etag, messages: [] });

      // Someone else's conversation stays hidden, from memory too.
      expect((await poll(server, { guest: newGuestId() }, conversationId)).status).toBe(404);
    }
  });

  it('a write invalidates the kept answer at once on the same instance, whoever writes it', async () => {
    const server = await start();
    const guest = { guest: newGuestId() };
    const sent = await sendMessage(server.url, guest, { content: 'first' });
    const conversationId = sent.body.conversation_id as string;
    const first = await poll(server, guest, conversationId);

    expect((await sendMessage(server.url, guest, { content: 'second', conversationId })).status).toBe(200);
    const afterSend = await poll(server, guest, conversationId, first.etag);
    expect(afterSend.status).toBe(200);
    expect(afterSend.messages.map((m) => m.content)).toEqual(['first', 'second']);

    // A writer outside the chat module (here: straight SQL) is covered by the database trigger.
    await server.database.db
      .update(messages)
      .set({ content: 'edited' })
      .where(eq(messages.id, sent.body.id as string));
    await pollUntil(server, guest, conversationId, (contents) => contents[0] === 'edited');
  });

  it.runIf(kind === 'postgres')('a write on one instance invalidates the answer another instance keeps', async () => {
    const first = await start();
    const second = await start();
    const guest = { guest: newGuestId() };
    const sent = await sendMessage(first.url, guest, { content: 'first' });
    const conversationId = sent.body.conversation_id as string;
    // The first send's notification reaches the second instance through LISTEN shortly after its commit
    // and may drop what it keeps once more: wait until its polls are answered from memory.
    await untilAPollIsFree(second, guest, conversationId);
    const kept = await poll(second, guest, conversationId);
    const before = second.database.queryCount();
    expect((await poll(second, guest, conversationId, kept.etag)).status).toBe(304);
    expect(second.database.queryCount() - before).toBe(0);

    expect((await sendMessage(first.url, guest, { content: 'second', conversationId })).status).toBe(200);
    const seen = await pollUntil(second, guest, conversationId, (contents) => contents.length === 2);
    expect(seen.etag).not.toBe(kept.etag);
    // Both instances give the same ETag for the same messages.
    expect((await poll(first, guest, conversationId)).etag).toBe(seen.etag);
  });
});
