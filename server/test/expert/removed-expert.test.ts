import { beforeAll, describe, expect, it } from 'vitest';
import { callJson } from '../support/http.ts';
import { seedTask } from '../support/seed.ts';
import { signInExpert, signInPerson, signInStaff, STAFF_ENV } from '../support/staff.ts';
import { useTestApp } from '../support/test-app.ts';

// An expert whose flag was removed holds no task any more (docs/decisions/081-access-ends-everywhere.md),
// not even one they finished: reopened by its customer, it goes back to the queue, not to them.

describe('a done task of an expert whose flag was removed', () => {
  const server = useTestApp({ ...STAFF_ENV, AGENT_WORKER: 'false' });
  let people: Awaited<ReturnType<typeof signInStaff>>;

  beforeAll(async () => {
    people = await signInStaff(server);
  });

  it('goes back to the queue when its customer reopens it', async () => {
    const expert = await signInExpert(server, people.admin, 'expert');
    const customer = await signInPerson(server, 'customer');
    const { taskId } = await seedTask(server.database.db, { ownerId: customer.user.uid });
    const asExpert = (path: string) => callJson(server, 'POST', path, { token: expert.token });
    expect((await asExpert(`/api/expert/tasks/${taskId}/take`)).status).toBe(200);
    expect((await asExpert(`/api/expert/tasks/${taskId}/done`)).status).toBe(200);
    const removed = await callJson(
      server,
      'POST',
      '/api/admin/users/set-expert',
      { token: people.admin.token },
      { userId: expert.user.uid, isExpert: false },
    );
    expect(removed.status).toBe(200);

    const reopened = await callJson(server, 'POST', `/api/v2/user/tasks/${taskId}/reopen`, { token: customer.token });
    expect(reopened).toMatchObject({ status: 200, body: { status: 'ACCEPTED', assigneeName: null } });
    const tasks = (await callJson(server, 'GET', '/api/v2/tasks', { token: people.admin.token })).body as any[];
    expect(tasks.find((task) => task.id === taskId)).toMatchObject({ status: 'ACCEPTED', assigneeId: null });
  });
});
