import { execFile, spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import type { ServerResponse } from 'node:http';

const run = promisify(execFile);

/** Where the local repositories live and how big one push may be. */
export interface LocalGitOptions {
  /** The folder holding `<name>.git` bare repositories. */
  root: string;
  /** Most bytes one push may send (git's `receive.maxInputSize`). */
  maxPushBytes: number;
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
}

/**
 * Serves one request of git's smart HTTP protocol by running `git http-backend` as a CGI program
 * (git-http-backend(1)) and copying its answer to `response`. The caller has checked who is asking.
 * @param beforeEnd runs when git succeeded, before the answer ends: a client that sees its push
 *   finish then sees what followed from it (the refreshed analysis).
 */
export function serveGitHttp(
  options: LocalGitOptions,
  request: GitHttpRequest,
  response: ServerResponse,
  beforeEnd: () => Promise<void>,
): Promise<void> {
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
      void finish.finally(() => {
        response.end();
        resolve();
      });
    });
    child.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
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
