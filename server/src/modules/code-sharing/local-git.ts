import { execFile, spawn } from 'node:child_process';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { promisify } from 'node:util';
import type { ServerResponse } from 'node:http';

const run = promisify(execFile);

/** Where the local repositories live and how big one push and one repository may be. */
export interface LocalGitOptions {
  /** The folder holding `<name>.git` bare repositories. */
  root: string;
  /** Most bytes one push may send (git's `receive.maxInputSize`). */
  maxPushBytes: number;
  /** Most bytes one repository may take on disk; a push that would take it past this is refused. */
  maxRepositoryBytes: number;
  /** The folder of the server's git hooks (`core.hooksPath`), outside `root`. */
  hooksFolder: string;
}

/** A repository name as we make them: lower-case letters, digits and dashes (no dots, no slashes). */
export const LOCAL_REPOSITORY_NAME = /^[a-z0-9][a-z0-9-]{0,99}$/;

/**
 * The folder of the bare repository `name`.
 * @throws Error for a name that is not {@link LOCAL_REPOSITORY_NAME}'s (never a path out of `root`).
 */
export const repositoryFolder = (options: LocalGitOptions, name: string) => {
  if (!LOCAL_REPOSITORY_NAME.test(name)) throw new Error(`Invalid repository name: ${name}`);
  return path.join(options.root, `${name}.git`);
};

/**
 * Makes an empty bare repository `<root>/<name>.git` that accepts pushes over smart HTTP (git's
 * `http.receivepack`), with the push size limit and `main` as its default branch.
 * @throws Error when git fails (not installed, folder not writable).
 */
export async function createBareRepository(options: LocalGitOptions, name: string): Promise<void> {
  const folder = repositoryFolder(options, name);
  await mkdir(options.root, { recursive: true });
  await run('git', ['init', '--quiet', '--bare', '--initial-branch=main', folder]);
  await run('git', ['-C', folder, 'config', 'http.receivepack', 'true']);
  await run('git', ['-C', folder, 'config', 'receive.maxInputSize', String(options.maxPushBytes)]);
}

/**
 * Removes a local repository's folder; an unknown one is not an error.
 * @throws Error when the name is not one of ours or the folder cannot be removed.
 */
export async function removeBareRepository(options: LocalGitOptions, name: string): Promise<void> {
  await rm(repositoryFolder(options, name), { recursive: true, force: true });
}

/**
 * git's pre-receive hook, which runs once a push's objects have arrived (in git's quarantine folder,
 * githooks(5)) and before any ref moves: it refuses the push, with the reason shown as "remote: …",
 * when the new objects take more than the pusher's upload allowance left, or the repository with them
 * more than its size limit. Disk usage in KiB (`du -k`) stands for both.
 */
const PRE_RECEIVE_HOOK = `#!/bin/sh
# Written by the Unstuck server (server/src/modules/code-sharing/local-git.ts); changes here are lost.
[ -n "$GIT_QUARANTINE_PATH" ] || exit 0
incoming=$(du -sk "$GIT_QUARANTINE_PATH" | cut -f1)
if [ -n "$UNSTUCK_PUSH_ALLOWANCE_KIB" ] && [ "$incoming" -gt "$UNSTUCK_PUSH_ALLOWANCE_KIB" ]; then
  printf '%s\n' "$UNSTUCK_PUSH_ALLOWANCE_TEXT" >&2
  exit 1
fi
if [ "$(du -sk . | cut -f1)" -gt "$UNSTUCK_REPOSITORY_MAX_KIB" ]; then
  printf '%s\n' "$UNSTUCK_REPOSITORY_FULL_TEXT" >&2
  exit 1
fi
`;

const installedHooks = new Map<string, Promise<void>>();

/**
 * Writes the server's hooks into `hooksFolder` once per process (by a rename, so that a push running
 * the old file never sees a half-written one). Every repository uses them through `core.hooksPath`,
 * those made before too.
 */
function installHooks(options: LocalGitOptions): Promise<void> {
  let installed = installedHooks.get(options.hooksFolder);
  if (!installed) {
    installed = (async () => {
      await mkdir(options.hooksFolder, { recursive: true });
      const file = path.join(options.hooksFolder, 'pre-receive');
      await writeFile(`${file}.${process.pid}`, PRE_RECEIVE_HOOK, { mode: 0o755 });
      await rename(`${file}.${process.pid}`, file);
    })();
    installed.catch(() => installedHooks.delete(options.hooksFolder));
    installedHooks.set(options.hooksFolder, installed);
  }
  return installed;
}

/**
 * The id of the tree of the repository's default branch (or, when that has no commit, of its first
 * branch): what its code analysis is made of (`git archive <tree>`), and equal for two pushes that
 * change no file (an empty commit, a rebase).
 * @returns the tree id, or null when nothing was pushed yet.
 * @throws Error when git fails.
 */
export async function treeOfDefaultBranch(options: LocalGitOptions, name: string): Promise<string | null> {
  const folder = repositoryFolder(options, name);
  const head = await run('git', ['-C', folder, 'rev-parse', '--verify', '--quiet', 'HEAD^{tree}']).catch(() => null);
  if (head) return head.stdout.trim();
  const { stdout } = await run('git', ['-C', folder, 'for-each-ref', '--count=1', '--format=%(objectname)', 'refs/heads']);
  const commit = stdout.trim();
  if (!commit) return null;
  return (await run('git', ['-C', folder, 'rev-parse', '--verify', '--quiet', `${commit}^{tree}`])).stdout.trim();
}

/** One smart-HTTP request as the CGI program needs it (RFC 3875 meta-variables). */
export interface GitHttpRequest {
  method: string;
  /** The repository's name, without `.git`. */
  name: string;
  /** What follows `<name>.git` in the URL: `/info/refs`, `/git-receive-pack`... */
  pathInfo: string;
  queryString: string;
  contentType: string | undefined;
  /** The request body's length; without one (chunked), git reads the body to its end. */
  contentLength: string | undefined;
  contentEncoding: string | undefined;
  /** The signed-in person; git http-backend logs it in reflogs. */
  remoteUser: string;
  remoteAddr: string;
  body: Readable;
  /** For a push: the bytes the pusher may still upload this hour, and what a push over them is told. */
  pushAllowance?: { bytes: number; refusal: string };
  /** Runs with the body's size in bytes once it has been read (or the client gave up); the answer ends after it. Must not throw. */
  bodyRead?: (bytes: number) => Promise<void>;
}

/** What a push that would take a repository past its size limit is told. */
export const repositoryFullText = (maxBytes: number) =>
  `This repository is full: it may hold at most ${Math.floor(maxBytes / (1024 * 1024))} MB. The push was refused.`;

/**
 * Serves one request of git's smart HTTP protocol by running `git http-backend` as a CGI program
 * (git-http-backend(1)) and copying its answer to `response`. The caller has checked who is asking.
 * Pushes go through the server's pre-receive hook ({@link PRE_RECEIVE_HOOK}): the push allowance and
 * the repository's size limit.
 * @param beforeEnd runs when git succeeded, before the answer ends: a client that sees its push
 *   finish then sees what followed from it (the refreshed analysis).
 */
export async function serveGitHttp(
  options: LocalGitOptions,
  request: GitHttpRequest,
  response: ServerResponse,
  beforeEnd: () => Promise<void>,
): Promise<void> {
  await installHooks(options);
  let bodyBytes = 0;
  request.body.on('data', (chunk: Buffer) => {
    bodyBytes += chunk.length;
  });
  // Counted once: when the body has been read, or when git is done without reading it all.
  let counted: Promise<void> | null = null;
  const countBody = () => (counted ??= (request.bodyRead?.(bodyBytes) ?? Promise.resolve()).catch(() => undefined));
  finished(request.body).then(countBody, countBody);
  const child = spawn('git', ['http-backend'], {
    env: {
      PATH: process.env.PATH ?? '',
      GIT_PROJECT_ROOT: options.root,
      GIT_HTTP_EXPORT_ALL: '1',
      REQUEST_METHOD: request.method,
      PATH_INFO: `/${path.basename(repositoryFolder(options, request.name))}${request.pathInfo}`,
      QUERY_STRING: request.queryString,
      CONTENT_TYPE: request.contentType ?? '',
      ...(request.contentLength ? { CONTENT_LENGTH: request.contentLength } : {}),
      HTTP_CONTENT_ENCODING: request.contentEncoding ?? '',
      REMOTE_USER: request.remoteUser,
      REMOTE_ADDR: request.remoteAddr,
      GIT_CONFIG_NOSYSTEM: '1',
      // core.hooksPath for every repository (git-config(1) "ENVIRONMENT").
      GIT_CONFIG_COUNT: '1',
      GIT_CONFIG_KEY_0: 'core.hooksPath',
      GIT_CONFIG_VALUE_0: options.hooksFolder,
      UNSTUCK_REPOSITORY_MAX_KIB: String(Math.floor(options.maxRepositoryBytes / 1024)),
      UNSTUCK_REPOSITORY_FULL_TEXT: repositoryFullText(options.maxRepositoryBytes),
      ...(request.pushAllowance
        ? {
            UNSTUCK_PUSH_ALLOWANCE_KIB: String(Math.max(0, Math.floor(request.pushAllowance.bytes / 1024))),
            UNSTUCK_PUSH_ALLOWANCE_TEXT: request.pushAllowance.refusal,
          }
        : {}),
    },
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  request.body.pipe(child.stdin).on('error', () => child.kill());
  child.stdin.on('error', () => undefined);
  return new Promise((resolve) => {
    let status = 200;
    let headerBuffer: Buffer | null = Buffer.alloc(0);
    child.stdout.on('data', (chunk: Buffer) => {
      if (headerBuffer === null) {
        response.write(chunk);
        return;
      }
      headerBuffer = Buffer.concat([headerBuffer, chunk]);
      const end = findHeaderEnd(headerBuffer);
      if (!end) return;
      for (const line of headerBuffer.subarray(0, end.at).toString('latin1').split(/\r?\n/)) {
        const colon = line.indexOf(':');
        if (colon <= 0) continue;
        const field = line.slice(0, colon).trim();
        const value = line.slice(colon + 1).trim();
        if (field.toLowerCase() === 'status') status = Number.parseInt(value, 10) || 500;
        else response.setHeader(field, value);
      }
      response.writeHead(status);
      const rest = headerBuffer.subarray(end.at + end.length);
      headerBuffer = null;
      if (rest.length > 0) response.write(rest);
    });
    child.on('close', (code) => {
      if (headerBuffer !== null && !response.headersSent) response.writeHead(502);
      const finish = code === 0 && status < 400 ? beforeEnd() : Promise.resolve();
      void Promise.allSettled([finish, countBody()]).finally(() => {
        response.end();
        resolve();
      });
    });
    child.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      void countBody();
      response.end();
      resolve();
    });
  });
}

function findHeaderEnd(buffer: Buffer): { at: number; length: number } | null {
  const crlf = buffer.indexOf('\r\n\r\n');
  const lf = buffer.indexOf('\n\n');
  if (crlf !== -1 && (lf === -1 || crlf < lf)) return { at: crlf, length: 4 };
  return lf !== -1 ? { at: lf, length: 2 } : null;
}
