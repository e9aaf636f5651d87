import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse } from '@unstuck/contract';
import { messages } from '../../src/db/schema.ts';
import { findWaitingConversations } from '../../src/modules/agent/agent.queue.ts';
import { databaseKinds } from '../support/databases.ts';
import { callJson, fetchOn, readMessages, sendMessage } from '../support/http.ts';
import { seedTask } from '../support/seed.ts';
import { signInPerson, signInStaff, STAFF_ENV } from '../support/staff.ts';
import { useTestApp } from '../support/test-app.ts';

// The human half (docs/decisions/026-the-human-half.md): after acceptance the customer and a human
// expert work in the same conversation; agent-1 stays out of it.

describe.each(databaseKinds)('the human half on %s', (kind) => {
  const server = useTestApp(STAFF_ENV, { kind });
  let people: Awaited<ReturnType<typeof signInStaff>>;
  let customer: SessionResponse;

  beforeAll(async () => {
    people = await signInStaff(server);
    customer = await signInPerson(server, 'customer');
  });

  const as = (who: SessionResponse, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) =>
    callJson(server, method, path, { token: who.token }, body);
  const everyTask = (body: any): any[] => [...body.matched, ...body.unassigned, ...body.mine, ...body.done];

  /** An accepted task of the customer whose agent-1 recorded this stack. */
  async function acceptedTask(stack: string[] = [], title = `Task ${Math.random()}`) {
    const seeded = await seedTask(server.database.db, { ownerId: customer.user.uid, status: 'ACCEPTED', title });
    await server.database.db
      .update(messages)
      .set({ metadata: { kind: 'proposal', proposal_status: 'accepted', intake: { request_type: 'bug_fix', stack, ai_tools: [] } } })
      .where(eq(messages.id, seeded.proposalMessageId));
    return seeded;
  }

  /** Jobs of agent-1 ever queued for a conversation (waiting, running or finished). */
  async function agentJobsOf(conversationId: string): Promise<number> {
    const result = (await server.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = 'agent-turns' and data->>'conversationId' = ${conversationId}`,
    )) as { rows: Array<{ n: number }> };
    return result.rows[0]!.n;
  }

  it('sorts the workspace by the expert’s skills against agent-1’s stack, whatever the case and alias', async () => {
    const expert = await signInPerson(server, 'skilled');
    await as(people.admin, 'POST', '/api/admin/users/set-expert', { userId: expert.user.uid, isExpert: true });
    expect(
      (
        await as(expert, 'PUT', '/api/v1/users/profile', {
          name: expert.user.name,
          email: expert.user.email,
          skills: ['NEXT.JS', 'postgres'],
        })
      ).status,
    ).toBe(200);
    const next = await acceptedTask(['nextjs']);
    const pg = await acceptedTask(['PostgreSQL', 'Docker']);
    const django = await acceptedTask(['Django']);

    const workspace = (await as(expert, 'GET', '/api/expert/tasks')).body;
    const section = (taskId: string) =>
      (['matched', 'unassigned', 'mine', 'done'] as const).find((name) => workspace[name].some((t: any) => t.id === taskId));
    expect(section(next.taskId)).toBe('matched');
    expect(section(pg.taskId)).toBe('matched');
    expect(section(django.taskId)).toBe('unassigned');
    expect(workspace.matched.find((t: any) => t.id === next.taskId)).toMatchObject({
      stack: ['nextjs'],
      matchedSkills: ['NEXT.JS'],
      canReadConversation: false,
      unreadCount: 0,
    });
    expect(workspace.matched.find((t: any) => t.id === pg.taskId).matchedSkills).toEqual(['postgres']);
    // Another expert without those skills sees them unmatched.
    const other = (await as(people.expert, 'GET', '/api/expert/tasks')).body;
    expect(other.unassigned.some((t: any) => t.id === next.taskId)).toBe(true);

    await as(expert, 'POST', `/api/expert/tasks/${next.taskId}/take`);
    await as(expert, 'POST', `/api/expert/tasks/${pg.taskId}/take`);
    await as(expert, 'POST', `/api/expert/tasks/${pg.taskId}/done`);
    const after = (await as(expert, 'GET', '/api/expert/tasks')).body;
    expect(after.mine.map((t: any) => t.id)).toEqual([next.taskId]);
    expect(after.done.map((t: any) => t.id)).toEqual([pg.taskId]);
    expect(everyTask(after).filter((t: any) => t.id === next.taskId)).toHaveLength(1);
  });

  it('shows the expert the customer’s budget and deadline in their words, and nothing when they stated none', async () => {
    const stated = await seedTask(server.database.db, {
      ownerId: customer.user.uid,
      status: 'ACCEPTED',
      request: 'Our checkout crashes on Safari. My budget is $1,500 and I need it fixed by Friday, it is urgent.',
    });
    const silent = await seedTask(server.database.db, { ownerId: customer.user.uid, status: 'ACCEPTED', request: 'Checkout crashes.' });
    const tasks = everyTask((await as(people.expert, 'GET', '/api/expert/tasks')).body);
    expect(tasks.find((t) => t.id === stated.taskId)).toMatchObject({
      budget: '$1,500',
      deadline: expect.stringMatching(/Friday.*\(urgent\)$/),
    });
    expect(tasks.find((t) => t.id === silent.taskId)).toMatchObject({ budget: null, deadline: null });
  });

  it('routes the customer’s messages to the queue, then to the expert holding the task, even addressed to agent-1; agent-1 is never queued', async () => {
    const task = await acceptedTask(['React']);
    const jobsBefore = await agentJobsOf(task.conversationId);
    const toQueue = await sendMessage(server, { token: customer.token }, { content: 'Anyone there?', conversationId: task.conversationId });
    expect(toQueue.status).toBe(200);
    const [stored] = await server.database.db.select().from(messages).where(eq(messages.id, toQueue.body.id));
    expect(stored).toMatchObject({ recipientId: 'experts', read: false });

    await as(people.expert, 'POST', `/api/expert/tasks/${task.taskId}/take`);
    const mine = (await as(people.expert, 'GET', '/api/expert/tasks')).body.mine.find((t: any) => t.id === task.taskId);
    expect(mine.unreadCount).toBe(1);
    // The web's send (multipart, recipientId agent-1) and the new value both reach the expert, files too.
    const withFile = await sendMessage(
      server,
      { token: customer.token },
      { content: 'Here is the log', conversationId: task.conversationId },
      { name: 'error.log', type: 'text/plain', data: new TextEncoder().encode('TypeError: res.status is not a function') },
    );
    expect(withFile.status).toBe(200);
    const addressed = await callJson(
      server,
      'POST',
      '/api/v2/messages',
      { token: customer.token },
      {
        content: 'And one more thing',
        recipientId: 'experts',
        conversationId: task.conversationId,
      },
    );
    expect(addressed.status).toBe(200);
    const workspace = (await as(people.expert, 'GET', '/api/expert/tasks')).body;
    expect(workspace.mine.find((t: any) => t.id === task.taskId).unreadCount).toBe(3);
    expect(workspace.unreadTotal).toBeGreaterThanOrEqual(3);

    const detail = (await as(people.expert, 'GET', `/api/expert/tasks/${task.taskId}`)).body;
    const last = detail.messages.at(-2);
    expect(last).toMatchObject({ id: withFile.body.id, recipient_id: people.expert.user.uid, sender_role: 'user' });
    expect(last.attachments[0]).toMatchObject({ file_name: 'error.log' });
    expect(last.content).toContain('TypeError: res.status is not a function');
    // Reading the task as its holder reads the customer's messages.
    expect((await as(people.expert, 'GET', '/api/expert/tasks')).body.mine.find((t: any) => t.id === task.taskId).unreadCount).toBe(0);

    // No agent-1 turn: nothing queued, nothing waiting at start-up, no agent message.
    expect(await agentJobsOf(task.conversationId)).toBe(jobsBefore);
    expect(await findWaitingConversations(server.database)).not.toContain(task.conversationId);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const seen = (await readMessages(server, { token: customer.token }, task.conversationId)).body;
    expect(seen.filter((m: any) => m.sender_role === 'agent')).toHaveLength(1);
    // Messages to humans do not count against the agent's per-conversation limit.
    for (let i = 0; i < 10; i += 1) {
      expect(
        (await sendMessage(server, { token: customer.token }, { content: `Note ${i}`, conversationId: task.conversationId })).status,
      ).toBe(200);
    }
  });

  it('stores every status change as an event line, shows it on the job card, and lets the customer confirm, reopen and rate', async () => {
    const task = await acceptedTask();
    const lines = async () =>
      (await readMessages(server, { token: customer.token }, task.conversationId)).body
        .filter((m: any) => m.sender_role === 'system')
        .map((m: any) => [m.content, m.metadata.event.kind, m.metadata.event.status]);
    const card = async () => (await as(customer, 'GET', '/api/v2/user/tasks')).body.tasks.find((t: any) => t.id === task.taskId);

    await readMessages(server, { token: customer.token }, task.conversationId);
    await as(people.expert, 'POST', `/api/expert/tasks/${task.taskId}/take`);
    const expertName = people.expert.user.name;
    expect(await card()).toMatchObject({
      status: 'IN_PROGRESS',
      assigneeName: expertName,
      lastEvent: { content: `${expertName}, human expert, took your task` },
      offerReopen: false,
      unreadCount: 1,
    });
    expect((await as(customer, 'GET', `/api/v2/conversations/${task.conversationId}/task`)).body).toMatchObject({ id: task.taskId });
    expect(
      (await as(people.expert, 'POST', `/api/expert/tasks/${task.taskId}/status`, { status: 'WAITING_ON_CUSTOMER' })).body.status,
    ).toBe('WAITING_ON_CUSTOMER');
    expect((await as(people.expert, 'POST', `/api/expert/tasks/${task.taskId}/messages`, { content: 'Which Node version?' })).status).toBe(
      201,
    );
    expect((await as(customer, 'POST', `/api/v2/user/tasks/${task.taskId}/confirm`)).status).toBe(409);
    await as(people.expert, 'POST', `/api/expert/tasks/${task.taskId}/status`, { status: 'DONE' });
    expect(await card()).toMatchObject({ status: 'DONE', lastEvent: { content: 'Marked done' }, offerReopen: true, canRate: true });

    // A reply to a done task reopens nothing: it reaches the expert, and the client offers Reopen.
    const late = await sendMessage(server, { token: customer.token }, { content: 'One question', conversationId: task.conversationId });
    const [stored] = await server.database.db.select().from(messages).where(eq(messages.id, late.body.id));
    expect(stored!.recipientId).toBe(people.expert.user.uid);
    expect(await card()).toMatchObject({ status: 'DONE', offerReopen: true });

    expect((await as(customer, 'POST', `/api/v2/user/tasks/${task.taskId}/reopen`)).body).toMatchObject({
      status: 'IN_PROGRESS',
      offerReopen: false,
    });
    await as(people.expert, 'POST', `/api/expert/tasks/${task.taskId}/done`);
    expect((await as(customer, 'POST', `/api/v2/user/tasks/${task.taskId}/confirm`)).body).toMatchObject({
      status: 'DONE',
      confirmedAt: expect.any(String),
      offerReopen: false,
    });
    expect((await as(customer, 'POST', `/api/v2/user/tasks/${task.taskId}/rating`, { score: 6 })).status).toBe(400);
    expect(
      (await as(customer, 'POST', `/api/v2/user/tasks/${task.taskId}/rating`, { score: 4, comment: 'Quick and clear' })).body,
    ).toMatchObject({
      rating: { score: 4, comment: 'Quick and clear' },
    });
    // A confirmed job leaves the active list.
    expect(await card()).toBeUndefined();

    expect(await lines()).toEqual([
      [`${expertName}, human expert, took your task`, 'assigned', 'IN_PROGRESS'],
      [`${expertName}, human expert, is waiting for your answer`, 'waiting_on_customer', 'WAITING_ON_CUSTOMER'],
      ['Marked done', 'done', 'DONE'],
      ['You reopened the task', 'reopened', 'IN_PROGRESS'],
      ['Marked done', 'done', 'DONE'],
      ['You confirmed the work is done', 'confirmed', 'DONE'],
      ['You rated the work 4 out of 5', 'rated', 'DONE'],
    ]);
    const ratings = (await as(people.admin, 'GET', '/api/admin/ratings')).body;
    expect(ratings.ratings.find((r: any) => r.taskId === task.taskId)).toMatchObject({
      score: 4,
      comment: 'Quick and clear',
      expertName,
      customerName: customer.user.name,
    });
    expect((await as(people.expert, 'GET', '/api/admin/ratings')).status).toBe(403);
    // Someone else's task: not found.
    expect((await as(people.user, 'POST', `/api/v2/user/tasks/${task.taskId}/rating`, { score: 1 })).status).toBe(404);
  });

  it('puts a task waiting on the customer back in progress when the customer answers, with an event line', async () => {
    const task = await acceptedTask();
    const card = async () => (await as(customer, 'GET', '/api/v2/user/tasks')).body.tasks.find((t: any) => t.id === task.taskId);
    const expertName = people.expert.user.name;
    await as(people.expert, 'POST', `/api/expert/tasks/${task.taskId}/take`);
    await as(people.expert, 'POST', `/api/expert/tasks/${task.taskId}/status`, { status: 'WAITING_ON_CUSTOMER' });
    await readMessages(server, { token: customer.token }, task.conversationId);
    expect(await card()).toMatchObject({ status: 'WAITING_ON_CUSTOMER', unreadCount: 0 });

    const answer = await sendMessage(server, { token: customer.token }, { content: 'Node 22', conversationId: task.conversationId });
    expect(answer.status).toBe(200);
    const line = `You answered; ${expertName}, human expert, is working on your task again`;
    // The customer caused it: their card shows it, not as unread.
    expect(await card()).toMatchObject({ status: 'IN_PROGRESS', lastEvent: { content: line }, unreadCount: 0 });
    const mine = (await as(people.expert, 'GET', '/api/expert/tasks')).body.mine.find((t: any) => t.id === task.taskId);
    expect(mine).toMatchObject({ status: 'IN_PROGRESS', unreadCount: 1 });
    // Another message while in progress changes nothing more.
    await sendMessage(server, { token: customer.token }, { content: 'And npm 10', conversationId: task.conversationId });
    const seen = (await readMessages(server, { token: customer.token }, task.conversationId)).body;
    expect(
      seen.filter((m: any) => m.sender_role === 'system').map((m: any) => [m.content, m.metadata.event.kind, m.metadata.event.status]),
    ).toEqual([
      [`${expertName}, human expert, took your task`, 'assigned', 'IN_PROGRESS'],
      [`${expertName}, human expert, is waiting for your answer`, 'waiting_on_customer', 'WAITING_ON_CUSTOMER'],
      [line, 'answered', 'IN_PROGRESS'],
    ]);
    // The line comes right after the answer that caused it.
    const at = seen.findIndex((m: any) => m.id === answer.body.id);
    expect(seen[at + 1].content).toBe(line);
  });

  it('lets admins assign, reassign and unassign, each an event line', async () => {
    const task = await acceptedTask();
    const assign = (expertId: string | null, who = people.admin) => as(who, 'POST', `/api/admin/tasks/${task.taskId}/assign`, { expertId });
    expect((await assign(people.user.user.uid)).status).toBe(400);
    expect((await assign(people.expert.user.uid, people.expert)).status).toBe(403);
    expect((await assign(people.expert.user.uid)).body).toMatchObject({ status: 'IN_PROGRESS', assigneeId: people.expert.user.uid });
    expect((await assign(people.admin.user.uid)).body).toMatchObject({ status: 'IN_PROGRESS', assigneeId: people.admin.user.uid });
    expect((await assign(null)).body).toMatchObject({ status: 'ACCEPTED', assigneeId: null });
    const events = (await readMessages(server, { token: customer.token }, task.conversationId)).body
      .filter((m: any) => m.sender_role === 'system')
      .map((m: any) => m.metadata.event.kind);
    expect(events).toEqual(['assigned', 'reassigned', 'unassigned']);
  });

  it('shows another expert the brief but not the conversation, its stream or the repository until they take the task', async () => {
    const task = await acceptedTask();
    const other = await signInPerson(server, 'other-expert');
    await as(people.admin, 'POST', '/api/admin/users/set-expert', { userId: other.user.uid, isExpert: true });
    await as(people.expert, 'POST', `/api/expert/tasks/${task.taskId}/take`);
    expect(
      (await callJson(server, 'POST', '/code-sharing/api/test/repos', { token: customer.token }, { taskId: task.taskId })).status,
    ).toBe(200);

    const brief = (await as(other, 'GET', `/api/expert/tasks/${task.taskId}`)).body;
    expect(brief).toMatchObject({ id: task.taskId, messages: null, canReadConversation: false, repository: { url: null } });
    expect(brief.jobSummaryForEngineer).toBeTruthy();
    expect((await as(other, 'GET', `/api/expert/tasks/${task.taskId}/messages`)).status).toBe(403);
    expect((await as(other, 'POST', `/api/expert/tasks/${task.taskId}/repository/credentials`)).status).toBe(403);
    const stream = (who: SessionResponse) => {
      const controller = new AbortController();
      return fetchOn(server, `/api/v2/conversations/${task.conversationId}/events`, {
        headers: { authorization: `Bearer ${who.token}` },
        signal: controller.signal,
      }).then((response) => {
        controller.abort();
        return response.status;
      });
    };
    expect(await stream(other)).toBe(404);
    expect(await stream(people.user)).toBe(404);
    expect(await stream(people.expert)).toBe(200);
    expect(await stream(customer)).toBe(200);

    const holder = (await as(people.expert, 'GET', `/api/expert/tasks/${task.taskId}`)).body;
    expect(holder.canReadConversation).toBe(true);
    expect(holder.repository.url).toContain('/code-sharing/git/');
    expect(JSON.stringify(holder.messages)).not.toContain('[[TASK SECTION]]');
    const credentials = await as(people.expert, 'POST', `/api/expert/tasks/${task.taskId}/repository/credentials`);
    expect(credentials.body).toMatchObject({ host: 'local', git: { username: 'git', password: expect.any(String) } });
  });

  it('gives or takes expert access on the next request, with the same token', async () => {
    const person = await signInPerson(server, 'promoted');
    expect((await as(person, 'GET', '/api/auth/me')).body.user).toMatchObject({ uid: person.user.uid, expert: false });
    expect((await as(person, 'GET', '/api/expert/tasks')).status).toBe(403);
    await as(people.admin, 'POST', '/api/admin/users/set-expert', { userId: person.user.uid, isExpert: true });
    expect((await as(person, 'GET', '/api/auth/me')).body.user.expert).toBe(true);
    expect((await as(person, 'GET', '/api/expert/tasks')).status).toBe(200);
    await as(people.admin, 'POST', '/api/admin/users/set-expert', { userId: person.user.uid, isExpert: false });
    expect((await as(person, 'GET', '/api/auth/me')).body.user.expert).toBe(false);
    expect((await as(person, 'GET', '/api/expert/tasks')).status).toBe(403);
    expect((await callJson(server, 'GET', '/api/auth/me', null)).status).toBe(401);
  });
});
