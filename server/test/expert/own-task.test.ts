import { beforeAll, describe, expect, it } from 'vitest';
import { callJson } from '../support/http.ts';
import { seedTask } from '../support/seed.ts';
import { signInExpert, signInStaff, STAFF_ENV } from '../support/staff.ts';
import { useTestApp } from '../support/test-app.ts';

// A task's own customer never holds it (docs/product.md "Expert workspace"): a customer who is also an
// expert (or an admin) can neither take their own task nor be given it, so nobody works on, completes
// and rates their own request.

describe("a task's own customer", () => {
  const server = useTestApp({ ...STAFF_ENV, AGENT_WORKER: 'false' });
  let people: Awaited<ReturnType<typeof signInStaff>>;

  beforeAll(async () => {
    people = await signInStaff(server);
  });

  const conflict = {
    status: 409,
    body: { code: 'conflict', detail: "A task's own customer cannot work on it; another expert must take it" },
  };
  const holderOf = async (taskId: string) =>
    ((await callJson(server, 'GET', '/api/v2/tasks', { token: people.admin.token })).body as any[]).find((task) => task.id === taskId);

  it('cannot take it as an expert (409), nor as an admin; another expert can', async () => {
    const own = await seedTask(server.database.db, { ownerId: people.expert.user.uid });
    expect(await callJson(server, 'POST', `/api/expert/tasks/${own.taskId}/take`, { token: people.expert.token })).toEqual(conflict);
    const admins = await seedTask(server.database.db, { ownerId: people.admin.user.uid });
    expect(await callJson(server, 'POST', `/api/expert/tasks/${admins.taskId}/take`, { token: people.admin.token })).toEqual(conflict);
    expect(await holderOf(own.taskId)).toMatchObject({ status: 'ACCEPTED', assigneeId: null });

    const other = await signInExpert(server, people.admin, 'other');
    expect((await callJson(server, 'POST', `/api/expert/tasks/${own.taskId}/take`, { token: other.token })).status).toBe(200);
  });

  it('is not offered it in the workspace, while other experts are', async () => {
    const own = await seedTask(server.database.db, { ownerId: people.expert.user.uid });
    const offered = async (token: string) => {
      const { body } = await callJson(server, 'GET', '/api/expert/tasks', { token });
      return [...body.matched, ...body.unassigned].map((task: { id: string }) => task.id);
    };
    expect(await offered(people.expert.token)).not.toContain(own.taskId);
    const other = await signInExpert(server, people.admin, 'offered');
    expect(await offered(other.token)).toContain(own.taskId);
  });

  it('cannot be given it by an admin (409), whether it waits in the queue or another expert holds it', async () => {
    const own = await seedTask(server.database.db, { ownerId: people.expert.user.uid });
    const assign = (expertId: string) =>
      callJson(server, 'POST', `/api/admin/tasks/${own.taskId}/assign`, { token: people.admin.token }, { expertId });
    expect(await assign(people.expert.user.uid)).toEqual(conflict);
    const other = await signInExpert(server, people.admin, 'other');
    expect((await assign(other.user.uid)).status).toBe(200);
    expect(await assign(people.expert.user.uid)).toEqual(conflict);
    expect(await holderOf(own.taskId)).toMatchObject({ status: 'IN_PROGRESS', assigneeId: other.user.uid });
  });
});
