import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { tasks } from '../../src/db/schema.ts';
import { findWaitingConversations } from '../../src/modules/agent/agent.queue.ts';
import { reachProposal } from '../support/agent-flow.ts';
import { databaseKinds } from '../support/databases.ts';
import { callJson, readMessages, sendMessage } from '../support/http.ts';
import { seedTask } from '../support/seed.ts';
import { signInExpert, signInPerson, signInStaff, STAFF_ENV } from '../support/staff.ts';
import { useTestApp } from '../support/test-app.ts';

describe.each(databaseKinds)('the hand-off to a human expert on %s', (kind) => {
  const server = useTestApp(STAFF_ENV, { kind });
  let people: Awaited<ReturnType<typeof signInStaff>>;

  beforeAll(async () => {
    people = await signInStaff(server);
  });

  const asExpert = (method: 'GET' | 'POST', path: string, body?: unknown, token = people.expert.token) =>
    callJson(server, method, path, { token }, body);

  it('an accepted proposal reaches the queue; the expert takes it, replies by name, and the customer sees it apart from the AI', async () => {
    const customer = await signInPerson(server, 'customer');
    const { conversationId, proposal } = await reachProposal(server, { token: customer.token });
    const everyTask = (body: any): any[] => [...body.matched, ...body.unassigned, ...body.mine, ...body.done];
    const before = await asExpert('GET', '/api/expert/tasks');
    expect(everyTask(before.body).some((t: any) => t.conversationId === conversationId)).toBe(false);

    expect((await callJson(server, 'POST', `/api/v2/proposals/${proposal.id}/accept`, { token: customer.token })).status).toBe(200);
    const queued = everyTask((await asExpert('GET', '/api/expert/tasks')).body).find((t: any) => t.conversationId === conversationId);
    expect(queued).toMatchObject({
      status: 'ACCEPTED',
      customerName: customer.user.name,
      assigneeId: null,
      proposalContent: proposal.content,
    });

    // The agent's notes for staff (after the task-section marker) are for admins, not experts.
    const staffView = await callJson(server, 'GET', `/api/admin/conversations/${conversationId}/messages`, {
      token: people.admin.token,
    });
    expect(JSON.stringify(staffView.body)).toContain('[[TASK SECTION]]');
    // Before taking it, an expert reads the brief but not the conversation (decision 026).
    expect((await asExpert('GET', `/api/expert/tasks/${queued.id}/messages`)).status).toBe(403);
    expect((await asExpert('GET', `/api/expert/tasks/${queued.id}`)).body).toMatchObject({ id: queued.id, messages: null });

    const taken = await asExpert('POST', `/api/expert/tasks/${queued.id}/take`);
    expect(taken).toEqual({
      status: 200,
      body: expect.objectContaining({
        status: 'IN_PROGRESS',
        assigneeId: people.expert.user.uid,
        assigneeName: people.expert.user.name,
        assignedAt: expect.any(String),
      }),
    });
    const expertView = await asExpert('GET', `/api/expert/tasks/${queued.id}/messages`);
    expect(expertView.status).toBe(200);
    expect(JSON.stringify(expertView.body)).not.toContain('[[TASK SECTION]]');

    const reply = await asExpert('POST', `/api/expert/tasks/${queued.id}/messages`, {
      content: 'Hi! I am looking at your **route handlers** now.',
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      sender_id: people.expert.user.uid,
      sender_role: 'expert',
      sender_name: people.expert.user.name,
      recipient_id: customer.user.uid,
    });

    const seen = await readMessages(server, { token: customer.token }, conversationId);
    expect(seen.body.at(-1)).toMatchObject({
      id: reply.body.id,
      content: 'Hi! I am looking at your **route handlers** now.',
      sender_role: 'expert',
      sender_name: people.expert.user.name,
    });
    // agent-1 owes no answer to an expert, now or after a restart.
    expect(await findWaitingConversations(server.database)).not.toContain(conversationId);

    // The customer's answer goes to the expert; agent-1 stays silent (decision 026).
    const customerWrites = await sendMessage(
      server,
      { token: customer.token },
      { content: 'Thanks, what do you need from me?', conversationId },
    );
    expect(customerWrites.status).toBe(200);
    const after = await asExpert('GET', `/api/expert/tasks/${queued.id}/messages`);
    expect(after.body.messages.at(-1)).toMatchObject({ id: customerWrites.body.id, recipient_id: people.expert.user.uid });

    const done = await asExpert('POST', `/api/expert/tasks/${queued.id}/done`);
    expect(done.body).toMatchObject({ status: 'DONE', completedAt: expect.any(String) });
    const audit = await callJson(server, 'GET', '/api/admin/audit-log?limit=3', { token: people.admin.token });
    expect(audit.body.entries.map((e: any) => [e.action, e.actor_id])).toEqual([
      ['task.done', people.expert.user.uid],
      ['task.expert_reply', people.expert.user.uid],
      ['task.take', people.expert.user.uid],
    ]);
  });

  it('a task one expert took cannot be taken, answered or finished by another', async () => {
    const other = await signInExpert(server, people.admin, 'second-expert');
    const { taskId } = await seedTask(server.database.db);
    expect((await asExpert('POST', `/api/expert/tasks/${taskId}/take`)).status).toBe(200);
    expect((await asExpert('POST', `/api/expert/tasks/${taskId}/take`)).status).toBe(200);
    expect(await asExpert('POST', `/api/expert/tasks/${taskId}/take`, undefined, other.token)).toEqual({
      status: 409,
      body: { code: 'conflict', detail: `This task was taken by ${people.expert.user.name}` },
    });
    expect(await asExpert('POST', `/api/expert/tasks/${taskId}/messages`, { content: 'Me too' }, other.token)).toEqual({
      status: 403,
      body: { code: 'forbidden', detail: `This task was taken by ${people.expert.user.name}` },
    });
    expect((await asExpert('POST', `/api/expert/tasks/${taskId}/done`, undefined, other.token)).status).toBe(403);
  });

  it('a task must be taken before a reply, is closed once done, and tasks not yet accepted are not in the queue', async () => {
    const { taskId } = await seedTask(server.database.db);
    expect(await asExpert('POST', `/api/expert/tasks/${taskId}/messages`, { content: 'Hello' })).toEqual({
      status: 409,
      body: { code: 'conflict', detail: 'Take this task before working on it' },
    });
    await asExpert('POST', `/api/expert/tasks/${taskId}/take`);
    expect((await asExpert('POST', `/api/expert/tasks/${taskId}/messages`, { content: '   ' })).status).toBe(400);
    await asExpert('POST', `/api/expert/tasks/${taskId}/done`);
    expect(await asExpert('POST', `/api/expert/tasks/${taskId}/messages`, { content: 'Late' })).toEqual({
      status: 409,
      body: { code: 'conflict', detail: 'This task is done' },
    });
    const pending = await seedTask(server.database.db, { status: 'PENDING_ACCEPTANCE' });
    expect(await asExpert('POST', `/api/expert/tasks/${pending.taskId}/take`)).toEqual({
      status: 404,
      body: { code: 'not_found', detail: 'Task not found in the expert queue' },
    });
    const [row] = await server.database.db.select().from(tasks).where(eq(tasks.id, pending.taskId));
    expect(row?.status).toBe('PENDING_ACCEPTANCE');
  });

  it('admins work the queue too', async () => {
    const { taskId } = await seedTask(server.database.db);
    const taken = await asExpert('POST', `/api/expert/tasks/${taskId}/take`, undefined, people.admin.token);
    expect(taken.body).toMatchObject({ assigneeId: people.admin.user.uid, assigneeName: 'Alice Admin' });
  });
});
