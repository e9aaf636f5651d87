import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { SMALL_PROJECT } from './zip.ts';

const run = promisify(execFile);

/** git as a person runs it: no prompt for credentials, a throwaway identity. */
export const git = (cwd: string, ...args: string[]) =>
  run('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'init.defaultBranch=main', ...args], {
    cwd,
    env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_ASKPASS: '', SSH_ASKPASS: '' },
  });

/** A working copy of {@link SMALL_PROJECT} with one commit, in a new temporary folder. */
export async function makeProject(): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'unstuck-project-'));
  for (const [name, content] of Object.entries(SMALL_PROJECT)) {
    await mkdir(path.dirname(path.join(folder, name)), { recursive: true });
    await writeFile(path.join(folder, name), content);
  }
  await git(folder, 'init', '--quiet');
  await git(folder, 'add', '--all', '--force');
  await git(folder, 'commit', '--quiet', '-m', 'First version');
  return folder;
}

/** Adds a commit with a file of `bytes` random (incompressible) bytes, so that pushing it sends about that many. */
export async function commitRandomFile(folder: string, name: string, bytes: number): Promise<void> {
  await writeFile(path.join(folder, name), randomBytes(bytes));
  await git(folder, 'add', name);
  await git(folder, 'commit', '--quiet', '-m', `Add ${name}`);
}

/** Runs git and answers how it ended and what it printed (stderr carries the server's "remote: …" lines). */
export async function tryGit(cwd: string, ...args: string[]): Promise<{ ok: boolean; output: string }> {
  try {
    const { stdout, stderr } = await git(cwd, ...args);
    return { ok: true, output: `${stdout}${stderr}` };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}
