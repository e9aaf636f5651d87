import { describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.ts';
import { openEventStream, type ServerEvent } from '../support/event-stream.ts';
import { newGuestId, sendMessage } from '../support/http.ts';
import { signInAs, useSharedDatabase } from '../support/test-server.ts';

const contentOf = (event: ServerEvent) => (JSON.parse(event.data) as { content: string }).content;

describe.each(databaseKinds)('conversation event stream on %s', { timeout: 120_000 }, (kind) => {
  const instances = useSharedDatabase(kind);
  // No agent worker: nothing but the test writes to the conversation.
  const start = () => instances.start({ AGENT_WORKER: 'false' });

  it('pushes new messages; after a reconnect with Last-Event-ID exactly the missed ones come', async () => {
    const server = await start();
    // Signed in: a guest may send only a few messages (spec §5).
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
