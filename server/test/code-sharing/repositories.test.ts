import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPOSITORY_FAILED_TEXT, type SessionResponse } from '@unstuck/contract';
import { settledCodeAnalysis } from '../support/code-analysis.ts';
import { databaseKinds } from '../support/databases.ts';
import { git, makeProject, tryGit } from '../support/git.ts';
import { callJson, newGuestId } from '../support/http.ts';
import { seedTask } from '../support/seed.ts';
import { signInExpert, signInPerson, signInStaff, STAFF_ENV } from '../support/staff.ts';
import { useTestServer } from '../support/test-server.ts';
import { SMALL_PROJECT_ANALYSIS } from '../support/zip.ts';

const REPOS = '/code-sharing/api/test/repos';

describe.each(databaseKinds)('local repositories on %s', (kind) => {
  const server = useTestServer(kind, { ...STAFF_ENV, AGENT_WORKER: 'false' });
  const folders: string[] = [];
  afterAll(async () => {
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  const adminTask = async (adminToken: string, taskId: string) => {
    const answer = await callJson(server.url, 'GET', '/api/v2/tasks', { token: adminToken });
    return (answer.body as Array<{ id: string }>).find((task) => task.id === taskId) as Record<string, unknown> | undefined;
  };

  it('the owner gets a repository, the exact commands to push to it, and the task records it', async () => {
    const owner = await signInPerson(server, 'owner');
    const { admin } = await signInStaff(server);
    const seeded = await seedTask(server.database.db, { ownerId: owner.user.uid, title: 'Checkout crash' });
    const answer = await callJson(
      server.url,
      'POST',
      REPOS,
      { token: owner.token },
      { conversationId: seeded.conversationId, description: 'My shop', userEmail: owner.user.email },
    );
    expect(answer.status).toBe(200);
    const name = `unstuck-checkout-crash-${seeded.taskId.slice(0, 8)}`;
    expect(answer.body).toMatchObject({ repoName: name, repoUrl: `${server.url}/code-sharing/git/${name}.git`, host: 'local' });
    expect(answer.body.git.commands).toEqual([`git remote add unstuck ${answer.body.git.remoteUrl}`, 'git push -u unstuck HEAD:main']);
    expect(answer.body.git.remoteUrl).toBe(answer.body.repoUrl.replace('http://', `http://git:${answer.body.git.password}@`));
    expect(await adminTask(admin.token, seeded.taskId)).toMatchObject({
      github_repository: { url: answer.body.repoUrl, name, created_at: expect.any(String) },
      code_analysis: null,
      code_analysis_state: null,
      code_analysis_failure: null,
    });
  });

  it('a real git push over HTTP reaches the repository, and the task then shows its code analysis', async () => {
    const owner = await signInPerson(server, 'pusher');
    const { admin } = await signInStaff(server);
    const seeded = await seedTask(server.database.db, { ownerId: owner.user.uid });
    const answer = await callJson(
      server.url,
      'POST',
      REPOS,
      { token: owner.token },
      { taskId: seeded.taskId, description: '', userEmail: '' },
    );
    const project = await makeProject();
    folders.push(project);
    for (const command of answer.body.git.commands as string[]) {
      const [, ...args] = command.split(' ');
      await git(project, ...args);
    }
    await settledCodeAnalysis(server.database.db, { taskId: seeded.taskId });
    expect(await adminTask(admin.token, seeded.taskId)).toMatchObject({
      code_analysis: SMALL_PROJECT_ANALYSIS,
      code_analysis_state: 'ready',
    });

    // An admin clones with their own access token; the pushed commit is there.
    const clone = await mkdtemp(path.join(os.tmpdir(), 'unstuck-clone-'));
    folders.push(clone);
    const adminUrl = new URL(answer.body.repoUrl as string);
    adminUrl.username = 'admin';
    adminUrl.password = admin.token;
    await git(clone, 'clone', '--quiet', adminUrl.toString(), 'copy');
    const { stdout } = await git(path.join(clone, 'copy'), 'log', '--format=%s');
    expect(stdout.trim()).toBe('First version');
  });

  it('wrong or missing credentials get 401 with a Basic challenge, and git is refused', async () => {
    const owner = await signInPerson(server, 'locked');
    const seeded = await seedTask(server.database.db, { ownerId: owner.user.uid });
    const answer = await callJson(server.url, 'POST', REPOS, { token: owner.token }, { taskId: seeded.taskId });
    const refs = `${answer.body.repoUrl}/info/refs?service=git-receive-pack`;
    const anonymous = await fetch(refs);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
    const wrong = await fetch(refs, { headers: { authorization: `Basic ${Buffer.from('git:not-the-password').toString('base64')}` } });
    expect(wrong.status).toBe(401);
    // Another signed-in person's own token is no key either: only the owner's password and admins open it.
    const other = await signInPerson(server, 'other');
    const foreign = await fetch(refs, { headers: { authorization: `Basic ${Buffer.from(`git:${other.token}`).toString('base64')}` } });
    expect(foreign.status).toBe(401);
    const right = await fetch(refs, {
      headers: { authorization: `Basic ${Buffer.from(`git:${answer.body.git.password}`).toString('base64')}` },
    });
    expect(right.status).toBe(200);
    expect(right.headers.get('content-type')).toBe('application/x-git-receive-pack-advertisement');

    const project = await makeProject();
    folders.push(project);
    const badRemote = new URL(answer.body.repoUrl as string);
    badRemote.username = 'git';
    badRemote.password = 'wrong';
    await expect(git(project, 'push', badRemote.toString(), 'HEAD:main')).rejects.toThrow(/Authentication failed|401/);
  });

  it('asking again answers the same repository with new credentials; the old ones stop working', async () => {
    const owner = await signInPerson(server, 'again');
    const seeded = await seedTask(server.database.db, { ownerId: owner.user.uid });
    const first = await callJson(server.url, 'POST', REPOS, { token: owner.token }, { taskId: seeded.taskId });
    const second = await callJson(server.url, 'POST', REPOS, { token: owner.token }, { taskId: seeded.taskId });
    expect(second.body.repoUrl).toBe(first.body.repoUrl);
    expect(second.body.git.password).not.toBe(first.body.git.password);
    const refs = `${first.body.repoUrl}/info/refs?service=git-upload-pack`;
    const basic = (password: string) => ({ authorization: `Basic ${Buffer.from(`git:${password}`).toString('base64')}` });
    expect((await fetch(refs, { headers: basic(first.body.git.password) })).status).toBe(401);
    expect((await fetch(refs, { headers: basic(second.body.git.password) })).status).toBe(200);
  });

  // Who holds a task (server/test/expert/task-access.test.ts) gets its repository's push credentials.
  it('gives a task’s repository push credentials to the expert holding it and admins only, and they push', async () => {
    const people = await signInStaff(server);
    const customer = await signInPerson(server, 'customer');
    const second = await signInExpert(server, people.admin, 'second-expert');
    const as = (who: SessionResponse, method: 'POST', path: string, body?: unknown) =>
      callJson(server.url, method, path, { token: who.token }, body);
    const task = await seedTask(server.database.db, { ownerId: customer.user.uid, status: 'ACCEPTED' });
    const credentials = (who: SessionResponse | null) =>
      callJson(server.url, 'POST', `/api/expert/tasks/${task.taskId}/repository/credentials`, who && { token: who.token });
    await as(people.expert, 'POST', `/api/expert/tasks/${task.taskId}/take`);
    // No repository yet.
    expect((await credentials(people.expert)).status).toBe(404);
    expect((await as(customer, 'POST', '/code-sharing/api/test/repos', { taskId: task.taskId })).status).toBe(200);

    expect((await credentials(null)).status).toBe(401);
    expect((await credentials(customer)).status).toBe(403);
    expect((await credentials(people.user)).status).toBe(403);
    expect((await credentials(second)).status).toBe(403);
    const byAdmin = await credentials(people.admin);
    expect(byAdmin).toMatchObject({ status: 200, body: { host: 'local', git: { username: 'git', password: expect.any(String) } } });

    const answer = await credentials(people.expert);
    expect(answer.status).toBe(200);
    const project = await makeProject();
    folders.push(project);
    expect(await tryGit(project, 'push', answer.body.git.remoteUrl, 'HEAD:main')).toMatchObject({ ok: true });
    const { stdout } = await git(project, 'ls-remote', answer.body.git.remoteUrl, 'main');
    expect(stdout).toMatch(/refs\/heads\/main/);
    // Asking again gives a new password: the admin's, asked before, no longer pushes.
    expect(await tryGit(project, 'push', byAdmin.body.git.remoteUrl, 'HEAD:other')).toMatchObject({ ok: false });
  });

  it("only the task's owner and admins may create its repository", async () => {
    const owner = await signInPerson(server, 'owner');
    const stranger = await signInPerson(server, 'stranger');
    const { admin } = await signInStaff(server);
    const seeded = await seedTask(server.database.db, { ownerId: owner.user.uid });
    expect((await callJson(server.url, 'POST', REPOS, null, { taskId: seeded.taskId })).status).toBe(401);
    expect(await callJson(server.url, 'POST', REPOS, { token: stranger.token }, { taskId: seeded.taskId })).toEqual({
      status: 404,
      body: { code: 'not_found', detail: 'Task not found' },
    });
    expect((await callJson(server.url, 'POST', REPOS, { guest: newGuestId() }, { taskId: seeded.taskId })).status).toBe(401);
    expect((await callJson(server.url, 'POST', REPOS, { token: owner.token }, { taskId: 'not-a-task' })).status).toBe(404);
    expect(await callJson(server.url, 'POST', REPOS, { token: owner.token }, { description: 'x' })).toMatchObject({ status: 400 });
    const byAdmin = await callJson(server.url, 'POST', REPOS, { token: admin.token }, { taskId: seeded.taskId });
    expect(byAdmin.status).toBe(200);
  });

  it('a guest cannot create a repository, not even for their own task: repositories come with signing in', async () => {
    const guestTask = await seedTask(server.database.db);
    expect(await callJson(server.url, 'POST', REPOS, { guest: guestTask.ownerId }, { taskId: guestTask.taskId })).toEqual({
      status: 401,
      body: { code: 'unauthenticated', detail: 'Authentication required' },
    });
    expect(await readdir(path.join(server.dataDir, 'repositories')).catch(() => [])).not.toContainEqual(
      expect.stringContaining(guestTask.taskId.slice(0, 8)),
    );
  });
});

/** The few GitHub REST endpoints the server calls, as GitHub answers them; records each request. */
async function startFakeGitHub() {
  const state = { failCreate: false, calls: [] as Array<{ method: string; url: string; authorization: string | undefined; body: any }> };
  const readBody = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    return text ? JSON.parse(text) : null;
  };
  const server: Server = createServer((request, response) => {
    void readBody(request).then((body) => {
      state.calls.push({ method: request.method ?? '', url: request.url ?? '', authorization: request.headers.authorization, body });
      const send = (status: number, payload: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
        response.end(JSON.stringify(payload));
      };
      if (request.method === 'GET' && request.url === '/users/acme') return send(200, { login: 'acme', id: 1, type: 'Organization' });
      if (request.method === 'POST' && request.url === '/orgs/acme/repos') {
        if (state.failCreate)
          return send(422, { message: 'Repository creation failed.', errors: [{ message: 'name already exists on this account' }] });
        const name = (body as { name: string }).name;
        return send(201, { id: 2, name, full_name: `acme/${name}`, private: true, html_url: `https://github.example/acme/${name}` });
      }
      if (request.method === 'POST' && request.url === '/orgs/acme/invitations')
        return send(201, { id: 3, email: (body as { email: string }).email });
      return send(404, { message: 'Not Found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { state, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('GitHub repositories', async () => {
  const github = await startFakeGitHub();
  afterAll(() => new Promise((resolve) => github.server.close(resolve)));
  const server = useTestServer('pglite', {
    ...STAFF_ENV,
    AGENT_WORKER: 'false',
    GITHUB_TOKEN: 'ghp_test',
    GITHUB_OWNER: 'acme',
    GITHUB_API_URL: github.url,
  });

  it('creates a private repository in the organization and invites the owner by email', async () => {
    github.state.calls.length = 0;
    const owner = await signInPerson(server, 'octo');
    const seeded = await seedTask(server.database.db, { ownerId: owner.user.uid, title: 'Login bug' });
    const answer = await callJson(
      server.url,
      'POST',
      REPOS,
      { token: owner.token },
      { taskId: seeded.taskId, description: 'Rails app', userEmail: 'ignored@example.com' },
    );
    const name = `unstuck-login-bug-${seeded.taskId.slice(0, 8)}`;
    expect(answer).toEqual({
      status: 200,
      body: { repoUrl: `https://github.example/acme/${name}`, repoName: `acme/${name}`, host: 'github' },
    });
    expect(github.state.calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /users/acme',
      'POST /orgs/acme/repos',
      'POST /orgs/acme/invitations',
    ]);
    expect(github.state.calls.every((call) => call.authorization === 'token ghp_test')).toBe(true);
    expect(github.state.calls[1]?.body).toMatchObject({ name, private: true, description: 'Rails app' });
    // The invitation goes to the task owner's address, not to whatever the request said.
    expect(github.state.calls[2]?.body).toEqual({ email: owner.user.email, role: 'direct_member' });
  });

  it("GitHub's refusal answers 502 with the spec's text and records nothing", async () => {
    github.state.failCreate = true;
    try {
      const owner = await signInPerson(server, 'octo');
      const seeded = await seedTask(server.database.db, { ownerId: owner.user.uid });
      const answer = await callJson(server.url, 'POST', REPOS, { token: owner.token }, { taskId: seeded.taskId });
      expect(answer).toEqual({ status: 502, body: { code: 'upstream_failed', detail: REPOSITORY_FAILED_TEXT } });
      const { admin } = await signInStaff(server);
      const tasks = await callJson(server.url, 'GET', '/api/v2/tasks', { token: admin.token });
      expect(
        (tasks.body as Array<{ id: string; github_repository: unknown }>).find((task) => task.id === seeded.taskId)?.github_repository,
      ).toBeNull();
    } finally {
      github.state.failCreate = false;
    }
  });
});
