import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { type CreateRepositoryRequest, type RepositoryResponse } from '@unstuck/contract';
import type { AppDeps } from '../../app-deps.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { isAdminAccount } from '../users/people.ts';
import { findTask, findTaskOfConversation, markCodeAnalysisPending, saveRepositoryLink, type TaskRow } from '../tasks/tasks.service.ts';
import { taskNotFound } from '../tasks/tasks.errors.ts';
import { findUser } from '../users/users.service.ts';
import {
  findRepository,
  findRepositoryOfTask,
  insertRepository,
  replaceTokenHash,
  type CodeRepositoryRow,
} from './code-repositories.repository.ts';
import { repositoryFailed } from './code-sharing.errors.ts';
import { createGitHubRepository } from './github.ts';
import { createBareRepository, removeBareRepository, treeOfDefaultBranch, type LocalGitOptions } from './local-git.ts';

export { findRepositoryOfTask, localRepositoryNamesOf } from './code-repositories.repository.ts';

type Deps = Pick<AppDeps, 'db' | 'config' | 'clock'>;

/** The user name the local repositories' commands carry; git needs one, the password decides. */
export const LOCAL_GIT_USERNAME = 'git';

/** Where the embedded local repositories live (`DATA_DIR/repositories`, their hooks in `DATA_DIR/git-hooks`) and their limits. */
export const localGitOf = (config: Config): LocalGitOptions => ({
  root: path.resolve(config.DATA_DIR, 'repositories'),
  maxPushBytes: config.GIT_PUSH_MAX_BYTES,
  maxRepositoryBytes: config.REPOSITORY_MAX_BYTES,
  hooksFolder: path.resolve(config.DATA_DIR, 'git-hooks'),
});

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Makes the repository of a task (docs/product.md "Calls" `POST /code-sharing/api/test/repos`) and records it in the
 * task's `github_repository` (docs/product.md "Entities"). On GitHub when GITHUB_TOKEN and GITHUB_OWNER are set,
 * otherwise a local bare repository served at `{origin}/code-sharing/git/{name}.git`. Asking again for
 * the same task answers the same repository; for a local one with new credentials (the old ones stop
 * working), as the password is stored only as a hash.
 * @param origin the address people reach this server at (PUBLIC_URL, or the request's).
 * @throws AppError 404 when the task is unknown or neither the caller's nor the caller an admin;
 *   502 `upstream_failed` "Failed to create repository. Please try again." (docs/product.md "Errors") when GitHub or git fails.
 */
export async function createRepository(
  deps: Deps & { log: FastifyBaseLogger },
  caller: Caller,
  body: CreateRepositoryRequest,
  origin: string,
): Promise<RepositoryResponse> {
  const task = await findCallersTask(deps, caller, body);
  const existing = await findRepositoryOfTask(deps.db, task.id);
  if (existing) return answerFor(deps.db, existing, origin);

  const name = repositoryName(task);
  const createdAt = deps.clock.now();
  try {
    const { GITHUB_TOKEN: token, GITHUB_OWNER: owner } = deps.config;
    if (token && owner) {
      const ownerRow = await findUser(deps.db, task.userId);
      const made = await createGitHubRepository(
        { token, owner, apiUrl: deps.config.GITHUB_API_URL, invite: deps.config.GITHUB_INVITE },
        { name, description: body.description || task.title, userEmail: ownerRow?.isGuest ? null : (ownerRow?.email ?? null) },
      );
      const row = await insertRepository(deps.db, { taskId: task.id, host: 'github', name: made.name, url: made.url, createdAt });
      await saveRepositoryLink(deps.db, task.id, { url: made.url, name: made.name, created_at: createdAt.toISOString() });
      return answerFor(deps.db, row, origin);
    }
    await createBareRepository(localGitOf(deps.config), name);
    const url = `${origin}/code-sharing/git/${name}.git`;
    const row = await insertRepository(deps.db, { taskId: task.id, host: 'local', name, url: `/code-sharing/git/${name}.git`, createdAt });
    await saveRepositoryLink(deps.db, task.id, { url, name, created_at: createdAt.toISOString() });
    return answerFor(deps.db, row, origin);
  } catch (error) {
    if (error instanceof AppError) throw error;
    deps.log.error({ err: error, taskId: task.id }, 'repository creation failed');
    throw repositoryFailed();
  }
}

/** The task named by id or conversation, when the caller owns it or is an admin. */
async function findCallersTask(deps: Deps, caller: Caller, body: CreateRepositoryRequest): Promise<TaskRow> {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const id = body.taskId ?? body.conversationId ?? '';
  const task = uuid.test(id) ? await (body.taskId ? findTask(deps.db, id) : findTaskOfConversation(deps.db, id)) : null;
  if (task && (task.userId === caller.id || (await isAdmin(deps, caller.id)))) return task;
  throw taskNotFound();
}

/** Whether this person is an admin now (database standing, as staff routes check it). */
export async function isAdmin(deps: Pick<Deps, 'db' | 'config'>, userId: string): Promise<boolean> {
  const user = await findUser(deps.db, userId);
  return user !== null && isAdminAccount(user, deps.config.ADMIN_EMAILS);
}

/** `unstuck-<title words>-<8 characters of the task id>`: readable, unique, valid on GitHub and as a folder. */
function repositoryName(task: TaskRow): string {
  const words = task.title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return ['unstuck', words, task.id.slice(0, 8)].filter(Boolean).join('-');
}

/**
 * The answer for a recorded repository; a local one gets a fresh password and the commands to push
 * (the password given before stops working). Also what the expert holding the task gets
 * (`POST /api/expert/tasks/{id}/repository/credentials`, decision 026).
 */
export async function answerFor(db: Db, row: CodeRepositoryRow, origin: string): Promise<RepositoryResponse> {
  if (row.host === 'github') return { repoUrl: row.url, repoName: row.name, host: 'github' };
  const password = randomBytes(24).toString('base64url');
  await replaceTokenHash(db, row.id, hashToken(password));
  const repoUrl = `${origin}${row.url}`;
  const remote = new URL(repoUrl);
  remote.username = LOCAL_GIT_USERNAME;
  remote.password = password;
  const remoteUrl = remote.toString();
  return {
    repoUrl,
    repoName: row.name,
    host: 'local',
    git: {
      username: LOCAL_GIT_USERNAME,
      password,
      remoteUrl,
      commands: [`git remote add unstuck ${remoteUrl}`, 'git push -u unstuck HEAD:main'],
    },
  };
}

/** Who a local repository's HTTP Basic password lets in: anyone holding the repository's own password, or an admin. */
export type GitKey = { by: 'password' } | { by: 'admin'; userId: string };

/**
 * Whether HTTP Basic credentials open a local repository: its own password, or the access token
 * of an admin (admins use their own credentials, never the person's). The same checks run whether the
 * repository exists or not, so that neither the answer nor its time tells which names exist.
 * @param row the repository, or null when there is none by the name asked for.
 * @returns who is let in, or null when refused (an admin is let in to a repository that does not exist,
 *   so that they can be told it does not).
 */
export async function checkGitCredentials(
  deps: Pick<AppDeps, 'db' | 'config' | 'tokens'>,
  row: CodeRepositoryRow | null,
  password: string,
): Promise<GitKey | null> {
  const expected = Buffer.from(row?.tokenHash ?? '0'.repeat(64), 'hex');
  const presented = Buffer.from(hashToken(password), 'hex');
  const matches = expected.length === presented.length && timingSafeEqual(expected, presented);
  if (matches && row?.tokenHash) return { by: 'password' };
  const token = await deps.tokens.verify(password).catch(() => null);
  return token && (await isAdmin(deps, token.uid)) ? { by: 'admin', userId: token.uid } : null;
}

/**
 * Queues the analysis of what was pushed to a local repository (docs/decisions/025-code-analysis-jobs.md)
 * and marks the task's analysis pending; a push that leaves the default branch's tree as it was last
 * analysed (an empty commit) queues nothing. Quick (one `git rev-parse` and one transaction): it
 * runs before the push's answer ends, so a client whose push finished sees the analysis pending.
 * Failures are logged, not thrown: the push itself succeeded.
 */
export async function requestRepositoryAnalysis(
  deps: Pick<AppDeps, 'db' | 'config' | 'codeAnalysis'> & { log: FastifyBaseLogger },
  row: CodeRepositoryRow,
): Promise<void> {
  try {
    const tree = await treeOfDefaultBranch(localGitOf(deps.config), row.name);
    const current = await findRepository(deps.db, row.id);
    if (!tree || !current || tree === current.analysedTree) return;
    await deps.db.transaction(async (tx) => {
      await markCodeAnalysisPending(tx, row.taskId);
      await deps.codeAnalysis.enqueue({ taskId: row.taskId, repositoryId: row.id }, tx);
    });
    deps.codeAnalysis.wake();
  } catch (error) {
    deps.log.warn({ err: error, repository: row.name }, 'code analysis after a push not queued');
  }
}

/**
 * Removes the folders of local repositories whose records are gone (their tasks were deleted). A
 * failure is reported per name, not thrown: nobody reaches a repository without its record.
 * @returns the names that could not be removed, with the reason.
 */
export async function removeLocalRepositories(config: Config, names: string[]): Promise<Array<{ name: string; error: unknown }>> {
  const options = localGitOf(config);
  const results = await Promise.allSettled(names.map((name) => removeBareRepository(options, name)));
  return results.flatMap((result, index) =>
    result.status === 'rejected' ? [{ name: names[index]!, error: result.reason as unknown }] : [],
  );
}
