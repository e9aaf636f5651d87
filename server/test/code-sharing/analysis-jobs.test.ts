import { rm } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { git, largeProject, openRepository, pushesInARow } from '../../bench/analysis-load.ts';
import { createAnalysisPool } from '../../src/modules/code-sharing/code-analysis-pool.ts';
import { settledCodeAnalysis } from '../support/code-analysis.ts';
import { databaseKinds } from '../support/databases.ts';
import { callJson, newGuestId, sendMessage } from '../support/http.ts';
import { signInPerson, STAFF_ENV } from '../support/staff.ts';
import { useTestServer } from '../support/test-server.ts';
import { buildZip, SMALL_PROJECT, SMALL_PROJECT_ANALYSIS } from '../support/zip.ts';

// Code analysis runs as a durable job in worker threads (docs/decisions/025-code-analysis-jobs.md).

const LIMITS = { maxTotalBytes: 50 * 1024 * 1024, maxEntries: 10_000, maxEntryRatio: 100 };

describe.each(databaseKinds)('code analysis jobs on %s', (kind) => {
  const server = useTestServer(kind, { ...STAFF_ENV, AGENT_WORKER: 'false' });
  const folders: string[] = [];
  afterAll(async () => {
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  /** The analysis jobs pg-boss holds for a repository (each one that ran or waits). */
  const repositoryJobs = async (conversationId: string) => {
    // Both drivers answer `{ rows }`; the shared Drizzle type leaves it unknown.
    const result = (await server.database.db.execute<{ count: number }>(sql`
      select count(*)::int as count from pgboss.job j
      join code_repositories r on j.singleton_key = 'repository:' || r.id
      join tasks t on t.id = r.task_id
      where j.name = 'code-analysis' and t.conversation_id = ${conversationId}`)) as { rows: Array<{ count: number }> };
    return result.rows[0]!.count;
  };
  const analysedTree = async (conversationId: string) => {
    const result = (await server.database.db.execute<{ analysed_tree: string | null }>(sql`
      select r.analysed_tree from code_repositories r join tasks t on t.id = r.task_id
      where t.conversation_id = ${conversationId}`)) as { rows: Array<{ analysed_tree: string | null }> };
    return result.rows[0]!.analysed_tree;
  };

  it('pushes in a row of a large tree cost at most two analyses, the newest head recorded; a push of the same tree costs none', async () => {
    const { remoteUrl, conversationId } = await openRepository(server.url);
    // About 12 MB of code: each analysis takes seconds, each later push (one small file) a fraction.
    const { folder, lastTree } = await pushesInARow(remoteUrl, largeProject(12, 240), 6);
    folders.push(folder);
    const task = await settledCodeAnalysis(server.database.db, { conversationId }, 120_000);
    expect(task.codeAnalysisState).toBe('ready');
    // The last push wrote CHANGES.js: 240 modules and it.
    expect(task.codeAnalysis).toMatchObject({ file_count: 241, main_languages: ['JavaScript'] });
    expect(await analysedTree(conversationId)).toBe(lastTree);
    const jobs = await repositoryJobs(conversationId);
    expect(jobs).toBeGreaterThanOrEqual(1);
    expect(jobs).toBeLessThanOrEqual(2);

    // An empty commit leaves the tree as it was: no job, the task's analysis stays ready.
    await git(folder, 'commit', '--quiet', '--allow-empty', '-m', 'Nothing changed');
    await git(folder, 'push', '--quiet', remoteUrl, 'HEAD:main');
    const after = await settledCodeAnalysis(server.database.db, { conversationId });
    expect(after.codeAnalysisState).toBe('ready');
    expect(await repositoryJobs(conversationId)).toBe(jobs);
  }, 300_000);

  it('a ZIP attached to a submitted job is analysed into its task', async () => {
    const person = await signInPerson(server, 'submitter');
    const zip = await buildZip(SMALL_PROJECT);
    const upload = await callJson(
      server.url,
      'POST',
      '/code-sharing/api/files/upload',
      { token: person.token },
      {
        content: `data:application/zip;base64,${zip.toString('base64')}`,
        fileName: 'project.zip',
      },
    );
    expect(upload.status).toBe(200);
    const job = await callJson(
      server.url,
      'POST',
      '/api/messages',
      { token: person.token },
      {
        recipientId: 'agent-1',
        content: 'Fix the checkout',
        metadata: { jobTitle: 'Checkout fix', techStack: 'TypeScript', attachments: [upload.body.fileUrl] },
      },
    );
    expect(job.status).toBe(201);
    const task = await settledCodeAnalysis(server.database.db, { taskId: job.body.task_id });
    expect(task).toMatchObject({ codeAnalysisState: 'ready', codeAnalysis: SMALL_PROJECT_ANALYSIS });
  }, 120_000);
});

describe.each(databaseKinds)('an analysis over its memory limit on %s', (kind) => {
  const server = useTestServer(kind, { AGENT_WORKER: 'false', CODE_ANALYSIS_MAX_MEMORY_MB: '16' });

  it('fails its job cleanly: the task says why, the server keeps answering', async () => {
    const sent = await sendMessage(
      server.url,
      { guest: newGuestId() },
      { content: 'Big code' },
      { name: 'project.zip', type: 'application/zip', data: await buildZip(largeProject(8, 100)) },
    );
    expect(sent.status).toBe(200);
    const task = await settledCodeAnalysis(server.database.db, { conversationId: sent.body.conversation_id });
    expect(task).toMatchObject({
      codeAnalysisState: 'failed',
      codeAnalysis: null,
      codeAnalysisFailure: 'The code analysis needed more than 16 MB of memory and was stopped',
    });
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  }, 120_000);
});

describe('the analysis worker pool', () => {
  const zip = buildZip(largeProject(6, 60));

  it('stops an analysis over its CPU time with a clear reason', async () => {
    const pool = createAnalysisPool({
      CODE_ANALYSIS_THREADS: 1,
      CODE_ANALYSIS_MAX_MEMORY_MB: 512,
      CODE_ANALYSIS_TIMEOUT_SECONDS: 120,
      CODE_ANALYSIS_MAX_CPU_SECONDS: 0.1,
    });
    try {
      expect(await pool.analyse({ kind: 'zip', bytes: await zip }, LIMITS)).toEqual({
        ok: false,
        detail: 'The code analysis used more than 0.1 s of CPU time and was stopped',
      });
    } finally {
      await pool.close();
    }
  });

  it('terminates an analysis over its wall-clock time with a clear reason', async () => {
    const pool = createAnalysisPool({
      CODE_ANALYSIS_THREADS: 1,
      CODE_ANALYSIS_MAX_MEMORY_MB: 512,
      CODE_ANALYSIS_TIMEOUT_SECONDS: 0.05,
      CODE_ANALYSIS_MAX_CPU_SECONDS: 120,
    });
    try {
      expect(await pool.analyse({ kind: 'zip', bytes: await zip }, LIMITS)).toEqual({
        ok: false,
        detail: 'The code analysis took longer than 0.05 s and was stopped',
      });
    } finally {
      await pool.close();
    }
  });
});
