import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TASK_SECTION_MARKER } from '@unstuck/contract';
import { messages, tasks } from '../../src/db/schema.ts';
import { databaseKinds } from '../support/databases.ts';
import { callJson, fetchOn, newGuestId, readMessages, sendMessage, waitForAgentReply } from '../support/http.ts';
import { useTestApp } from '../support/test-app.ts';
import { signInAs } from '../support/test-server.ts';

const REQUEST = 'My Next.js app on Vercel returns 500 on every API route after upgrading to App Router';

describe.each(databaseKinds)('chat on %s', (kind) => {
  const server = useTestApp({}, { kind, started: true });

  const countRows = async () => {
    const rows = await server.database.db.select({ id: messages.id }).from(messages);
    return rows.length;
  };

  it('a guest first message creates a conversation and a task waiting for clarification', async () => {
    const guest = { guest: newGuestId() };
    const sent = await sendMessage(server, guest, { content: REQUEST });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ id: expect.any(String), conversation_id: expect.any(String) });
    const [task] = await server.database.db.select().from(tasks).where(eq(tasks.conversationId, sent.body.conversation_id));
    expect(task).toMatchObject({ status: 'PENDING_CLARIFICATION', userId: guest.guest, endUserAcceptedTask: false });
    // The request's words name the task at once; agent-1 may already have retitled it in its own words.
    expect(task?.title).toMatch(/Next\.js app/);
  });

  it('agent-1 answers a guest with a question that replies to the message, staff notes stripped', async () => {
    const guest = { guest: newGuestId() };
    const sent = await sendMessage(server, guest, { content: REQUEST });
    const list = await waitForAgentReply(server, guest, sent.body.conversation_id, sent.body.id);
    expect(list.map((m) => m.sender_id)).toEqual([guest.guest, 'agent-1']);
    const [mine, reply] = list;
    expect(mine).toMatchObject({
      id: sent.body.id,
      content: REQUEST,
      type: 'direct',
      recipient_id: 'agent-1',
      moderationStatus: 'approved',
    });
    expect(reply).toMatchObject({ reply_to_message_id: sent.body.id, recipient_id: guest.guest, metadata: { kind: 'question' } });
    expect(reply.content).not.toContain(TASK_SECTION_MARKER);
    expect(new Date(reply.created_at).getTime()).toBeGreaterThanOrEqual(new Date(mine.created_at).getTime());
    // The staff copy keeps the task section.
    const [stored] = await server.database.db.select().from(messages).where(eq(messages.id, reply.id));
    expect(stored?.content).toContain(TASK_SECTION_MARKER);
    const [task] = await server.database.db.select().from(tasks).where(eq(tasks.conversationId, sent.body.conversation_id));
    expect(task?.diagnosis).toMatch(/Next\.js/);
  });

  it("a guest session's third message is refused with 401 and stores nothing", async () => {
    const guest = { guest: newGuestId() };
    const first = await sendMessage(server, guest, { content: REQUEST });
    await waitForAgentReply(server, guest, first.body.conversation_id, first.body.id);
    const second = await sendMessage(server, guest, { content: 'It started yesterday', conversationId: first.body.conversation_id });
    expect(second.status).toBe(200);
    await waitForAgentReply(server, guest, first.body.conversation_id, second.body.id);
    const before = await countRows();
    const third = await sendMessage(server, guest, { content: 'Hello?', conversationId: first.body.conversation_id });
    expect(third).toEqual({ status: 401, body: { code: 'guest_limit_reached', detail: 'Authentication required' } });
    const fresh = await sendMessage(server, guest, { content: 'A new chat' });
    expect(fresh.status).toBe(401);
    expect(await countRows()).toBe(before);
  });

  it('a caller never reads or writes another caller’s conversation: 404', async () => {
    const owner = { guest: newGuestId() };
    const sent = await sendMessage(server, owner, { content: REQUEST });
    const stranger = { guest: newGuestId() };
    const { token } = await signInAs(server);
    for (const other of [stranger, { token }]) {
      expect(await readMessages(server, other, sent.body.conversation_id)).toEqual({
        status: 404,
        body: { code: 'not_found', detail: 'Conversation not found' },
      });
      const write = await sendMessage(server, other, { content: 'hi', conversationId: sent.body.conversation_id });
      expect(write).toEqual({ status: 404, body: { code: 'not_found', detail: 'Conversation not found' } });
    }
  });

  it('bad input gets a clear 4xx and stores nothing', async () => {
    const guest = { guest: newGuestId() };
    const before = await countRows();
    const cases: Array<[Promise<{ status: number; body: any }>, number, RegExp]> = [
      [sendMessage(server, guest, { content: '   ' }), 400, /content must not be blank/],
      [sendMessage(server, guest, { content: 'hi', conversationId: crypto.randomUUID() }), 404, /Conversation not found/],
      [sendMessage(server, guest, { content: 'hi', conversationId: 'nope' }), 400, /conversationId must be a UUID/],
      [sendMessage(server, { guest: 'visitor-1' }, { content: 'hi' }), 400, /x-guest-session-id must look like/],
      [sendMessage(server, guest, { content: 'hi', recipientId: 'agent-2' }), 400, /recipientId must be "agent-1"/],
      [sendMessage(server, guest, { content: 'hi', type: 'broadcast' }), 400, /type must be "direct"/],
      [sendMessage(server, null, { content: 'hi' }), 401, /Authentication required/],
      [sendMessage(server, { token: 'not-a-jwt' }, { content: 'hi' }), 401, /Invalid or expired token/],
      [
        sendMessage(
          server,
          guest,
          { content: 'big' },
          { name: 'big.bin', type: 'application/octet-stream', data: new Uint8Array(10 * 1024 * 1024 + 1) },
        ),
        413,
        /larger than the 10 MB limit/,
      ],
      [
        sendMessage(
          server,
          guest,
          { content: 'bigger' },
          { name: 'dump.zip', type: 'application/zip', data: new Uint8Array(15 * 1024 * 1024) },
        ),
        413,
        /larger than the 10 MB limit/,
      ],
    ];
    // Each status of these cases has one code.
    const codeOf: Record<number, string> = { 400: 'invalid_request', 401: 'unauthenticated', 404: 'not_found', 413: 'file_too_large' };
    for (const [answer, status, detail] of cases) {
      const { status: got, body } = await answer;
      expect({ got, code: body.code, detail: body.detail }).toEqual({
        got: status,
        code: codeOf[status],
        detail: expect.stringMatching(detail),
      });
    }
    expect(await countRows()).toBe(before);
  });

  it('a message with a file stores it and serves it back from attachment_url', async () => {
    const guest = { guest: newGuestId() };
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    const sent = await sendMessage(
      server,
      guest,
      { content: '' },
      { name: 'screen shot.png', type: 'application/octet-stream', data: png },
    );
    expect(sent.status).toBe(200);
    // A signed link without the file's name (docs/decisions/049-signed-file-links.md).
    expect(sent.body.attachment_url).toMatch(/^\/api\/v2\/files\/[0-9a-f-]{36}\?expires=\d+&signature=[\w-]+$/);
    const file = await fetchOn(server, sent.body.attachment_url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(png);
    const list = await readMessages(server, guest, sent.body.conversation_id);
    expect(list.body[0].attachments).toEqual([
      {
        url: expect.stringContaining(sent.body.attachment_url.split('?')[0]),
        file_name: 'screen shot.png',
        size: png.length,
        content_type: 'image/png',
      },
    ]);
  });

  it('an uploaded HTML file is served as a download, never inline', async () => {
    const guest = { guest: newGuestId() };
    const html = new TextEncoder().encode('<script>alert(1)</script>');
    const sent = await sendMessage(server, guest, { content: 'see file' }, { name: 'x.html', type: 'text/html', data: html });
    const file = await fetchOn(server, sent.body.attachment_url);
    expect(file.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('a signed-in user may send 10 messages in a conversation and gets 403 with the spec text after', async () => {
    const { token } = await signInAs(server);
    const user = { token };
    const first = await sendMessage(server, user, { content: REQUEST });
    const conversationId = first.body.conversation_id;
    for (let i = 2; i <= 10; i += 1) {
      const answer = await sendMessage(server, user, { content: `detail ${i}`, conversationId });
      expect(answer.status).toBe(200);
    }
    const eleventh = await sendMessage(server, user, { content: 'one more', conversationId });
    expect(eleventh).toEqual({
      status: 403,
      body: {
        code: 'conversation_limit_reached',
        detail: 'You have reached the 10 message limit for this session. Please start a new conversation.',
      },
    });
  });

  it('health reports the database', async () => {
    expect(await callJson(server, 'GET', '/api/health', null)).toEqual({
      status: 200,
      body: { status: 'ok', database: 'ok', identity: 'ok' },
    });
  });

  it('unknown API paths answer 404 with a detail', async () => {
    const answer = await callJson(server, 'GET', '/api/v2/nothing', null);
    expect(answer).toEqual({ status: 404, body: { code: 'not_found', detail: 'Not found: GET /api/v2/nothing' } });
  });
});
