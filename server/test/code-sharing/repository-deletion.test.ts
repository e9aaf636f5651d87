import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../src/db/schema.ts';
import { databaseKinds } from '../support/databases.ts';
import { git, makeProject } from '../support/git.ts';
import { callJson, type Identity } from '../support/http.ts';
import { startS3Server, type TestS3 } from '../support/s3.ts';
import { seedTask, type SeededTask } from '../support/seed.ts';
import { signInPerson, signInStaff, STAFF_ENV } from '../support/staff.ts';
import { useTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Deleting a user, a task or all guest data leaves nothing of theirs behind: not the folders of their
 * repositories (pushed code included), not the stored bytes of their files; what others own stays.
 * @param storedKeys what is in the file storage now (a folder or a bucket).
 */
function deletionLeavesNothing(useServer: () => TestApp, storedKeys: () => Promise<string[]>) {
  const folders: string[] = [];
  afterAll(async () => {
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  it('deleting a user, a task or all guest data removes their repositories and stored files, and nothing else', async () => {
    const server = useServer();
    const { admin } = await signInStaff(server);
    const asAdmin = { token: admin.token };
    const repositoriesOnDisk = async () => (await readdir(path.join(server.dataDir, 'repositories')).catch(() => [])).sort();

    /**
     * A repository for the task (made by `maker`), a pushed project in it and a file in its conversation.
     * The project is pushed to the repository's folder itself: what is on disk is the subject here (git
     * over HTTP: server/test/code-sharing/repositories.test.ts).
     */
    const shareCode = async (task: SeededTask, owner: Identity, maker: Identity) => {
      const made = await callJson(server, 'POST', '/code-sharing/api/test/repos', maker, { taskId: task.taskId });
      expect(made.status).toBe(200);
      const project = await makeProject();
      folders.push(project);
      await git(project, 'push', '--quiet', path.join(server.dataDir, 'repositories', `${made.body.repoName as string}.git`), 'HEAD:main');
      const upload = await callJson(server, 'POST', '/code-sharing/api/files/upload', owner, {
        fileName: 'notes.txt',
        content: 'data:text/plain;base64,bm90ZXM=',
        conversationId: task.conversationId,
      });
      expect(upload.status).toBe(200);
      const [file] = await server.database.db.select().from(files).where(eq(files.conversationId, task.conversationId));
      return { repository: `${made.body.repoName as string}.git`, fileKey: file!.storageKey };
    };

    const leaving = await signInPerson(server, 'leaving');
    const leavingTask = await seedTask(server.database.db, { ownerId: leaving.user.uid, title: 'Leaving' });
    const leavingCode = await shareCode(leavingTask, { token: leaving.token }, { token: leaving.token });

    const staying = await signInPerson(server, 'staying');
    const stayingTask = await seedTask(server.database.db, { ownerId: staying.user.uid, title: 'Staying' });
    const stayingCode = await shareCode(stayingTask, { token: staying.token }, { token: staying.token });
    const droppedTask = await seedTask(server.database.db, { ownerId: staying.user.uid, title: 'Dropped' });
    const droppedCode = await shareCode(droppedTask, { token: staying.token }, { token: staying.token });

    // Guests cannot make repositories; an admin made this one for a guest's task (older ones were made by guests).
    const guestTask = await seedTask(server.database.db, { title: 'Guest' });
    const guestCode = await shareCode(guestTask, { guest: guestTask.ownerId }, asAdmin);

    const everything = [leavingCode, stayingCode, droppedCode, guestCode];
    expect(await repositoriesOnDisk()).toEqual(everything.map((code) => code.repository).sort());
    expect((await storedKeys()).sort()).toEqual(everything.map((code) => code.fileKey).sort());

    expect((await callJson(server, 'DELETE', `/api/admin/users/${leaving.user.uid}`, asAdmin)).status).toBe(200);
    expect((await callJson(server, 'DELETE', `/api/admin/tasks/${droppedTask.taskId}`, asAdmin)).status).toBe(200);
    expect((await callJson(server, 'DELETE', '/api/admin/guests/delete-all', asAdmin)).status).toBe(200);

    // Deleting a task leaves its conversation, and the files in it, in place (docs/product.md "Admin area").
    expect(await repositoriesOnDisk()).toEqual([stayingCode.repository]);
    expect((await storedKeys()).sort()).toEqual([stayingCode.fileKey, droppedCode.fileKey].sort());
  }, 240_000);
}

// What is tested is the disk and the bucket, not the database: PostgreSQL when there is one (it starts faster), else PGlite.
const KIND = databaseKinds.at(-1)!;

describe('deleting removes repositories and files from disk', () => {
  const server = useTestApp({ ...STAFF_ENV, AGENT_WORKER: 'false' }, { kind: KIND });
  deletionLeavesNothing(
    () => server,
    async () => readdir(path.join(server.dataDir, 'uploads')).catch(() => []),
  );
});

describe('deleting removes repositories from disk and files from the S3 bucket', () => {
  let s3: TestS3;
  const env: Record<string, string> = {};

  beforeAll(async () => {
    s3 = await startS3Server();
    Object.assign(env, { ...STAFF_ENV, AGENT_WORKER: 'false', ...s3.env });
  });
  const server = useTestApp(env, { kind: KIND });
  afterAll(() => s3?.stop());

  deletionLeavesNothing(
    () => server,
    async () => {
      const listed = await s3.client.send(new ListObjectsV2Command({ Bucket: 'uploads' }));
      return (listed.Contents ?? []).map((object) => object.Key!);
    },
  );
});
