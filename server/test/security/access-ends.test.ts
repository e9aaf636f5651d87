import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse } from '@unstuck/contract';
import { databaseKinds } from '../support/databases.ts';
import { openEventStream } from '../support/event-stream.ts';
import { callJson, readMessages, sendMessage } from '../support/http.ts';
import { seedTask } from '../support/seed.ts';
import { signInExpert, signInStaff, STAFF_ENV } from '../support/staff.ts';
import type { RunningServer } from '../../src/server.ts';
import { startOn, startTestServer, type TestServer } from '../support/test-server.ts';

// Access ends everywhere at once (docs/decisions/081-access-ends-everywhere.md): removing an expert's
// flag, deleting them or handing their task to someone else ends their open event streams on every
// instance, refuses new ones (a replay from Last-Event-ID 0 too), and a task they held goes back to the
// queue with its event line. On PostgreSQL the change is made on another instance than the stream's.

const BACK_IN_QUEUE = 'Your task is back with the expert team; the next available expert will take it';

type Stream = Awaited<ReturnType<typeof openEventStream>>;

/** Resolves when the stream ends; fails the test when it is still open after `ms`. */
async function endsWithin(stream: Stream, ms = 10_000) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`the stream is still open after ${ms} ms`)), ms);
  });
  try {
    await Promise.race([stream.ended, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

describe.each(databaseKinds)('access ends everywhere at once on %s', { timeout: 60_000 }, (kind) => {
  const env = { ...STAFF_ENV, AGENT_WORKER: 'false' };
  let streaming: TestServer;
  /** Where the admin acts: another instance on PostgreSQL, the same one on PGlite (one process). */
  let deciding: Pick<RunningServer, 'url' | 'close'>;
  let admin: SessionResponse;

  beforeAll(async () => {
    streaming = await startTestServer(kind, env);
    deciding = kind === 'postgres' ? await startOn(streaming.testDatabase, env) : streaming;
    admin = (await signInStaff(streaming)).admin;
  });
  afterAll(async () => {
    if (deciding !== streaming) await deciding?.close();
    await streaming?.destroy();
  });

  /** A new expert who took a new accepted task and follows its conversation. */
  async function setUp() {
    const expert = await signInExpert(streaming, admin, 'expert');
    const seeded = await seedTask(streaming.database.db, { status: 'ACCEPTED' });
    const take = await callJson(streaming.url, 'POST', `/api/expert/tasks/${seeded.taskId}/take`, { token: expert.token });
    expect(take.status).toBe(200);
    const asAdmin = (method: 'POST' | 'DELETE' | 'GET', path: string, body?: unknown) =>
      callJson(deciding.url, method, path, { token: admin.token }, body);
    const streamOf = (who: SessionResponse, lastEventId?: string) =>
      openEventStream(streaming.url, { token: who.token }, seeded.conversationId, lastEventId);
    const expertStream = await streamOf(expert);
    expect(expertStream.response.status).toBe(200);
    await expertStream.waitFor(1);
    const taskNow = async () => ((await asAdmin('GET', '/api/v2/tasks')).body as any[]).find((task) => task.id === seeded.taskId);
    const customerSees = async () => (await readMessages(streaming.url, { guest: seeded.ownerId }, seeded.conversationId)).body as any[];
    return { expert, seeded, asAdmin, streamOf, expertStream, taskNow, customerSees };
  }

  it('removing the expert flag ends their stream at once, refuses a replay from 0, and puts the task back in the queue', async () => {
    const { expert, seeded, asAdmin, streamOf, expertStream, taskNow, customerSees } = await setUp();
    const demoted = await asAdmin('POST', '/api/admin/users/set-expert', { userId: expert.user.uid, isExpert: false });
    expect(demoted.status).toBe(200);
    await endsWithin(expertStream);

    // The customer's next message reaches nobody who lost access.
    await sendMessage(
      streaming.url,
      { guest: seeded.ownerId },
      { content: 'my password is hunter2', conversationId: seeded.conversationId },
    );
    expect(JSON.stringify(expertStream.events)).not.toContain('hunter2');
    expect(JSON.stringify(expertStream.events)).not.toContain(BACK_IN_QUEUE);
    const replay = await streamOf(expert, '0');
    expect(replay.response.status).toBe(404);
    expect(await replay.response.json()).toEqual({ code: 'not_found', detail: expect.any(String) });

    expect(await taskNow()).toMatchObject({ status: 'ACCEPTED', assigneeId: null });
    const line = (await customerSees()).find((message) => message.content === BACK_IN_QUEUE);
    expect(line).toMatchObject({ sender_role: 'system', metadata: { event: { kind: 'unassigned', status: 'ACCEPTED' } } });
    // Admins still follow it, and flagging the person again gives nothing back by itself.
    const adminStream = await streamOf(admin);
    expect(adminStream.response.status).toBe(200);
    adminStream.close();
    await asAdmin('POST', '/api/admin/users/set-expert', { userId: expert.user.uid, isExpert: true });
    expect((await streamOf(expert, '0')).response.status).toBe(404);
  });

  it('deleting the expert ends their stream at once and puts the task back in the queue', async () => {
    const { expert, asAdmin, expertStream, taskNow, customerSees } = await setUp();
    expect((await asAdmin('DELETE', `/api/admin/users/${expert.user.uid}`)).status).toBe(200);
    await endsWithin(expertStream);
    expect(JSON.stringify(expertStream.events)).not.toContain(BACK_IN_QUEUE);
    expect(await taskNow()).toMatchObject({ status: 'ACCEPTED', assigneeId: null });
    expect((await customerSees()).some((message) => message.content === BACK_IN_QUEUE)).toBe(true);
  });

  it('handing the task to another expert ends the previous holder’s stream; the new holder follows it', async () => {
    const { expert, seeded, asAdmin, streamOf, expertStream } = await setUp();
    const second = await signInExpert(streaming, admin, 'second-expert');
    const assigned = await asAdmin('POST', `/api/admin/tasks/${seeded.taskId}/assign`, { expertId: second.user.uid });
    expect(assigned.status).toBe(200);
    await endsWithin(expertStream);
    expect(JSON.stringify(expertStream.events)).not.toContain('handed to');
    expect((await streamOf(expert, '0')).response.status).toBe(404);
    const secondStream = await streamOf(second, '0');
    expect(secondStream.response.status).toBe(200);
    secondStream.close();
  });
});
