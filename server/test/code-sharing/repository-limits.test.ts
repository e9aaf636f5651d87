import { rm } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.ts';
import { callJson, identityHeaders } from '../support/http.ts';
import { commitRandomFile, git, makeProject, tryGit } from '../support/git.ts';
import { seedTask } from '../support/seed.ts';
import { signInPerson, signInStaff, STAFF_ENV } from '../support/staff.ts';
import { useTestServer, type TestServer } from '../support/test-server.ts';

const REPOS = '/code-sharing/api/test/repos';
// These suites test git over HTTP, not the database: PostgreSQL when there is one (it starts faster), else PGlite.
const KIND = databaseKinds.at(-1)!;
const MIB = 1024 * 1024;
const ALLOWANCE_TEXT = 'Too much uploaded from your network address this hour. Please try again later.';

/** Each push is analysed before its answer ends: a few pushes take longer than the default test time on a busy machine. */
const PUSHES_TIMEOUT_MS = 240_000;

const basic = (user: string, password: string) => ({ authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` });

/** A signed-in person's repository for a new task of theirs, and a working copy whose remote `unstuck` is it. */
async function repositoryWithProject(server: TestServer, label: string, folders: string[]) {
  const owner = await signInPerson(server, label);
  const seeded = await seedTask(server.database.db, { ownerId: owner.user.uid });
  const answer = await callJson(server.url, 'POST', REPOS, { token: owner.token }, { taskId: seeded.taskId });
  expect(answer.status).toBe(200);
  const project = await makeProject();
  folders.push(project);
  await git(project, 'remote', 'add', 'unstuck', answer.body.git.remoteUrl as string);
  return { owner, project, repoUrl: answer.body.repoUrl as string, password: answer.body.git.password as string };
}

describe('one answer for every repository path without valid credentials', () => {
  const server = useTestServer(KIND, { ...STAFF_ENV, AGENT_WORKER: 'false' });
  const folders: string[] = [];
  afterAll(async () => {
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  it('an existing repository, an unknown one and a malformed name all answer the same 401, so names cannot be probed', async () => {
    const { owner, repoUrl, password } = await repositoryWithProject(server, 'prober-target', folders);
    const stranger = await signInPerson(server, 'prober');
    const existing = new URL(repoUrl).pathname;
    const paths = [existing, '/code-sharing/git/unstuck-no-such-repository-12345678.git', '/code-sharing/git/Not_A_Name'];
    const credentials: Array<Record<string, string>> = [
      {},
      basic('git', 'not-the-password'),
      basic('git', stranger.token),
      basic('git', ''),
      identityHeaders({ token: owner.token }),
      { authorization: 'Basic !!!' },
    ];
    const answers: Array<{ status: number; body: string; headers: Record<string, string> }> = [];
    for (const where of paths) {
      for (const service of ['git-upload-pack', 'git-receive-pack']) {
        for (const headers of credentials) {
          const response = await fetch(`${server.url}${where}/info/refs?service=${service}`, { headers });
          const all = Object.fromEntries(response.headers);
          delete all.date;
          answers.push({ status: response.status, body: await response.text(), headers: all });
        }
      }
      const push = await fetch(`${server.url}${where}/git-receive-pack`, {
        method: 'POST',
        headers: { ...basic('git', 'wrong'), 'content-type': 'application/x-git-receive-pack-request' },
        body: '0000',
      });
      const all = Object.fromEntries(push.headers);
      delete all.date;
      answers.push({ status: push.status, body: await push.text(), headers: all });
    }
    expect(answers[0]).toMatchObject({
      status: 401,
      headers: { 'www-authenticate': 'Basic realm="Unstuck repositories", charset="UTF-8"' },
    });
    for (const answer of answers) expect(answer).toEqual(answers[0]);

    // The right password opens it; an admin's token opens it too, and only an admin learns that a name is unknown.
    expect((await fetch(`${server.url}${existing}/info/refs?service=git-upload-pack`, { headers: basic('git', password) })).status).toBe(
      200,
    );
    const { admin } = await signInStaff(server);
    expect(
      (await fetch(`${server.url}${existing}/info/refs?service=git-upload-pack`, { headers: basic('admin', admin.token) })).status,
    ).toBe(200);
    expect(
      (await fetch(`${server.url}${paths[1]}/info/refs?service=git-upload-pack`, { headers: basic('admin', admin.token) })).status,
    ).toBe(404);
  });
});

describe('pushes count against the upload allowance of the address', () => {
  const server = useTestServer(KIND, { ...STAFF_ENV, AGENT_WORKER: 'false', UPLOAD_BYTES_PER_HOUR_PER_ADDRESS: String(5 * MIB) });
  const folders: string[] = [];
  afterAll(async () => {
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  it(
    'with 5 MiB an hour, the first push of 3 MiB passes and the next ones are refused with the reason, as are uploads',
    async () => {
      const { owner, project } = await repositoryWithProject(server, 'pusher', folders);
      const pushes: Array<{ ok: boolean; output: string }> = [];
      let accepted = '';
      for (let i = 0; i < 5; i += 1) {
        await commitRandomFile(project, `blob-${i}.bin`, 3 * MIB);
        const push = await tryGit(project, 'push', 'unstuck', 'HEAD:main');
        if (push.ok) accepted = (await git(project, 'rev-parse', 'HEAD')).stdout.trim();
        pushes.push(push);
      }
      expect(pushes.map((push) => push.ok)).toEqual([true, false, false, false, false]);
      // The push that crosses the allowance is refused by git once its objects arrived: nothing moves.
      expect(pushes[1]!.output).toContain(`remote: ${ALLOWANCE_TEXT} The push was refused.`);
      expect(pushes[1]!.output).toMatch(/\[remote rejected\] HEAD -> main/);
      // Once over, a push is refused before it sends anything, with the same reason.
      for (const push of pushes.slice(2)) {
        expect(push.output).toContain(`remote: ${ALLOWANCE_TEXT}`);
        expect(push.output).toContain('429');
      }
      const remote = await git(project, 'ls-remote', 'unstuck', 'refs/heads/main');
      expect(remote.stdout.split('\t')[0]).toBe(accepted);

      // The same allowance as attachments: an upload from this address is refused now.
      const upload = await callJson(
        server.url,
        'POST',
        '/code-sharing/api/files/upload',
        { token: owner.token },
        {
          fileName: 'notes.txt',
          content: 'data:text/plain;base64,bm90ZXM=',
        },
      );
      expect(upload).toMatchObject({ status: 429, body: { code: 'upload_allowance_used', detail: ALLOWANCE_TEXT } });
    },
    PUSHES_TIMEOUT_MS,
  );
});

describe('a repository has a total size limit (REPOSITORY_MAX_BYTES)', () => {
  const server = useTestServer(KIND, { ...STAFF_ENV, AGENT_WORKER: 'false', REPOSITORY_MAX_BYTES: String(4 * MIB) });
  const folders: string[] = [];
  afterAll(async () => {
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  it(
    'a push that would take the repository past 4 MB is refused with the reason; a small one still passes',
    async () => {
      const { project } = await repositoryWithProject(server, 'filler', folders);
      await commitRandomFile(project, 'first.bin', 3 * MIB);
      expect((await tryGit(project, 'push', 'unstuck', 'HEAD:main')).ok).toBe(true);
      await commitRandomFile(project, 'second.bin', 3 * MIB);
      const refused = await tryGit(project, 'push', 'unstuck', 'HEAD:main');
      expect(refused.ok).toBe(false);
      expect(refused.output).toContain('remote: This repository is full: it may hold at most 4 MB. The push was refused.');
      expect(refused.output).toMatch(/\[remote rejected\] HEAD -> main/);

      await git(project, 'reset', '--quiet', '--hard', 'HEAD~1');
      await commitRandomFile(project, 'small.bin', 64 * 1024);
      expect((await tryGit(project, 'push', 'unstuck', 'HEAD:main')).ok).toBe(true);
    },
    PUSHES_TIMEOUT_MS,
  );
});
