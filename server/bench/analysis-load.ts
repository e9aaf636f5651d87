// Heavy code coming in while the server answers other requests (docs/decisions/025-code-analysis-jobs.md):
// back-to-back pushes of a large tree to a local repository and concurrent sends of a large ZIP, with
// `/api/health` and a static file probed all along. Used by `npm run bench` (its "analysis" row) and by
// the tests that hold the goal (e2e/code-analysis-load.spec.ts).
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { callJson, newGuestId, sendMessage, type Identity } from '../test/support/http.ts';
import { signInWithDevProvider } from '../test/support/sign-in.ts';
import { buildZip } from '../test/support/zip.ts';

const run = promisify(execFile);

/** git as a person runs it: no prompt for credentials, a throwaway identity. */
export const git = (cwd: string, ...args: string[]) =>
  run('git', ['-c', 'user.name=Bench', '-c', 'user.email=bench@example.com', '-c', 'init.defaultBranch=main', ...args], {
    cwd,
    env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_ASKPASS: '', SSH_ASKPASS: '' },
    maxBuffer: 16 * 1024 * 1024,
  });

/**
 * The files of a generated JavaScript project of about `megabytes` MB (10^6 bytes) in `files` files:
 * varied lines (numbers and names change), so that they deflate about 8× as real code does and pass
 * the archive's ratio check.
 */
export function largeProject(megabytes: number, files: number): Record<string, string> {
  const perFile = Math.round((megabytes * 1_000_000) / files);
  const project: Record<string, string> = {};
  let seed = 1;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648);
  for (let index = 0; index < files; index += 1) {
    const lines: string[] = [];
    let size = 0;
    while (size < perFile) {
      const line = `export function handler${index}_${lines.length}(value${next() % 97}) { return value${next() % 97} * ${next() % 1000} + ${next() % 100}; }`;
      lines.push(line);
      size += line.length + 1;
    }
    project[`src/part-${Math.floor(index / 50)}/module-${index}.js`] = `${lines.join('\n')}\n`;
  }
  return project;
}

/** A ZIP of {@link largeProject}. */
export const largeProjectZip = (megabytes: number, files: number) => buildZip(largeProject(megabytes, files));

/** Latencies of repeated GETs of each path, in milliseconds, while something else runs. */
export interface Probes {
  /** Stops probing. @returns each path's latencies. */
  stop(): Promise<Record<string, number[]>>;
}

/**
 * Probes each of `paths` in its own loop (one request at a time, then `pauseMs`), as a person's
 * browser would while the server works. A failed or non-2xx answer counts as a latency of `Infinity`.
 */
export function startProbes(baseUrl: string, paths: readonly string[], pauseMs = 25): Probes {
  let running = true;
  const results: Record<string, number[]> = Object.fromEntries(paths.map((path) => [path, []]));
  const loops = paths.map(async (path) => {
    while (running) {
      const started = performance.now();
      const ok = await fetch(`${baseUrl}${path}`)
        .then(async (response) => {
          await response.arrayBuffer();
          return response.ok;
        })
        .catch(() => false);
      results[path]!.push(ok ? performance.now() - started : Infinity);
      await sleep(pauseMs);
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      return results;
    },
  };
}

/** A signed-in person's new task with its local repository: the push URL (credentials in it) and the ids. */
export async function openRepository(baseUrl: string): Promise<{ remoteUrl: string; conversationId: string; identity: Identity }> {
  const session = await signInWithDevProvider(baseUrl, { email: `pusher-${Date.now()}-${process.pid}@example.com`, name: 'Pat Pusher' });
  const identity = { token: session.token };
  const sent = await sendMessage(baseUrl, identity, { content: 'My app needs fixing' });
  if (sent.status !== 200) throw new Error(`send failed: ${JSON.stringify(sent)}`);
  const repo = await callJson(baseUrl, 'POST', '/code-sharing/api/test/repos', identity, {
    conversationId: sent.body.conversation_id,
    description: '',
    userEmail: '',
  });
  if (repo.status !== 200) throw new Error(`repository not made: ${JSON.stringify(repo)}`);
  return { remoteUrl: repo.body.git.remoteUrl as string, conversationId: sent.body.conversation_id as string, identity };
}

/**
 * A working copy of `project` pushed to `remoteUrl`, then `count - 1` more pushes in a row, each a
 * commit that changes one small file (the tree stays about as large).
 * @returns the working copy's folder (remove it after) and the tree id of the last push.
 */
export async function pushesInARow(
  remoteUrl: string,
  project: Record<string, string>,
  count: number,
): Promise<{ folder: string; lastTree: string }> {
  const folder = await mkdtemp(join(tmpdir(), 'unstuck-pushes-'));
  for (const [name, content] of Object.entries(project)) {
    await mkdir(join(folder, name, '..'), { recursive: true });
    await writeFile(join(folder, name), content);
  }
  await git(folder, 'init', '--quiet');
  await git(folder, 'add', '--all');
  await git(folder, 'commit', '--quiet', '-m', 'Push 1');
  await git(folder, 'push', '--quiet', remoteUrl, 'HEAD:main');
  for (let push = 2; push <= count; push += 1) {
    await writeFile(join(folder, 'CHANGES.js'), `export const pushes = ${push};\n`.repeat(push));
    await git(folder, 'add', '--all');
    await git(folder, 'commit', '--quiet', '-m', `Push ${push}`);
    await git(folder, 'push', '--quiet', remoteUrl, 'HEAD:main');
  }
  const { stdout } = await git(folder, 'rev-parse', 'HEAD^{tree}');
  return { folder, lastTree: stdout.trim() };
}

/** Sends `zip` as `count` new guests' first messages, all at once. @returns their conversation ids. */
export async function heavySends(baseUrl: string, zip: Buffer, count: number): Promise<string[]> {
  const answers = await Promise.all(
    Array.from({ length: count }, () =>
      sendMessage(
        baseUrl,
        { guest: newGuestId() },
        { content: 'My whole project' },
        { name: 'project.zip', type: 'application/zip', data: zip },
      ),
    ),
  );
  const failed = answers.find((answer) => answer.status !== 200);
  if (failed) throw new Error(`a heavy send failed: ${JSON.stringify(failed)}`);
  return answers.map((answer) => answer.body.conversation_id as string);
}

/** Waits until the conversations' tasks have their analysis, as the admin task list shows it. */
export async function analysesSettled(
  baseUrl: string,
  adminToken: string,
  conversationIds: readonly string[],
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await callJson(baseUrl, 'GET', '/api/v2/tasks', { token: adminToken });
    const tasks = answer.body as Array<{ conversationId: string; code_analysis_state: string | null }>;
    const open = conversationIds.filter((id) => tasks.find((task) => task.conversationId === id)?.code_analysis_state === 'pending');
    const missing = conversationIds.filter((id) => !tasks.some((task) => task.conversationId === id && task.code_analysis_state));
    if (open.length === 0 && missing.length === 0) return;
    if (Date.now() > deadline) throw new Error(`analyses still pending after ${timeoutMs} ms: ${open.length + missing.length}`);
    await sleep(1000);
  }
}

/**
 * CPU seconds (user + system) a server process has used: all its threads, and its main thread alone
 * (the event loop's: Linux names it by the process id). From /proc, clock ticks of 1/100 s.
 */
export async function processCpuSeconds(pid: number): Promise<{ process: number; mainThread: number }> {
  const ticks = async (file: string) => {
    const fields = (await readFile(file, 'utf8')).split(') ')[1]!.split(' ');
    // After "pid (comm) ": state is field 0, utime 11, stime 12.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  };
  return { process: await ticks(`/proc/${pid}/stat`), mainThread: await ticks(`/proc/${pid}/task/${pid}/stat`) };
}

/** The p-th percentile (0–100) of `values`, nearest rank. */
export function percentileOf(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}
