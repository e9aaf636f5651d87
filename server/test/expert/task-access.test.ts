import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse } from '@unstuck/contract';
import { databaseKinds } from '../support/databases.ts';
import { callJson, fetchOn } from '../support/http.ts';
import { seedTask } from '../support/seed.ts';
import { signInExpert, signInPerson, signInStaff, STAFF_ENV } from '../support/staff.ts';
import { useTestApp } from '../support/test-app.ts';

// Who works on a task (docs/decisions/026-the-human-half.md): an admin gives it to an expert, who then
// holds its conversation and its repository's push credentials; the previous holder loses both (the
// credentials and a push with them: server/test/code-sharing/repositories.test.ts).

describe.each(databaseKinds)('access to a task’s conversation on %s', (kind) => {
  const server = useTestApp(STAFF_ENV, { kind });
  let people: Awaited<ReturnType<typeof signInStaff>>;
  let customer: SessionResponse;
  let second: SessionResponse;

  beforeAll(async () => {
    people = await signInStaff(server);
    customer = await signInPerson(server, 'customer');
    second = await signInExpert(server, people.admin, 'second-expert');
  });

  const as = (who: SessionResponse, method: 'GET' | 'POST', path: string, body?: unknown) =>
    callJson(server, method, path, { token: who.token }, body);
  const sectionOf = async (who: SessionResponse, taskId: string) => {
    const workspace = (await as(who, 'GET', '/api/expert/tasks')).body;
    return (['matched', 'unassigned', 'mine', 'done'] as const).find((name) =>
      workspace[name].some((t: { id: string }) => t.id === taskId),
    );
  };
  const streamStatus = async (who: SessionResponse, conversationId: string) => {
    const controller = new AbortController();
    const response = await fetchOn(server, `/api/v2/conversations/${conversationId}/events`, {
      headers: { authorization: `Bearer ${who.token}` },
      signal: controller.signal,
    });
    controller.abort();
    return response.status;
  };
  /** What a member of staff may do with the task's conversation: read it, its stream, reply. */
  const access = async (who: SessionResponse, task: { taskId: string; conversationId: string }) => ({
    messages: (await as(who, 'GET', `/api/expert/tasks/${task.taskId}/messages`)).status,
    detail: (await as(who, 'GET', `/api/expert/tasks/${task.taskId}`)).body.canReadConversation,
    stream: await streamStatus(who, task.conversationId),
    reply: (await as(who, 'POST', `/api/expert/tasks/${task.taskId}/messages`, { content: 'Hello' })).status,
  });
  const holderAccess = { messages: 200, detail: true, stream: 200, reply: 201 };
  const noAccess = { messages: 403, detail: false, stream: 404, reply: 403 };

  it('an admin assigns the task to an expert, then reassigns it: the new holder has it under "Mine", the previous one loses the conversation', async () => {
    const task = await seedTask(server.database.db, { ownerId: customer.user.uid, status: 'ACCEPTED' });
    const assign = (expertId: string | null) => as(people.admin, 'POST', `/api/admin/tasks/${task.taskId}/assign`, { expertId });

    expect((await assign(people.expert.user.uid)).status).toBe(200);
    expect(await sectionOf(people.expert, task.taskId)).toBe('mine');
    expect(await access(people.expert, task)).toEqual(holderAccess);
    expect(await access(second, task)).toEqual(noAccess);

    expect((await assign(second.user.uid)).body).toMatchObject({ status: 'IN_PROGRESS', assigneeId: second.user.uid });
    expect(await sectionOf(second, task.taskId)).toBe('mine');
    expect(await sectionOf(people.expert, task.taskId)).toBeUndefined();
    expect(await access(second, task)).toEqual(holderAccess);
    expect(await access(people.expert, task)).toEqual(noAccess);
    // Whoever holds it, the other expert may not set its status either.
    expect((await as(people.expert, 'POST', `/api/expert/tasks/${task.taskId}/done`)).status).toBe(403);

    // Back to the queue: nobody holds the conversation; an expert may take it again.
    expect((await assign(null)).body).toMatchObject({ status: 'ACCEPTED', assigneeId: null });
    expect(await sectionOf(second, task.taskId)).toBe('unassigned');
    expect((await as(second, 'GET', `/api/expert/tasks/${task.taskId}/messages`)).status).toBe(403);
    expect((await as(people.expert, 'POST', `/api/expert/tasks/${task.taskId}/take`)).body.assigneeId).toBe(people.expert.user.uid);
    // A done task is not reassigned.
    await as(people.expert, 'POST', `/api/expert/tasks/${task.taskId}/done`);
    expect((await assign(second.user.uid)).status).toBe(409);
  });
});
