import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { TASK_SECTION_MARKER } from '@unstuck/contract';
import { conversations, messages, tasks } from '../../src/db/schema.ts';
import { callJson, sendMessage } from '../support/http.ts';
import { seedTask, unknownId } from '../support/seed.ts';
import { signInPerson, signInStaff, STAFF_ENV } from '../support/staff.ts';
import { useTestApp } from '../support/test-app.ts';

describe('admin conversations and tasks', () => {
  const server = useTestApp({ ...STAFF_ENV, AGENT_WORKER: 'false' });
  let admin = { token: '' };

  beforeAll(async () => {
    admin = { token: (await signInStaff(server)).admin.token };
  });

  const call = (method: 'GET' | 'PATCH' | 'DELETE', pathName: string, body?: unknown) => callJson(server, method, pathName, admin, body);

  it("lists a user's conversations with title, message count, participants and last message time", async () => {
    const seeded = await seedTask(server.database.db, { title: 'Login is broken' });
    const answer = await call('GET', `/api/admin/users/${seeded.ownerPublicId}/conversations`);
    expect(answer).toEqual({
      status: 200,
      body: {
        conversations: [
          {
            id: seeded.conversationId,
            title: 'Login is broken',
            message_count: 2,
            participants: [seeded.ownerPublicId, 'agent-1'],
            last_message_at: expect.any(String),
          },
        ],
      },
    });
    expect((await call('GET', '/api/admin/users/nobody/conversations')).status).toBe(404);
    // A guest is named by its participant id: its own id is its credential, which admins never see.
    expect((await call('GET', `/api/admin/users/${seeded.ownerId}/conversations`)).status).toBe(404);
  });

  it("shows a conversation's messages to admins with the agent's staff notes", async () => {
    const seeded = await seedTask(server.database.db);
    const answer = await call('GET', `/api/admin/conversations/${seeded.conversationId}/messages`);
    expect(answer.status).toBe(200);
    const [request, proposal] = answer.body.messages;
    expect(request).toMatchObject({
      sender_id: seeded.ownerPublicId,
      recipient_id: 'agent-1',
      sender_role: 'user',
      type: 'direct',
      attachments: [],
    });
    expect(proposal.content).toContain(`${TASK_SECTION_MARKER}\nStaff only: customer seems in a hurry.`);
    expect(proposal).toMatchObject({ sender_id: 'agent-1', sender_role: 'agent', recipient_id: seeded.ownerPublicId });
    const customerView = await callJson(server, 'GET', `/api/v2/conversations/${seeded.conversationId}/messages`, {
      guest: seeded.ownerId,
    });
    expect(customerView.body[1].content).not.toContain(TASK_SECTION_MARKER);
    expect((await call('GET', `/api/admin/conversations/${unknownId()}/messages`)).status).toBe(404);
    expect((await call('GET', '/api/admin/conversations/not-a-uuid/messages')).status).toBe(400);
  });

  it('deleting a conversation removes its messages and its task, and leaves the person', async () => {
    const seeded = await seedTask(server.database.db);
    const answer = await call('DELETE', `/api/admin/conversations/${seeded.conversationId}`);
    expect(answer).toEqual({
      status: 200,
      body: { deleted_conversation_id: seeded.conversationId, deleted_messages: 2, deleted_tasks: 1, deleted_files: 0 },
    });
    expect(await server.database.db.select().from(messages).where(eq(messages.conversationId, seeded.conversationId))).toEqual([]);
    expect((await call('GET', `/api/admin/users/${seeded.ownerPublicId}/conversations`)).body).toEqual({ conversations: [] });
    expect((await call('DELETE', `/api/admin/conversations/${seeded.conversationId}`)).status).toBe(404);
  });

  it('lists tasks with every spec field and the customer of each, guests by their participant id', async () => {
    const person = await signInPerson(server, 'customer');
    const sent = await sendMessage(server, { token: person.token }, { content: 'Build me a landing page' });
    const guestTask = await seedTask(server.database.db, { status: 'PENDING_ACCEPTANCE' });
    const answer = await callJson(server, 'GET', '/api/v2/tasks', admin);
    expect(answer.status).toBe(200);
    const mine = answer.body.find((t: any) => t.conversationId === sent.body.conversation_id);
    expect(mine).toEqual({
      id: expect.any(String),
      title: 'Build me a landing page',
      description: 'Build me a landing page',
      status: 'PENDING_CLARIFICATION',
      createdAt: expect.any(String),
      userId: person.user.uid,
      userName: person.user.name,
      userEmail: person.user.email,
      conversationId: sent.body.conversation_id,
      endUserAcceptedTask: false,
      diagnosis: null,
      clarifiedScope: null,
      jobSummaryForEngineer: null,
      proposalMessageId: null,
      proposalContent: null,
      proposalStatus: null,
      proposalAcceptedAt: null,
      proposalVersion: null,
      adminNotes: null,
      github_repository: null,
      code_analysis: null,
      code_analysis_state: null,
      code_analysis_failure: null,
      userRole: 'user',
      sessionId: null,
      taskType: null,
      assigneeId: null,
      assigneeName: null,
      assignedAt: null,
      completedAt: null,
      accessRequestCount: 0,
    });
    const guests = answer.body.find((t: any) => t.id === guestTask.taskId);
    expect(guests).toMatchObject({
      userRole: 'guest',
      userId: guestTask.ownerPublicId,
      sessionId: guestTask.ownerPublicId,
      userName: `Guest ${guestTask.ownerPublicId.slice('participant-'.length, 'participant-'.length + 6)}`,
      userEmail: null,
      proposalStatus: 'pending',
      taskType: 'bug fix',
    });
  });

  it('deleting a task removes the task alone; its conversation stays', async () => {
    const seeded = await seedTask(server.database.db);
    expect(await call('DELETE', `/api/admin/tasks/${seeded.taskId}`)).toEqual({ status: 200, body: { deleted_task_id: seeded.taskId } });
    expect(await server.database.db.select().from(tasks).where(eq(tasks.id, seeded.taskId))).toEqual([]);
    expect(await server.database.db.select().from(conversations).where(eq(conversations.id, seeded.conversationId))).toHaveLength(1);
    expect((await call('DELETE', `/api/admin/tasks/${seeded.taskId}`)).status).toBe(404);
  });

  it('admin notes are saved, come back with the task, and the change is in the audit log', async () => {
    const seeded = await seedTask(server.database.db);
    const saved = await call('PATCH', `/api/admin/tasks/${seeded.taskId}`, { adminNotes: 'Call before Friday.' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ id: seeded.taskId, adminNotes: 'Call before Friday.' });
    const listed = (await callJson(server, 'GET', '/api/v2/tasks', admin)).body.find((t: any) => t.id === seeded.taskId);
    expect(listed.adminNotes).toBe('Call before Friday.');
    const audit = await call('GET', '/api/admin/audit-log?limit=1');
    expect(audit.body.entries[0]).toMatchObject({
      action: 'task.admin_notes',
      target_type: 'task',
      target_id: seeded.taskId,
      details: { length: 19 },
    });
    expect((await call('PATCH', `/api/admin/tasks/${seeded.taskId}`, { adminNotes: 'x'.repeat(20_001) })).status).toBe(400);
    expect((await call('PATCH', `/api/admin/tasks/${unknownId()}`, { adminNotes: '' })).status).toBe(404);
  });

  it('the audit log pages from the newest entry back', async () => {
    for (let i = 0; i < 3; i += 1) {
      const seeded = await seedTask(server.database.db);
      await call('DELETE', `/api/admin/tasks/${seeded.taskId}`);
    }
    const first = await call('GET', '/api/admin/audit-log?limit=2');
    expect(first.body.entries).toHaveLength(2);
    expect(first.body.entries[0].id).toBeGreaterThan(first.body.entries[1].id);
    const next = await call('GET', `/api/admin/audit-log?limit=2&before=${first.body.next_before}`);
    expect(next.body.entries[0].id).toBeLessThan(first.body.entries[1].id);
    expect((await call('GET', '/api/admin/audit-log?limit=0')).status).toBe(400);
  });
});
