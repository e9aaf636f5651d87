import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { GuestAssociationResponse } from '@unstuck/contract';
import { conversations, files, tasks, users } from '../../src/db/schema.ts';
import { callJson, newGuestId, readMessages, sendMessage, waitForAgentReply, type Identity, fetchOn } from '../support/http.ts';
import { signIn } from '../support/sign-in.ts';
import { useTestApp } from '../support/test-app.ts';

const ASSOCIATE = '/api/v2/user/update-guest-associations';
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

describe('handing a guest session over to the signed-in user', () => {
  const server = useTestApp({ SIGN_IN_RATE_LIMIT: '1000' });

  const associate = (token: string | null, guest: string | null) =>
    fetchOn(server, ASSOCIATE, {
      method: 'POST',
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(guest ? { 'x-guest-session-id': guest } : {}) },
    }).then(async (response) => ({
      status: response.status,
      body: (await response.json()) as GuestAssociationResponse | { detail: string },
    }));

  /** A guest who asked something, got the agent's question, answered it and attached a file. */
  async function guestWithConversation() {
    const guest = { guest: newGuestId() };
    const first = await sendMessage(server, guest, { content: 'My Next.js build fails on Vercel since the upgrade' });
    const conversationId: string = first.body.conversation_id;
    await waitForAgentReply(server, guest, conversationId, first.body.id);
    const second = await sendMessage(
      server,
      guest,
      { content: 'Here is the log', conversationId },
      { name: 'log.png', type: 'image/png', data: PNG },
    );
    await waitForAgentReply(server, guest, conversationId, second.body.id);
    return { guest, conversationId };
  }

  it('moves the conversation, its messages, task and files to the user, who continues it; the guest id no longer reads it', async () => {
    const { guest, conversationId } = await guestWithConversation();
    const person = await signIn(server, { email: 'keeper@example.com' });
    const user: Identity = { token: person.token };

    expect(await associate(person.token, guest.guest)).toEqual({
      status: 200,
      body: { moved_conversations: 1, moved_messages: 4, moved_tasks: 1 },
    });

    const list = await readMessages(server, user, conversationId);
    expect(list.status).toBe(200);
    expect(list.body.map((m: { sender_id: string; recipient_id: string }) => [m.sender_id, m.recipient_id])).toEqual([
      [person.user.uid, 'agent-1'],
      ['agent-1', person.user.uid],
      [person.user.uid, 'agent-1'],
      ['agent-1', person.user.uid],
    ]);
    const [conversation] = await server.database.db.select().from(conversations).where(eq(conversations.id, conversationId));
    expect(conversation).toMatchObject({ ownerId: person.user.uid, participants: [person.user.uid, 'agent-1'] });
    const [task] = await server.database.db.select().from(tasks).where(eq(tasks.conversationId, conversationId));
    expect(task?.userId).toBe(person.user.uid);
    const [file] = await server.database.db.select().from(files).where(eq(files.conversationId, conversationId));
    expect(file?.ownerId).toBe(person.user.uid);
    const [guestRow] = await server.database.db.select().from(users).where(eq(users.id, guest.guest));
    expect(guestRow?.mergedIntoUserId).toBe(person.user.uid);

    expect((await callJson(server, 'GET', '/api/conversations', user)).body).toEqual([
      expect.objectContaining({ id: conversationId, message_count: 4, participants: [person.user.uid, 'agent-1'] }),
    ]);
    expect(await readMessages(server, guest, conversationId)).toEqual({
      status: 404,
      body: { code: 'not_found', detail: 'Conversation not found' },
    });
    expect(await callJson(server, 'GET', '/api/conversations', guest)).toEqual({ status: 200, body: [] });
    // The handed-over guest session is spent: it cannot start a new guest allowance.
    expect(await sendMessage(server, guest, { content: 'one more as a guest' })).toEqual({
      status: 401,
      body: { code: 'guest_session_handed_over', detail: 'Authentication required' },
    });
    const next = await sendMessage(server, user, { content: 'It is a Next.js 15 app', conversationId });
    expect(next.status).toBe(200);
    await waitForAgentReply(server, user, conversationId, next.body.id);
  });

  it('calling it again for the same user is harmless: nothing left to move', async () => {
    const { guest } = await guestWithConversation();
    const person = await signIn(server, { email: 'twice@example.com' });
    expect((await associate(person.token, guest.guest)).status).toBe(200);
    expect(await associate(person.token, guest.guest)).toEqual({
      status: 200,
      body: { moved_conversations: 0, moved_messages: 0, moved_tasks: 0 },
    });
  });

  it("nobody can take over a guest's conversations by replaying its id after the hand-over: 409, nothing moves", async () => {
    const { guest, conversationId } = await guestWithConversation();
    const owner = await signIn(server, { email: 'owner@example.com' });
    await associate(owner.token, guest.guest);
    const thief = await signIn(server, { email: 'thief@example.com' });
    expect(await associate(thief.token, guest.guest)).toEqual({
      status: 409,
      body: { code: 'guest_session_handed_over', detail: 'This guest session was already handed over to another account' },
    });
    expect((await readMessages(server, { token: thief.token }, conversationId)).status).toBe(404);
    expect((await readMessages(server, { token: owner.token }, conversationId)).status).toBe(200);
  });

  it("handing over one's own guest session moves only its data, never another guest's", async () => {
    const other = await guestWithConversation();
    const mine = { guest: newGuestId() };
    const mineSent = await sendMessage(server, mine, { content: 'A small question about Prisma' });
    const person = await signIn(server, { email: 'own@example.com' });
    expect((await associate(person.token, mine.guest)).body).toMatchObject({ moved_conversations: 1 });
    expect((await readMessages(server, other.guest, other.conversationId)).status).toBe(200);
    expect((await readMessages(server, { token: person.token }, other.conversationId)).status).toBe(404);
    expect((await readMessages(server, { token: person.token }, mineSent.body.conversation_id)).status).toBe(200);
  });

  it('needs both a Bearer token and the guest header', async () => {
    const person = await signIn(server, { email: 'both@example.com' });
    const guest = newGuestId();
    expect(await associate(person.token, null)).toEqual({
      status: 400,
      body: { code: 'invalid_request', detail: 'x-guest-session-id is required: it names the guest session to take over' },
    });
    const needsToken = {
      status: 401,
      body: { code: 'unauthenticated', detail: 'Sign in first: this call needs a Bearer token as well as the x-guest-session-id header' },
    };
    expect(await associate(null, guest)).toEqual(needsToken);
    expect(await associate(null, null)).toEqual(needsToken);
    expect((await associate(person.token, 'visitor-1')).status).toBe(400);
    expect((await associate('forged', guest)).status).toBe(401);
  });
});
