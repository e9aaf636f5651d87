import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ACCESS_DENIED, EXPERT_ACCESS_DENIED } from '@unstuck/contract';
import { apiKeys, conversations, tasks, users } from '../../src/db/schema.ts';
import { callJson, newGuestId, type Identity } from '../support/http.ts';
import { seedTask } from '../support/seed.ts';
import { signInPerson, signInStaff, STAFF_ENV } from '../support/staff.ts';
import { useTestApp, type TestApp } from '../support/test-app.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
type Caller = 'no one' | 'guest' | 'user' | 'expert' | 'admin';

/** One staff endpoint: how to call it with a fresh target, and whether the target is still there. */
interface Row {
  method: Method;
  path: string;
  /** Builds a fresh request (targets are made per call, so destructive calls do not interfere). */
  prepare: (server: TestApp, adminToken: string) => Promise<{ path: string; body?: unknown; intact?: () => Promise<boolean> }>;
  /** Who may call it and with what success status. */
  allowed: Partial<Record<Caller, number>>;
}

const exists = (server: TestApp, table: typeof users | typeof tasks | typeof conversations, id: string) => async () =>
  (await server.database.db.select({ id: table.id }).from(table).where(eq(table.id, id))).length === 1;

const adminOnly = (status = 200) => ({ admin: status });
const staff = { expert: 200, admin: 200 };

/** Every admin endpoint of docs/product.md "Calls" and the issue, then the expert queue's. */
const ROWS: Row[] = [
  { method: 'GET', path: '/api/admin/users', prepare: async () => ({ path: '/api/admin/users' }), allowed: adminOnly() },
  {
    method: 'POST',
    path: '/api/admin/users/set-expert',
    prepare: async (server) => {
      const person = await signInPerson(server);
      return {
        path: '/api/admin/users/set-expert',
        body: { userId: person.user.uid, isExpert: true },
        intact: async () => (await server.database.db.select().from(users).where(eq(users.id, person.user.uid)))[0]?.isExpert === false,
      };
    },
    allowed: adminOnly(),
  },
  {
    method: 'POST',
    path: '/api/admin/users/{id}/refresh-{provider}-data',
    prepare: async (server) => ({ path: `/api/admin/users/${(await signInPerson(server)).user.uid}/refresh-dev-data` }),
    allowed: adminOnly(),
  },
  {
    method: 'DELETE',
    path: '/api/admin/users/{id}',
    prepare: async (server) => {
      const { ownerId, ownerPublicId } = await seedTask(server.database.db);
      return { path: `/api/admin/users/${ownerPublicId}`, intact: exists(server, users, ownerId) };
    },
    allowed: adminOnly(),
  },
  {
    method: 'DELETE',
    path: '/api/admin/guests/delete-all',
    prepare: async (server) => {
      const { ownerId } = await seedTask(server.database.db);
      return { path: '/api/admin/guests/delete-all', intact: exists(server, users, ownerId) };
    },
    allowed: adminOnly(),
  },
  {
    method: 'GET',
    path: '/api/admin/users/{id}/conversations',
    prepare: async (server) => ({ path: `/api/admin/users/${(await seedTask(server.database.db)).ownerPublicId}/conversations` }),
    allowed: adminOnly(),
  },
  {
    method: 'GET',
    path: '/api/admin/conversations/{id}/messages',
    prepare: async (server) => ({ path: `/api/admin/conversations/${(await seedTask(server.database.db)).conversationId}/messages` }),
    allowed: adminOnly(),
  },
  {
    method: 'DELETE',
    path: '/api/admin/conversations/{id}',
    prepare: async (server) => {
      const { conversationId } = await seedTask(server.database.db);
      return { path: `/api/admin/conversations/${conversationId}`, intact: exists(server, conversations, conversationId) };
    },
    allowed: adminOnly(),
  },
  { method: 'GET', path: '/api/v2/tasks', prepare: async () => ({ path: '/api/v2/tasks' }), allowed: adminOnly() },
  {
    method: 'DELETE',
    path: '/api/admin/tasks/{id}',
    prepare: async (server) => {
      const { taskId } = await seedTask(server.database.db);
      return { path: `/api/admin/tasks/${taskId}`, intact: exists(server, tasks, taskId) };
    },
    allowed: adminOnly(),
  },
  {
    method: 'PATCH',
    path: '/api/admin/tasks/{id}',
    prepare: async (server) => {
      const { taskId } = await seedTask(server.database.db);
      return {
        path: `/api/admin/tasks/${taskId}`,
        body: { adminNotes: 'call the customer' },
        intact: async () => (await server.database.db.select().from(tasks).where(eq(tasks.id, taskId)))[0]?.adminNotes === null,
      };
    },
    allowed: adminOnly(),
  },
  {
    method: 'POST',
    path: '/api/admin/tasks/{id}/share',
    prepare: async (server) => ({
      path: `/api/admin/tasks/${(await seedTask(server.database.db)).taskId}/share`,
      body: { expiry_hours: 24 },
    }),
    allowed: adminOnly(201),
  },
  {
    method: 'GET',
    path: '/api/admin/tasks/{id}/shares',
    prepare: async (server) => ({ path: `/api/admin/tasks/${(await seedTask(server.database.db)).taskId}/shares` }),
    allowed: adminOnly(),
  },
  {
    method: 'DELETE',
    path: '/api/admin/shares/{id}',
    prepare: async (server, adminToken) => {
      const { taskId } = await seedTask(server.database.db);
      const share = await callJson(server, 'POST', `/api/admin/tasks/${taskId}/share`, { token: adminToken }, {});
      return {
        path: `/api/admin/shares/${share.body.id}`,
        intact: async () => (await callJson(server, 'GET', `/api/task-share/${share.body.token}`, null)).status === 200,
      };
    },
    allowed: adminOnly(),
  },
  {
    method: 'GET',
    path: '/api/admin/access-requests',
    prepare: async () => ({ path: '/api/admin/access-requests' }),
    allowed: adminOnly(),
  },
  { method: 'GET', path: '/api/admin/agents/apikeys', prepare: async () => ({ path: '/api/admin/agents/apikeys' }), allowed: adminOnly() },
  {
    method: 'POST',
    path: '/api/admin/agents/apikeys',
    prepare: async () => ({ path: '/api/admin/agents/apikeys', body: { agentId: 'agent-1', agentName: 'Matrix agent', rotate: true } }),
    allowed: adminOnly(201),
  },
  {
    method: 'DELETE',
    path: '/api/admin/agents/apikeys/{id}',
    prepare: async (server, adminToken) => {
      const created = await callJson(
        server,
        'POST',
        '/api/admin/agents/apikeys',
        { token: adminToken },
        { agentId: 'agent-1', agentName: 'Victim', rotate: true },
      );
      return {
        path: `/api/admin/agents/apikeys/${created.body.id}`,
        intact: async () => (await server.database.db.select().from(apiKeys).where(eq(apiKeys.id, created.body.id)))[0]?.active === true,
      };
    },
    allowed: adminOnly(),
  },
  { method: 'GET', path: '/api/admin/audit-log', prepare: async () => ({ path: '/api/admin/audit-log' }), allowed: adminOnly() },
  { method: 'GET', path: '/api/expert/tasks', prepare: async () => ({ path: '/api/expert/tasks' }), allowed: staff },
  {
    method: 'GET',
    path: '/api/expert/tasks/{id}/messages',
    prepare: async (server) => ({ path: `/api/expert/tasks/${(await seedTask(server.database.db)).taskId}/messages` }),
    // An expert who does not hold the task reads its brief, not its conversation (decision 026).
    allowed: { ...staff, expert: 403 },
  },
  {
    method: 'POST',
    path: '/api/expert/tasks/{id}/take',
    prepare: async (server) => {
      const { taskId } = await seedTask(server.database.db);
      return {
        path: `/api/expert/tasks/${taskId}/take`,
        intact: async () => (await server.database.db.select().from(tasks).where(eq(tasks.id, taskId)))[0]?.assigneeId === null,
      };
    },
    allowed: staff,
  },
];

describe('who may call the staff endpoints', () => {
  const server = useTestApp(STAFF_ENV);
  const identities = {} as Record<Caller, Identity | null>;
  let adminToken = '';

  beforeAll(async () => {
    const people = await signInStaff(server);
    adminToken = people.admin.token;
    Object.assign(identities, {
      'no one': null,
      guest: { guest: newGuestId() },
      user: { token: people.user.token },
      expert: { token: people.expert.token },
      admin: { token: people.admin.token },
    });
  });

  /** What a caller who may not use the route gets: 401 without a sign-in, 403 (with the spec's text) when signed in. */
  const refusal = (caller: Caller, row: Row) => {
    if (caller === 'no one' || caller === 'guest') return { status: 401, code: 'unauthenticated', detail: 'Authentication required' };
    return row.allowed.expert
      ? { status: 403, code: 'expert_required', detail: EXPERT_ACCESS_DENIED }
      : { status: 403, code: 'admin_required', detail: ADMIN_ACCESS_DENIED };
  };

  const callers: Caller[] = ['no one', 'guest', 'user', 'expert', 'admin'];
  it.each(ROWS.map((row) => [`${row.method} ${row.path}`, row] as const))(
    '%s answers each kind of caller as it should',
    async (_name, row) => {
      const seen: Record<string, unknown> = {};
      const expected: Record<string, unknown> = {};
      for (const caller of callers) {
        const request = await row.prepare(server, adminToken);
        const answer = await callJson(server, row.method, request.path, identities[caller], request.body);
        const allowedStatus = row.allowed[caller];
        if (allowedStatus) {
          seen[caller] = answer.status;
          expected[caller] = allowedStatus;
        } else {
          seen[caller] = {
            status: answer.status,
            code: answer.body?.code,
            detail: answer.body?.detail,
            intact: request.intact ? await request.intact() : true,
          };
          expected[caller] = { ...refusal(caller, row), intact: true };
        }
      }
      expect(seen).toEqual(expected);
    },
  );

  it('a bad payload from someone who may not call the route is refused for who they are, not for the payload', async () => {
    const answer = await callJson(server, 'POST', '/api/admin/agents/apikeys', identities.user, { agentId: '' });
    expect(answer).toEqual({ status: 403, body: { code: 'admin_required', detail: ADMIN_ACCESS_DENIED } });
    const anonymous = await callJson(server, 'POST', '/api/admin/users/set-expert', null, 'not json at all');
    expect(anonymous.status).toBe(401);
  });

  it('an admin by role loses access with the token they hold as soon as the role is taken away', async () => {
    const person = await signInPerson(server, 'promoted');
    await server.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, person.user.uid));
    expect((await callJson(server, 'GET', '/api/admin/users', { token: person.token })).status).toBe(200);
    await server.database.db.update(users).set({ role: 'user' }).where(eq(users.id, person.user.uid));
    expect(await callJson(server, 'GET', '/api/admin/users', { token: person.token })).toEqual({
      status: 403,
      body: { code: 'admin_required', detail: ADMIN_ACCESS_DENIED },
    });
  });

  it('an expert whose flag is removed loses the queue at once', async () => {
    const person = await signInPerson(server, 'former');
    const flag = (isExpert: boolean) =>
      callJson(server, 'POST', '/api/admin/users/set-expert', { token: adminToken }, { userId: person.user.uid, isExpert });
    await flag(true);
    expect((await callJson(server, 'GET', '/api/expert/tasks', { token: person.token })).status).toBe(200);
    await flag(false);
    expect((await callJson(server, 'GET', '/api/expert/tasks', { token: person.token })).status).toBe(403);
  });

  it('a token whose account was deleted gets 401 on staff calls (deleting the user ended its sign-in sessions)', async () => {
    const person = await signInPerson(server, 'gone');
    await callJson(server, 'POST', '/api/admin/users/set-expert', { token: adminToken }, { userId: person.user.uid, isExpert: true });
    expect((await callJson(server, 'DELETE', `/api/admin/users/${person.user.uid}`, { token: adminToken })).status).toBe(200);
    expect(await callJson(server, 'GET', '/api/expert/tasks', { token: person.token })).toEqual({
      status: 401,
      body: { code: 'unauthenticated', detail: 'Invalid or expired token' },
    });
  });
});
