import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema.ts';
import { callJson, newGuestId, readMessages, sendMessage, waitForAgentReply } from '../support/http.ts';
import { signIn } from '../support/sign-in.ts';
import { signInAs } from '../support/test-server.ts';
import { useTestApp } from '../support/test-app.ts';

const profile = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  availability: 'Short-term',
  skills: ['  TypeScript ', '', '   ', 'PostgreSQL'],
  accomplishments: ['Shipped the analytical engine', ''],
};

describe('profile, inbox and jobs', () => {
  const server = useTestApp({ ADMIN_EMAILS: 'boss@example.com' });

  it('a signed-in user saves their profile: items trimmed, empty ones dropped, answered with status success', async () => {
    const session = await signIn(server, { email: 'ada.profile@example.com', name: 'Ada' });
    const me = { token: session.token };
    const saved = await callJson(server, 'PUT', '/api/v1/users/profile', me, { ...profile, id: session.user.uid });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      status: 'success',
      profile: expect.objectContaining({
        id: session.user.uid,
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        availability: 'Short-term',
        skills: ['TypeScript', 'PostgreSQL'],
        accomplishments: ['Shipped the analytical engine'],
      }),
    });
    const read = await callJson(server, 'GET', '/api/v1/users/profile', me);
    expect(read.body).toEqual(saved.body);
  });

  it('bad profile input is refused with 400 and a detail, and nothing is stored', async () => {
    const session = await signIn(server, { email: 'bad.input@example.com', name: 'Bad Input' });
    const me = { token: session.token };
    const cases: Array<[unknown, RegExp]> = [
      [{ ...profile, name: '   ' }, /^name: name must not be blank$/],
      [{ ...profile, email: 'not-an-email' }, /^email: /],
      [{ ...profile, availability: 'Weekends' }, /^availability: /],
      [{ ...profile, skills: 'TypeScript' }, /^skills: skills must be a list of texts$/],
      [{ ...profile, skills: ['x'.repeat(101)] }, /^skills\.0: /],
      [{ ...profile, accomplishments: Array.from({ length: 51 }, () => 'a') }, /^accomplishments: /],
      ['a string', /./],
    ];
    for (const [body, detail] of cases) {
      const answer = await callJson(server, 'PUT', '/api/v1/users/profile', me, body);
      expect(answer.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(answer.body).toEqual({ code: 'invalid_request', detail: expect.stringMatching(detail) });
    }
    const read = await callJson(server, 'GET', '/api/v1/users/profile', me);
    expect(read.body.profile).toMatchObject({ name: 'Bad Input', email: 'bad.input@example.com', skills: [], accomplishments: [] });
  });

  it("a user cannot update someone else's profile, and strangers and guests are refused", async () => {
    const mallory = await signIn(server, { email: 'mallory@example.com', name: 'Mallory' });
    const alice = await signIn(server, { email: 'alice@example.com', name: 'Alice' });
    const other = await callJson(server, 'PUT', '/api/v1/users/profile', { token: mallory.token }, { ...profile, id: alice.user.uid });
    expect(other).toEqual({ status: 403, body: { code: 'forbidden', detail: 'You can only update your own profile' } });
    const [stored] = await server.database.db.select().from(users).where(eq(users.id, alice.user.uid));
    expect(stored?.name).toBe('Alice');
    expect((await callJson(server, 'PUT', '/api/v1/users/profile', null, profile)).status).toBe(401);
    expect((await callJson(server, 'PUT', '/api/v1/users/profile', { guest: newGuestId() }, profile)).status).toBe(401);
    expect((await callJson(server, 'GET', '/api/v1/users/profile', { guest: newGuestId() })).status).toBe(401);
  });

  it('an edited email does not change the sign-in identity, survives the next sign-in and cannot make an admin', async () => {
    const first = await signIn(server, { email: 'grace@example.com', name: 'Grace' });
    const edit = await callJson(
      server,
      'PUT',
      '/api/v1/users/profile',
      { token: first.token },
      {
        ...profile,
        name: 'Grace Hopper',
        email: 'boss@example.com',
      },
    );
    expect(edit.status).toBe(200);
    const again = await signIn(server, { email: 'grace@example.com', name: 'Grace' });
    expect(again.user.uid).toBe(first.user.uid);
    expect(again.user).toMatchObject({ name: 'Grace Hopper', email: 'boss@example.com', admin: false });
    const [stored] = await server.database.db.select().from(users).where(eq(users.id, first.user.uid));
    expect(stored).toMatchObject({ email: 'boss@example.com', emailVerified: false });
    expect((await callJson(server, 'GET', '/api/admin/users', { token: again.token })).status).toBe(403);
  });

  it('unread counts rise with agent replies and fall to zero once the conversation is read', async () => {
    const { token } = await signInAs(server);
    const me = { token };
    const sent = await sendMessage(server, me, { content: 'My Next.js app on Vercel shows a blank page after deploy.' });
    expect(sent.status).toBe(200);
    const conversationId = sent.body.conversation_id as string;
    // Waiting reads the thread, so it is read now; the next reply arrives unread.
    await waitForAgentReply(server, me, conversationId, sent.body.id);
    let inbox = await callJson(server, 'GET', '/api/v2/conversations', me);
    expect(inbox.body.unread_total).toBe(0);
    const second = await sendMessage(server, me, { content: 'It started after upgrading to Next 15.', conversationId });
    await expect
      .poll(async () => (await callJson(server, 'GET', '/api/v2/conversations', me)).body.unread_total, { timeout: 20_000 })
      .toBe(1);
    inbox = await callJson(server, 'GET', '/api/v2/conversations', me);
    expect(inbox.body.conversations).toEqual([
      expect.objectContaining({
        id: conversationId,
        unread_count: 1,
        message_count: 4,
        last_message: expect.objectContaining({ sender_role: 'agent' }),
        task: expect.objectContaining({ status: expect.any(String) }),
      }),
    ]);
    expect(inbox.body.conversations[0].last_message.content).not.toContain('[[TASK SECTION]]');
    const read = await readMessages(server, me, conversationId);
    expect(read.body.find((m: { reply_to_message_id: string }) => m.reply_to_message_id === second.body.id)?.read).toBe(true);
    inbox = await callJson(server, 'GET', '/api/v2/conversations', me);
    expect(inbox.body).toMatchObject({ unread_total: 0, conversations: [expect.objectContaining({ unread_count: 0 })] });
  });

  it("another user's conversation is 404 and not in their list; the jobs list holds only the caller's tasks", async () => {
    const owner = { token: (await signInAs(server)).token };
    const stranger = { token: (await signInAs(server)).token };
    const sent = await sendMessage(server, owner, { content: 'Please help me migrate my Vue 2 app to Vue 3.' });
    const conversationId = sent.body.conversation_id as string;
    expect(await readMessages(server, stranger, conversationId)).toEqual({
      status: 404,
      body: { code: 'not_found', detail: 'Conversation not found' },
    });
    expect((await callJson(server, 'GET', '/api/v2/conversations', stranger)).body).toEqual({ conversations: [], unread_total: 0 });
    expect((await callJson(server, 'GET', '/api/v2/user/tasks', stranger)).body).toEqual({ tasks: [], finished: [] });
    const jobs = await callJson(server, 'GET', '/api/v2/user/tasks', owner);
    expect(jobs.body.tasks).toEqual([
      {
        id: expect.any(String),
        // agent-1 may retitle the task and move its status while it answers.
        title: expect.stringMatching(/\S/),
        status: expect.any(String),
        createdAt: expect.any(String),
        conversationId,
        // Not with the experts yet (decision 026).
        assigneeName: null,
        unreadCount: expect.any(Number),
        lastEvent: null,
        completedAt: null,
        confirmedAt: null,
        offerReopen: false,
        canRate: false,
        rating: null,
        // Payments are off here (docs/decisions/093-payments.md).
        payment: null,
      },
    ]);
    expect((await callJson(server, 'GET', '/api/v2/user/tasks', null)).status).toBe(401);
    expect((await callJson(server, 'GET', '/api/v2/conversations', null)).status).toBe(401);
  });

  it('a submitted job is an active job on the dashboard and an unread conversation once agent-1 answers', async () => {
    const me = { token: (await signInAs(server)).token };
    const job = {
      type: 'direct',
      recipientId: 'agent-1',
      content: 'Job Title: Fix checkout\n\nJob Description:\nStripe checkout times out on Vercel.\n\nPreferred Technology Stack: Next.js',
      metadata: { jobTitle: 'Fix checkout', techStack: 'Next.js', attachments: [] },
    };
    const sent = await callJson(server, 'POST', '/api/messages', me, job);
    expect(sent.status).toBe(201);
    const jobs = await callJson(server, 'GET', '/api/v2/user/tasks', me);
    expect(jobs.body.tasks).toEqual([expect.objectContaining({ id: sent.body.task_id, conversationId: sent.body.conversation_id })]);
    await expect
      .poll(async () => (await callJson(server, 'GET', '/api/v2/conversations', me)).body.unread_total, { timeout: 20_000 })
      .toBe(1);
    // agent-1 titles chats in its own words; a job keeps the title the person gave it.
    const answered = await callJson(server, 'GET', '/api/v2/user/tasks', me);
    expect(answered.body.tasks).toEqual([expect.objectContaining({ id: sent.body.task_id, title: 'Fix checkout' })]);
    await readMessages(server, me, sent.body.conversation_id);
    expect((await callJson(server, 'GET', '/api/v2/conversations', me)).body.unread_total).toBe(0);
  });
});
