import { afterEach, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases.ts';
import { identityHeaders, newGuestId, sendMessage, type Identity } from '../support/http.ts';
import { signInAs, startOn } from '../support/test-server.ts';

type Running = Awaited<ReturnType<typeof startOn>>;
interface ServerEvent {
  event: string;
  id?: string;
  data: string;
}

/** Opens the event stream with fetch (as the web app does) and parses its events as they arrive. */
async function openStream(server: Running, identity: Identity, conversationId: string, lastEventId?: string) {
  const controller = new AbortController();
  const response = await fetch(`${server.url}/api/v2/conversations/${conversationId}/events`, {
    headers: { ...identityHeaders(identity), ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
    signal: controller.signal,
  });
  const events: ServerEvent[] = [];
  const waiters: Array<() => void> = [];
  if (response.ok && response.body) {
    void (async () => {
      let buffer = '';
      const decoder = new TextDecoder();
      try {
        for await (const chunk of response.body!) {
          buffer += decoder.decode(chunk, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event: ServerEvent = { event: 'message', data: '' };
            for (const line of block.split('\n')) {
              const [field, ...rest] = line.split(': ');
              if (field === 'event') event.event = rest.join(': ');
              if (field === 'id') event.id = rest.join(': ');
              if (field === 'data') event.data = rest.join(': ');
            }
            if (!block.startsWith(':')) events.push(event);
            waiters.splice(0).forEach((wake) => wake());
          }
        }
      } catch {
        // Aborted by the test.
      }
    })();
  }
  /** Waits until `count` events have arrived. */
  const waitFor = async (count: number) => {
    const deadline = Date.now() + 20_000;
    while (events.length < count) {
      if (Date.now() > deadline) throw new Error(`only ${events.length} events: ${JSON.stringify(events)}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
    return events.slice(0, count);
  };
  return { response, events, waitFor, close: () => controller.abort() };
}

const contentOf = (event: ServerEvent) => (JSON.parse(event.data) as { content: string }).content;

describe.each(databaseKinds)('conversation event stream on %s', { timeout: 120_000 }, (kind) => {
  let testDatabase: TestDatabase | undefined;
  let dataDir: string | undefined;
  const running: Running[] = [];

  afterEach(async () => {
    for (const server of running.splice(0)) await server.close().catch(() => undefined);
    await testDatabase?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    testDatabase = undefined;
  });

  const start = async () => {
    if (!testDatabase) {
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'unstuck-events-'));
      testDatabase = await createTestDatabase(kind, dataDir);
    }
    const server = await startOn(testDatabase, { AGENT_WORKER: 'false' });
    running.push(server);
    return server;
  };

  it('pushes new messages; after a reconnect with Last-Event-ID exactly the missed ones come', async () => {
    const server = await start();
    // Signed in: a guest may send only a few messages (spec §5).
    const guest = { token: (await signInAs(server)).token };
    const sent = await sendMessage(server.url, guest, { content: 'one' });
    const conversationId = sent.body.conversation_id as string;

    const stream = await openStream(server, guest, conversationId);
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
    const resumed = await openStream(server, guest, conversationId, two!.id);
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
    const stranger = await openStream(server, { guest: newGuestId() }, conversationId);
    expect(stranger.response.status).toBe(404);
    const nobody = await fetch(`${server.url}/api/v2/conversations/${conversationId}/events`);
    expect(nobody.status).toBe(401);
    const badResume = await openStream(server, guest, conversationId, 'abc');
    expect(badResume.response.status).toBe(400);
  });

  it.runIf(kind === 'postgres')('a message stored through another instance reaches the stream', async () => {
    const first = await start();
    const second = await start();
    const guest = { guest: newGuestId() };
    const sent = await sendMessage(first.url, guest, { content: 'one' });
    const conversationId = sent.body.conversation_id as string;
    const stream = await openStream(second, guest, conversationId);
    await stream.waitFor(1);
    await sendMessage(first.url, guest, { content: 'two', conversationId });
    const [, two] = await stream.waitFor(2);
    expect(contentOf(two!)).toBe('two');
    stream.close();
  });
});
