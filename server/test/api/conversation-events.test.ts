import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { conversations, messages, tasks } from '../../src/db/schema.ts';
import { databaseKinds } from '../support/databases.ts';
import { openEventStream, type ServerEvent } from '../support/event-stream.ts';
import { newGuestId, sendMessage } from '../support/http.ts';
import { seedTask } from '../support/seed.ts';
import { signInStaff, STAFF_ENV } from '../support/staff.ts';
import { signInAs, useSharedDatabase, type startOn } from '../support/test-server.ts';

type Running = Awaited<ReturnType<typeof startOn>>;

/** Waits until the instance has sent no database statement for 300 ms (notifications and the reads they cause are over). */
async function untilQuiet(server: Running) {
  let count = server.database.queryCount();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    if (server.database.queryCount() === count) return;
    count = server.database.queryCount();
  }
}

const contentOf = (event: ServerEvent) => (JSON.parse(event.data) as { content: string }).content;

describe.each(databaseKinds)('conversation event stream on %s', { timeout: 120_000 }, (kind) => {
  const instances = useSharedDatabase(kind);
  // No agent worker: nothing but the test writes to the conversation.
  const start = () => instances.start({ AGENT_WORKER: 'false' });

  it('pushes new messages; after a reconnect with Last-Event-ID exactly the missed ones come', async () => {
    const server = await start();
    // Signed in: a guest may send only a few messages (docs/product.md "Validation").
    const guest = { token: (await signInAs(server)).token };
    const sent = await sendMessage(server.url, guest, { content: 'one' });
    const conversationId = sent.body.conversation_id as string;

    const stream = await openEventStream(server.url, guest, conversationId);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const [ready] = await stream.waitFor(1);
    expect(ready?.event).toBe('ready');
    await sendMessage(server.url, guest, { content: 'two', conversationId });
    const [, two] = await stream.waitFor(2);
    expect(two).toMatchObject({ event: 'message', id: expect.stringMatching(/^\d+$/) });
    expect(contentOf(two!)).toBe('two');
    stream.close();

    await sendMessage(server.url, guest, { content: 'three', conversationId });
    await sendMessage(server.url, guest, { content: 'four', conversationId });
    const resumed = await openEventStream(server.url, guest, conversationId, two!.id);
    const received = await resumed.waitFor(3);
    expect(received[0]).toMatchObject({ event: 'ready', id: two!.id });
    expect(received.slice(1).map(contentOf)).toEqual(['three', 'four']);
    await sendMessage(server.url, guest, { content: 'five', conversationId });
    const after = await resumed.waitFor(4);
    expect(after.slice(1).map(contentOf)).toEqual(['three', 'four', 'five']);
    expect(resumed.events).toHaveLength(4);
    resumed.close();
  });

  it('reads the database once per change for all the streams open on a conversation on an instance', async () => {
    const server = await start();
    const guest = { guest: newGuestId() };
    const sent = await sendMessage(server.url, guest, { content: 'one' });
    const conversationId = sent.body.conversation_id as string;
    const edit = eq(messages.id, sent.body.id as string);
    /** The statements one change costs with `count` streams open (the test's own update included), once every stream has it. */
    const costOfAChange = async (count: number, content: string) => {
      const streams = [];
      for (let i = 0; i < count; i++) streams.push(await openEventStream(server.url, guest, conversationId));
      await Promise.all(streams.map((stream) => stream.waitFor(1)));
      await untilQuiet(server);
      const before = server.database.queryCount();
      await server.database.db.update(messages).set({ content }).where(edit);
      await Promise.all(streams.map((stream) => stream.waitUntil((events) => events.some((event) => event.data.includes(content)))));
      await untilQuiet(server);
      const cost = server.database.queryCount() - before;
      for (const stream of streams) stream.close();
      await untilQuiet(server);
      return cost;
    };
    const none = await costOfAChange(0, 'edited with no stream');
    const one = await costOfAChange(1, 'edited with one stream');
    const eight = await costOfAChange(8, 'edited with eight streams');
    console.info(`${kind}: statements per change with 0, 1 and 8 streams open: ${none}, ${one}, ${eight}`);
    expect(one).toBeGreaterThan(none);
    expect(eight).toBe(one);
  });

  it('checks at every change who may still follow: the owner, and after acceptance the task holder and admins', async () => {
    const server = await instances.start({ AGENT_WORKER: 'false', ...STAFF_ENV });
    const people = await signInStaff(server);
    const seeded = await seedTask(server.database.db, { status: 'ACCEPTED' });
    const task = eq(tasks.id, seeded.taskId);
    await server.database.db.update(tasks).set({ assigneeId: people.expert.user.uid }).where(task);
    const customer = await openEventStream(server.url, { guest: seeded.ownerId }, seeded.conversationId);
    const expert = await openEventStream(server.url, { token: people.expert.token }, seeded.conversationId);
    const admin = await openEventStream(server.url, { token: people.admin.token }, seeded.conversationId);
    expect((await openEventStream(server.url, { token: people.user.token }, seeded.conversationId)).response.status).toBe(404);
    const streams = [customer, expert, admin];
    await Promise.all(streams.map((stream) => stream.waitFor(1)));
    const edit = async (content: string, readers: typeof streams) => {
      await server.database.db.update(messages).set({ content }).where(eq(messages.id, seeded.userMessageId));
      await Promise.all(readers.map((stream) => stream.waitUntil((events) => events.some((event) => event.data.includes(content)))));
    };
    await edit('seen by all three', streams);

    // The task leaves its holder: their stream ends at the next change, the others go on.
    await server.database.db.update(tasks).set({ assigneeId: null }).where(task);
    await edit('seen by the customer and the admin', [customer, admin]);
    await expert.ended;
    expect(expert.events.some((event) => event.data.includes('seen by the customer and the admin'))).toBe(false);

    // The conversation changes hands: the former owner's stream ends.
    await server.database.db
      .update(conversations)
      .set({ ownerId: people.user.user.uid })
      .where(eq(conversations.id, seeded.conversationId));
    await customer.ended;
    await edit('seen by the admin only', [admin]);
    expect(customer.events.some((event) => event.data.includes('seen by the admin only'))).toBe(false);
    admin.close();
  });

  it('has the read call authorization', async () => {
    const server = await start();
    const guest = { guest: newGuestId() };
    const sent = await sendMessage(server.url, guest, { content: 'mine' });
    const conversationId = sent.body.conversation_id as string;
    const stranger = await openEventStream(server.url, { guest: newGuestId() }, conversationId);
    expect(stranger.response.status).toBe(404);
    const nobody = await fetch(`${server.url}/api/v2/conversations/${conversationId}/events`);
    expect(nobody.status).toBe(401);
    const badResume = await openEventStream(server.url, guest, conversationId, 'abc');
    expect(badResume.response.status).toBe(400);
  });

  it('holds at most EVENT_STREAMS_PER_CALLER streams per caller; beyond 429, and closing one frees its place', async () => {
    const server = await instances.start({ AGENT_WORKER: 'false', EVENT_STREAMS_PER_CALLER: '3' });
    const guest = { guest: newGuestId() };
    const conversationId = (await sendMessage(server.url, guest, { content: 'mine' })).body.conversation_id as string;
    const user = { token: (await signInAs(server)).token };
    const userConversation = (await sendMessage(server.url, user, { content: 'mine too' })).body.conversation_id as string;

    const streams = [];
    for (let i = 0; i < 3; i++) streams.push(await openEventStream(server.url, guest, conversationId));
    expect(streams.map((stream) => stream.response.status)).toEqual([200, 200, 200]);
    await Promise.all(streams.map((stream) => stream.waitFor(1)));
    const refused = await openEventStream(server.url, guest, conversationId);
    expect(refused.response.status).toBe(429);
    expect(await refused.response.json()).toEqual({
      code: 'rate_limited',
      detail: 'You have 3 conversation event streams open already; close one (another tab or window) and try again.',
    });
    // Another caller has places of its own.
    const users = [];
    for (let i = 0; i < 3; i++) users.push(await openEventStream(server.url, user, userConversation));
    expect(users.map((stream) => stream.response.status)).toEqual([200, 200, 200]);

    // Closing a stream gives its place back once the server sees the connection go.
    streams.shift()!.close();
    const deadline = Date.now() + 10_000;
    let again = await openEventStream(server.url, guest, conversationId);
    while (again.response.status === 429 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      again = await openEventStream(server.url, guest, conversationId);
    }
    expect(again.response.status).toBe(200);
    expect((await openEventStream(server.url, guest, conversationId)).response.status).toBe(429);
    for (const stream of [...streams, ...users, again]) stream.close();
  });

  it.runIf(kind === 'postgres')('a message stored through another instance reaches the stream', async () => {
    const first = await start();
    const second = await start();
    const guest = { guest: newGuestId() };
    const sent = await sendMessage(first.url, guest, { content: 'one' });
    const conversationId = sent.body.conversation_id as string;
    const stream = await openEventStream(second.url, guest, conversationId);
    await stream.waitFor(1);
    await sendMessage(first.url, guest, { content: 'two', conversationId });
    const [, two] = await stream.waitFor(2);
    expect(contentOf(two!)).toBe('two');
    stream.close();
  });
});
