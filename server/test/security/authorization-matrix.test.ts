import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { WEB_DIST } from '../../src/paths.ts';
import { databaseKinds } from '../support/databases.ts';
import { fetchOn, identityHeaders, newGuestId, sendMessage, type Identity } from '../support/http.ts';
import { seedTask, type SeededTask } from '../support/seed.ts';
import { ADMIN_EMAIL, signInPerson, STAFF_ENV } from '../support/staff.ts';
import { signIn } from '../support/sign-in.ts';
import { useTestApp } from '../support/test-app.ts';
import { rawRequest } from './raw-http.ts';
import { registeredRoutes } from './registered-routes.ts';
import { SECURITY_SUITE_ENV } from './suite-env.ts';

/*
 * The authorization matrix: every registered route × every kind of caller, with the status
 * each gets today. A route without a row fails the suite, so a new route must say here who may call it
 * (README "Security tests"). Owner-only resources belong to guest A (what guests ask for) and to
 * user A (what users, the admin and nobody ask for): B and the admin are strangers to them.
 */

const CALLERS = ['nobody', 'guestA', 'guestB', 'userA', 'userB', 'admin'] as const;
type CallerName = (typeof CALLERS)[number];
type Expected = Record<CallerName, number>;

/** What the rows may use: the callers, their resources, and ways to make throwaway ones. */
interface Fixtures {
  identity: Record<CallerName, Identity | null>;
  uid: { userA: string; userB: string; admin: string };
  emailA: string;
  guestTask: SeededTask;
  userTask: SeededTask;
  /** Unsigned links (`/api/v2/files/{id}`) to a file in guest A's and in user A's conversation. */
  guestFile: string;
  userFile: string;
  shareToken: string;
  /** A new task in `status` owned by guest A (guest callers) or user A (everyone else). */
  freshTask(caller: CallerName, status?: 'PENDING_ACCEPTANCE' | 'ACCEPTED'): Promise<SeededTask>;
  /** A new access token for a signed-in caller (for calls that end or replace the one they use). */
  freshIdentity(caller: CallerName): Promise<Identity | null>;
  asAdmin(method: string, url: string, body?: unknown): Promise<any>;
  /** An email the server made (waits for the first one): its id and its recipient's unsubscribe id. */
  anEmail(): Promise<{ id: number; unsubscribeId: string }>;
}

/** One call of a row: path (the route's pattern when left out), JSON body, headers or identity replacing the caller's. */
interface Call {
  path?: string;
  body?: unknown;
  headers?: Record<string, string>;
  identity?: Identity | null;
}

interface Row {
  /** `METHOD /registered/:path`, one per route this row covers. */
  routes: string[];
  call: (f: Fixtures, caller: CallerName, pattern: string) => Call | Promise<Call>;
  /** Status per caller, or per caller for each of the row's routes. */
  expect: Expected | ((route: string) => Expected);
  /** Why the statuses are what they are, when it is not obvious. */
  why?: string;
}

const everyone = (status: number): Expected => ({
  nobody: status,
  guestA: status,
  guestB: status,
  userA: status,
  userB: status,
  admin: status,
});
/** Any caller with an identity; nobody gets 401. */
const anyCaller = (status: number): Expected => ({ ...everyone(status), nobody: 401 });
/** Signed-in people only: guests and nobody get 401. */
const signedIn = (status: number): Expected => ({ ...everyone(status), nobody: 401, guestA: 401, guestB: 401 });
/** Admin routes (Bearer only, docs/product.md "Calls"): 401 without a sign-in (a guest header is none), 403 for users. */
const adminOnly = (status = 200): Expected => ({ ...signedIn(403), admin: status });
/** Owner-only resources: the owner (A) gets `status`, other people 404 (no hint that it exists). */
const ownerOnly = (status = 200): Expected => ({ nobody: 401, guestA: status, guestB: 404, userA: status, userB: 404, admin: 404 });

const isGuest = (caller: CallerName) => caller === 'guestA' || caller === 'guestB';
const taskOf = (f: Fixtures, caller: CallerName) => (isGuest(caller) ? f.guestTask : f.userTask);

const ROWS: Row[] = [
  {
    routes: ['GET /api/health', 'GET /api/config', 'GET /api/openapi.json', 'GET /api/auth/providers', 'GET /api/ping'],
    call: () => ({}),
    expect: everyone(200),
  },
  {
    routes: ['GET /api/auth/login/:provider', 'GET /api/login/:provider'],
    call: () => ({}),
    expect: everyone(302),
    why: 'starting a sign-in is for anyone; it redirects to the provider',
  },
  {
    routes: ['GET /api/auth/callback/:provider'],
    call: () => ({ path: '/api/auth/callback/dev?code=x&state=forged' }),
    expect: everyone(302),
    why: 'a forged callback is sent to /login-error',
  },
  { routes: ['POST /api/auth/session'], call: () => ({ body: { code: 'not-a-code' } }), expect: everyone(401) },
  {
    routes: ['POST /api/auth/refresh', 'POST /api/auth/logout'],
    call: async (f, caller) => ({ identity: await f.freshIdentity(caller) }),
    expect: signedIn(200),
  },
  { routes: ['GET /api/test-redirect'], call: () => ({}), expect: everyone(302) },
  { routes: ['GET /api/session'], call: () => ({}), expect: signedIn(200), why: 'debug page: the signed-in caller’s token' },
  { routes: ['GET /api/conversations'], call: () => ({}), expect: anyCaller(200), why: 'debug page: the caller’s own list' },
  {
    routes: [
      'GET /api/conversations/:conversationId/messages',
      'GET /api/v2/conversations/:conversationId/messages',
      'GET /api/v2/conversations/:conversationId/events',
      'GET /api/v2/conversations/:conversationId/task',
    ],
    call: (f, caller, pattern) => ({ path: fill(pattern, taskOf(f, caller).conversationId) }),
    expect: (route) => ({ ...ownerOnly(), ...(route.endsWith('/events') ? { admin: 200 } : {}) }),
    why: 'the tasks are accepted: the expert side (the expert holding the task, admins) follows the event stream too (decision 026)',
  },
  {
    routes: ['POST /api/v2/user/tasks/:id/confirm', 'POST /api/v2/user/tasks/:id/reopen', 'POST /api/v2/user/tasks/:id/rating'],
    call: async (f, _caller, pattern) => {
      const task = await f.freshTask('userA', 'ACCEPTED');
      await f.asAdmin('POST', `/api/expert/tasks/${task.taskId}/take`);
      await f.asAdmin('POST', `/api/expert/tasks/${task.taskId}/done`);
      return { path: fill(pattern, task.taskId), body: { score: 5, comment: 'matrix' } };
    },
    expect: { nobody: 401, guestA: 401, guestB: 401, userA: 200, userB: 404, admin: 404 },
    why: 'the customer (user A) answers their own done work; nobody else learns the task exists',
  },
  {
    routes: ['POST /api/v2/messages'],
    call: (f, caller) => ({ body: { content: 'matrix', recipientId: 'agent-1', conversationId: taskOf(f, caller).conversationId } }),
    expect: ownerOnly(),
  },
  {
    routes: ['POST /api/v2/proposals/:messageId/accept', 'POST /api/v2/proposals/:messageId/modify'],
    call: async (f, caller, pattern) => ({ path: fill(pattern, (await f.freshTask(caller)).proposalMessageId) }),
    expect: { ...ownerOnly(), guestA: 401, guestB: 401 },
    why: 'accepting or changing a proposal needs a sign-in (docs/product.md "Screens")',
  },
  {
    routes: ['GET /api/v2/files/:fileId'],
    call: (f, caller) => ({ path: isGuest(caller) ? f.guestFile : f.userFile }),
    expect: { ...ownerOnly(), nobody: 403 },
    why: 'without a signed link only the uploader and the conversation’s owner get a file (a signed link is the key: server/test/files)',
  },
  {
    routes: ['POST /code-sharing/api/files/upload'],
    call: (f, caller) => ({
      body: { fileName: 'matrix.txt', content: 'data:text/plain;base64,bWF0cml4', conversationId: taskOf(f, caller).conversationId },
    }),
    expect: ownerOnly(),
    why: 'an upload into a conversation is for its owner (docs/product.md "Calls")',
  },
  {
    routes: ['POST /mcp', 'POST /mcp_tools/messages', 'POST /mcp_tools/messages/'],
    call: () => ({ body: { jsonrpc: '2.0', id: 1, method: 'tools/list' }, headers: { accept: 'application/json, text/event-stream' } }),
    expect: everyone(401),
    why: 'the MCP transports are for agents with an x-agent-key (server/test/external-agents); a person’s token or guest id is none',
  },
  {
    routes: ['GET /mcp_tools/sse'],
    call: () => ({ headers: { accept: 'text/event-stream' } }),
    expect: everyone(401),
    why: 'as above: opening an MCP session needs an agent key',
  },
  {
    routes: ['GET /mcp', 'DELETE /mcp'],
    call: () => ({ headers: { accept: 'text/event-stream' } }),
    expect: everyone(405),
    why: 'the Streamable HTTP transport is stateless: no stream to open or session to end, for anyone',
  },
  {
    routes: ['POST /api/v2/user/update-guest-associations'],
    call: () => ({ headers: { 'x-guest-session-id': newGuestId() } }),
    expect: signedIn(200),
    why: 'a signed-in person takes over a guest session they name',
  },
  {
    routes: ['GET /api/v2/conversations'],
    call: () => ({}),
    expect: anyCaller(200),
    why: 'the messages page: the caller’s own conversations',
  },
  {
    routes: ['GET /api/v1/users/profile', 'GET /api/v2/user/tasks'],
    call: () => ({}),
    expect: signedIn(200),
    why: 'the signed-in area: the caller’s own profile and tasks',
  },
  {
    routes: ['PUT /api/v1/users/profile'],
    call: (f) => ({ body: { id: f.uid.userA, name: 'Matrix A', email: f.emailA } }),
    expect: { ...signedIn(403), userA: 200 },
    why: 'everyone tries to change user A’s profile by its id: only A may',
  },
  {
    routes: ['GET /api/v2/tasks', 'GET /api/admin/users', 'GET /api/admin/access-requests', 'GET /api/admin/audit-log'],
    call: () => ({}),
    expect: adminOnly(),
  },
  { routes: ['GET /api/admin/agents/apikeys'], call: () => ({}), expect: adminOnly() },
  {
    routes: ['POST /api/admin/agents/apikeys'],
    call: () => ({ body: { agentId: 'agent-1', agentName: 'Matrix agent', rotate: true } }),
    expect: adminOnly(201),
  },
  {
    routes: ['DELETE /api/admin/agents/apikeys/:id'],
    call: async (f, _caller, pattern) => {
      const key = await f.asAdmin('POST', '/api/admin/agents/apikeys', {
        agentId: 'agent-1',
        agentName: 'Gone',
        rotate: true,
      });
      return { path: fill(pattern, key.id) };
    },
    expect: adminOnly(),
  },
  { routes: ['POST /api/admin/users/set-expert'], call: (f) => ({ body: { userId: f.uid.userB, isExpert: false } }), expect: adminOnly() },
  {
    routes: ['DELETE /api/admin/users/:id'],
    call: async (f, caller, pattern) => ({
      path: fill(pattern, (await f.freshTask(caller === 'admin' ? 'guestA' : caller)).ownerPublicId),
    }),
    expect: adminOnly(),
    why: 'the admin deletes a throwaway guest, by the participant id the admin area shows',
  },
  {
    routes: ['POST /api/admin/users/:id/refresh-:provider-data'],
    call: (f) => ({ path: `/api/admin/users/${f.uid.userA}/refresh-dev-data` }),
    expect: adminOnly(),
  },
  {
    routes: ['GET /api/admin/users/:id/conversations'],
    call: (f) => ({ path: `/api/admin/users/${f.uid.userA}/conversations` }),
    expect: adminOnly(),
  },
  {
    routes: ['GET /api/admin/conversations/:id/messages'],
    call: (f) => ({ path: `/api/admin/conversations/${f.userTask.conversationId}/messages` }),
    expect: adminOnly(),
  },
  {
    routes: ['DELETE /api/admin/conversations/:id'],
    call: async (f) => ({ path: `/api/admin/conversations/${(await f.freshTask('userA')).conversationId}` }),
    expect: adminOnly(),
  },
  {
    routes: ['DELETE /api/admin/tasks/:id'],
    call: async (f, _caller, pattern) => ({ path: fill(pattern, (await f.freshTask('userA')).taskId) }),
    expect: adminOnly(),
  },
  {
    routes: ['PATCH /api/admin/tasks/:id'],
    call: (f, _caller, pattern) => ({ path: fill(pattern, f.userTask.taskId), body: { adminNotes: 'matrix' } }),
    expect: adminOnly(),
  },
  {
    routes: ['POST /api/admin/tasks/:id/share'],
    call: (f) => ({ path: `/api/admin/tasks/${f.userTask.taskId}/share`, body: {} }),
    expect: adminOnly(201),
  },
  {
    routes: ['GET /api/admin/tasks/:id/shares'],
    call: (f) => ({ path: `/api/admin/tasks/${f.userTask.taskId}/shares` }),
    expect: adminOnly(),
  },
  {
    routes: ['DELETE /api/admin/shares/:id'],
    call: async (f, _caller, pattern) => ({
      path: fill(pattern, (await f.asAdmin('POST', `/api/admin/tasks/${f.userTask.taskId}/share`, {})).id),
    }),
    expect: adminOnly(),
  },
  {
    routes: ['POST /api/admin/access-requests/:id/approve', 'POST /api/admin/access-requests/:id/decline'],
    call: async (f, _caller, pattern) => {
      const { token } = await f.asAdmin('POST', `/api/admin/tasks/${f.userTask.taskId}/share`, {});
      await f.asAdmin('POST', `/api/task-share/${token}/request-access`, {
        name: 'Reader',
        email: 'reader@example.com',
        message: 'May I?',
      });
      const {
        access_requests: [newest],
      } = await f.asAdmin('GET', `/api/admin/access-requests?task_id=${f.userTask.taskId}`);
      return { path: fill(pattern, newest.id), body: {} };
    },
    expect: adminOnly(),
    why: 'each caller answers a new request: one is answered once',
  },
  {
    routes: ['GET /api/task-share/:shareToken'],
    call: (f, _caller, pattern) => ({ path: fill(pattern, f.shareToken) }),
    expect: everyone(200),
    why: 'the share link is the key (docs/product.md "Screens" "Public share page")',
  },
  {
    routes: ['POST /api/task-share/:shareToken/request-access'],
    call: (f) => ({
      path: `/api/task-share/${f.shareToken}/request-access`,
      body: { name: 'Reader', email: 'reader@example.com', message: 'May I?' },
    }),
    expect: everyone(200),
  },
  {
    routes: ['GET /api/task-share/:shareToken/files/:index'],
    call: (f) => ({ path: `/api/task-share/${f.shareToken}/files/0` }),
    expect: everyone(200),
  },
  {
    routes: ['GET /api/expert/tasks'],
    call: () => ({}),
    expect: adminOnly(),
    why: 'experts and admins (the expert role is covered by server/test/expert)',
  },
  {
    routes: ['GET /api/expert/tasks/:id/messages', 'POST /api/expert/tasks/:id/take'],
    call: async (f, _caller, pattern) => ({ path: fill(pattern, (await f.freshTask('userA', 'ACCEPTED')).taskId) }),
    expect: adminOnly(),
  },
  {
    routes: ['POST /api/expert/tasks/:id/messages', 'POST /api/expert/tasks/:id/done', 'POST /api/expert/tasks/:id/status'],
    call: async (f, _caller, pattern) => {
      const task = await f.freshTask('userA', 'ACCEPTED');
      await f.asAdmin('POST', `/api/expert/tasks/${task.taskId}/take`);
      return { path: fill(pattern, task.taskId), body: { content: 'On it', status: 'WAITING_ON_CUSTOMER' } };
    },
    expect: (route) => adminOnly(route.endsWith('/messages') ? 201 : 200),
  },
  {
    routes: ['GET /api/expert/tasks/:id'],
    call: async (f, _caller, pattern) => ({ path: fill(pattern, (await f.freshTask('userA', 'ACCEPTED')).taskId) }),
    expect: adminOnly(),
    why: 'experts and admins read the brief (only the holder and admins get the conversation: server/test/expert)',
  },
  {
    routes: ['POST /api/expert/tasks/:id/repository/credentials'],
    call: async (f, _caller, pattern) => ({ path: fill(pattern, (await f.freshTask('userA', 'ACCEPTED')).taskId) }),
    expect: adminOnly(404),
    why: 'the admin may, but this task has no repository yet (the holder’s credentials: server/test/expert)',
  },
  {
    routes: ['POST /api/admin/tasks/:id/assign'],
    call: async (f, _caller, pattern) => ({
      path: fill(pattern, (await f.freshTask('userA', 'ACCEPTED')).taskId),
      body: { expertId: f.uid.admin },
    }),
    expect: adminOnly(),
  },
  { routes: ['GET /api/admin/ratings'], call: () => ({}), expect: adminOnly() },
  { routes: ['GET /api/auth/me'], call: () => ({}), expect: signedIn(200), why: 'the caller’s own claims as the database says now' },
  {
    routes: ['GET /oidc/interaction/:uid', 'POST /oidc/interaction/:uid/login', 'POST /oidc/interaction/:uid/abort'],
    call: (_f, _caller, pattern) => ({ path: fill(pattern, 'unknown-interaction') }),
    expect: everyone(400),
    why: 'the embedded provider (development): an unknown interaction is refused alike for everyone',
  },
  {
    routes: ['GET /oidc', 'POST /oidc', 'PUT /oidc', 'PATCH /oidc', 'DELETE /oidc', 'OPTIONS /oidc', 'TRACE /oidc', 'QUERY /oidc'],
    call: () => ({ path: '/oidc' }),
    expect: (route) => everyone(route.startsWith('QUERY') ? 400 : 404),
    why: 'the provider answers nothing at its root; a QUERY without a body type is refused by Fastify first',
  },
  {
    routes: [
      'GET /oidc/*',
      'POST /oidc/*',
      'PUT /oidc/*',
      'PATCH /oidc/*',
      'DELETE /oidc/*',
      'OPTIONS /oidc/*',
      'TRACE /oidc/*',
      'QUERY /oidc/*',
    ],
    call: () => ({ path: '/oidc/.well-known/openid-configuration' }),
    expect: (route) => everyone(route.startsWith('GET') ? 200 : route.startsWith('QUERY') ? 400 : 404),
    why: 'the provider’s public discovery document is GET only; other methods find nothing',
  },
  {
    routes: ['POST /api/messages'],
    call: () => ({ body: { recipientId: 'agent-1', content: 'Matrix job', metadata: { jobTitle: 'Matrix job' } } }),
    expect: signedIn(201),
    why: 'job submission by a signed-in person (agents use x-agent-key, covered by server/test/external-agents)',
  },
  {
    routes: ['POST /code-sharing/api/test/repos'],
    call: (f, caller) => ({ body: { conversationId: taskOf(f, caller).conversationId } }),
    expect: { ...signedIn(200), userB: 404 },
    why: 'a repository for the caller’s own task: its owner or an admin; repositories come with signing in, so guests get 401',
  },
  {
    routes: ['GET /code-sharing/git/:repository/*', 'POST /code-sharing/git/:repository/*'],
    call: async (f, caller, pattern) => {
      // User A's task's repository for A's side of the table, an unknown name for the others.
      const name = ['nobody', 'guestA', 'userA'].includes(caller)
        ? ((await f.asAdmin('POST', '/code-sharing/api/test/repos', { taskId: f.userTask.taskId })).repoName as string)
        : 'unstuck-unknown-12345678';
      return { path: `${fill(pattern, `${name}.git`)}info/refs`.replace('*', '') };
    },
    expect: everyone(401),
    why: 'git smart HTTP takes only HTTP Basic (the repository’s password, or an admin’s token as the password): without it one and the same 401 for an existing repository and an unknown one, so names cannot be probed',
  },
  { routes: ['GET /api/admin/outbox'], call: () => ({}), expect: adminOnly() },
  {
    routes: ['GET /api/admin/outbox/:id'],
    call: async (f, _caller, pattern) => ({ path: fill(pattern, String((await f.anEmail()).id)) }),
    expect: adminOnly(),
    why: 'one of the admin’s emails (the access requests above caused them)',
  },
  {
    routes: ['GET /unsubscribe/:unsubscribeId', 'POST /unsubscribe/:unsubscribeId'],
    call: async (f, _caller, pattern) => ({ path: fill(pattern, (await f.anEmail()).unsubscribeId) }),
    expect: everyone(200),
    why: 'one-click unsubscribe (RFC 8058) needs no sign-in: the random id in the email is the key, and it only turns emails off',
  },
  {
    routes: ['POST /api/email/inbound'],
    call: () => ({ body: { raw: 'not an email' } }),
    expect: everyone(401),
    why: 'a mail relay’s call: only HTTP Basic with INBOUND_EMAIL_PASSWORD opens it (none is set here), whoever the caller is',
  },
  {
    routes: ['POST /api/v2/tasks/:id/checkout'],
    call: (f, caller, pattern) => ({ path: fill(pattern, taskOf(f, caller).taskId), body: { kind: 'deposit' } }),
    expect: { nobody: 401, guestA: 401, guestB: 401, userA: 404, userB: 404, admin: 404 },
    why: 'signed-in customers pay for their own tasks; payments are off here (docs/decisions/093-payments.md), so even the owner learns of nothing to pay',
  },
  {
    routes: ['GET /api/admin/tasks/:id/payment'],
    call: (f, _caller, pattern) => ({ path: fill(pattern, f.userTask.taskId) }),
    expect: adminOnly(),
    why: 'the ledger is the admin task card’s (empty: payments are off here)',
  },
  {
    routes: ['POST /api/admin/tasks/:id/payment'],
    call: (f, _caller, pattern) => ({ path: fill(pattern, f.userTask.taskId), body: { action: 'waived' } }),
    expect: adminOnly(404),
    why: 'the admin task card’s payment actions; the task has no payment plan while payments are off',
  },
  {
    routes: ['POST /api/payments/stripe/webhook'],
    call: () => ({ body: { id: 'evt_matrix', type: 'checkout.session.completed' }, headers: { 'stripe-signature': 't=1,v1=forged' } }),
    expect: everyone(404),
    why: 'Stripe’s call, opened only by a signature under STRIPE_WEBHOOK_SECRET with PAYMENTS_PROVIDER=stripe (off here), whoever the caller is',
  },
  // Last: it deletes guest A's data, which the rows above use.
  { routes: ['DELETE /api/admin/guests/delete-all'], call: () => ({}), expect: adminOnly() },
];

/** A route pattern with its parameters filled in order (`:provider` defaults to the development provider). */
function fill(pattern: string, ...values: string[]): string {
  return pattern.replace(/:[A-Za-z]+/g, (name) => (values.length > 0 ? values.shift()! : name === ':provider' ? 'dev' : name));
}

/** Routes the web app's static files add when it is built: public by design. */
const isStaticFile = (route: { method: string; path: string }) =>
  route.method === 'GET' && (route.path === '/' || existsSync(path.join(WEB_DIST, route.path)));

describe.each(databaseKinds)('authorization matrix on %s: every route × nobody, guest A, guest B, user A, user B, admin', (kind) => {
  // Through app.inject: the subject is who may call what, not the network.
  // Started: the embedded provider's /oidc routes answer, and the email workers fill the outbox rows use.
  const server = useTestApp(
    { ...SECURITY_SUITE_ENV, AGENT_WORKER: 'false', ADMIN_EMAILS: STAFF_ENV.ADMIN_EMAILS },
    { kind, started: true },
  );
  let fixtures: Fixtures;

  beforeAll(async () => {
    const admin = await signIn(server, { email: ADMIN_EMAIL, name: 'Alice Admin' });
    const userA = await signInPerson(server, 'user');
    const userB = await signInPerson(server, 'user');
    const guestTask = await seedTask(server.database.db, { status: 'ACCEPTED' });
    const userTask = await seedTask(server.database.db, { ownerId: userA.user.uid, status: 'ACCEPTED' });
    const identity: Fixtures['identity'] = {
      nobody: null,
      guestA: { guest: guestTask.ownerId },
      guestB: { guest: newGuestId() },
      userA: { token: userA.token },
      userB: { token: userB.token },
      admin: { token: admin.token },
    };
    const upload = async (who: Identity, conversationId: string) => {
      const sent = await sendMessage(
        server,
        who,
        { content: 'with a file', conversationId },
        { name: 'notes.txt', type: 'text/plain', data: new TextEncoder().encode('notes') },
      );
      expect(sent.status).toBe(200);
      return new URL(sent.body.attachment_url, 'http://localhost').pathname;
    };
    // Through the upload endpoint: a chat message would spend one of guest A's few messages (docs/product.md "Validation").
    const uploadInto = async (who: Identity, conversationId: string) => {
      const response = await fetchOn(server, '/code-sharing/api/files/upload', {
        method: 'POST',
        headers: { ...identityHeaders(who), 'content-type': 'application/json' },
        body: JSON.stringify({ fileName: 'notes.txt', content: 'data:text/plain;base64,bm90ZXM=', conversationId }),
      });
      expect(response.status).toBe(200);
      return new URL(((await response.json()) as { url: string }).url, 'http://localhost').pathname;
    };
    const asAdmin = async (method: string, url: string, body?: unknown): Promise<any> => {
      const response = await fetchOn(server, url, {
        method,
        headers: { ...identityHeaders(identity.admin), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${url} as admin: ${response.status} ${await response.text()}`);
      return response.json();
    };
    const claims = { userA: userA.user, userB: userB.user, admin: admin.user };
    fixtures = {
      identity,
      uid: { userA: userA.user.uid, userB: userB.user.uid, admin: admin.user.uid },
      emailA: userA.user.email!,
      guestTask,
      userTask,
      guestFile: await uploadInto(identity.guestA!, guestTask.conversationId),
      userFile: await upload(identity.userA!, userTask.conversationId),
      shareToken: (await asAdmin('POST', `/api/admin/tasks/${userTask.taskId}/share`, {})).share_token,
      freshTask: (caller, status = 'PENDING_ACCEPTANCE') =>
        seedTask(server.database.db, { status, ...(isGuest(caller) ? {} : { ownerId: userA.user.uid }) }),
      async freshIdentity(caller) {
        if (caller === 'nobody' || isGuest(caller)) return identity[caller];
        // A second sign-in of the same person: a new session and token for them.
        const { token } = await signIn(server, { email: claims[caller].email! });
        return { token };
      },
      asAdmin,
      async anEmail() {
        const deadline = Date.now() + 30_000;
        while (Date.now() < deadline) {
          const [entry] = (await asAdmin('GET', '/api/admin/outbox?limit=1')).emails;
          if (entry) {
            const email = await asAdmin('GET', `/api/admin/outbox/${entry.id}`);
            return { id: entry.id, unsubscribeId: /\/unsubscribe\/([^>]+)>$/.exec(email.headers['List-Unsubscribe'])![1]! };
          }
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        throw new Error('the server made no email');
      },
    };
  }, 180_000);

  it('has a row for every registered route, and no row for a route that is gone', () => {
    const covered = ROWS.flatMap((row) => row.routes).map((route) => {
      const [method, url] = route.split(' ') as [string, string];
      return { route, method, url };
    });
    // The printed tree loses the path before a wildcard (`/a/:b/*` prints as `/*`): such an entry is
    // matched by a wildcard row of the same method that the router confirms.
    const wildcardMethods = new Set(covered.filter((row) => row.url.endsWith('*')).map((row) => row.method));
    const missing = registeredRoutes(server.app)
      .filter((route) => !isStaticFile(route))
      .filter((route) => !covered.some((row) => row.method === route.method && row.url === route.path))
      .filter(
        (route) =>
          !(
            route.path.endsWith('*') &&
            !server.app.hasRoute({ method: route.method, url: route.path }) &&
            wildcardMethods.has(route.method)
          ),
      );
    expect(
      missing.map((route) => `${route.method} ${route.path}`),
      'routes without a row in the authorization matrix',
    ).toEqual([]);
    const gone = covered.filter((row) => !server.app.hasRoute({ method: row.method, url: row.url }));
    expect(
      gone.map((row) => row.route),
      'rows for routes that are not registered',
    ).toEqual([]);
    expect(new Set(covered.map((row) => row.route)).size, 'a route with two rows').toBe(covered.length);
  });

  it('answers each caller of each route with the expected status', async () => {
    const wrong: string[] = [];
    let calls = 0;
    for (const row of ROWS) {
      for (const route of row.routes) {
        for (const caller of CALLERS) {
          const [method, pattern] = route.split(' ') as [string, string];
          const call = await row.call(fixtures, caller, pattern);
          const who = 'identity' in call ? call.identity! : fixtures.identity[caller];
          const response = await rawRequest(server, call.path ?? fill(pattern), {
            method,
            headers: {
              ...identityHeaders(who),
              ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
              ...call.headers,
            },
            body: call.body === undefined ? undefined : JSON.stringify(call.body),
          });
          calls += 1;
          const expected = (typeof row.expect === 'function' ? row.expect(route) : row.expect)[caller];
          if (response.status !== expected) {
            wrong.push(`${route} as ${caller}: ${response.status} (expected ${expected}) ${response.text.slice(0, 160)}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(calls).toBe(ROWS.reduce((sum, row) => sum + row.routes.length, 0) * CALLERS.length);
    // Several hundred calls, some of which first make a task and take and finish it.
  }, 180_000);
});
