import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createRepositoryRequestSchema, errorResponseSchema, repositoryResponseSchema } from '@unstuck/contract';
import type { AppDeps } from '../../app-deps.ts';
import { clientAllowanceLeft, countUploadBytes } from '../../lib/client-limits.ts';
import { AppError } from '../../lib/errors.ts';
import { originOf } from '../../lib/request-origin.ts';
import { admitUsers, userOf } from '../auth/caller.ts';
import { findTask } from '../tasks/tasks.service.ts';
import { findLocalRepository } from './code-repositories.repository.ts';
import { repositoryCredentialsRequired, repositoryNotFound } from './code-sharing.errors.ts';
import { checkGitCredentials, createRepository, localGitOf, requestRepositoryAnalysis } from './code-sharing.service.ts';
import { LOCAL_REPOSITORY_NAME, serveGitHttp } from './local-git.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema, 502: errorResponseSchema };

/**
 * Code sharing: `POST /code-sharing/api/test/repos` (docs/product.md "Calls") and the embedded local
 * repositories over git's smart HTTP protocol at `/code-sharing/git/{name}.git`.
 */
export function registerCodeSharingRoutes(app: FastifyInstance, deps: AppDeps) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/code-sharing/api/test/repos',
    {
      // Repositories are one of the benefits of signing in (docs/product.md "Code repository"): guests get 401.
      onRequest: admitUsers(deps),
      schema: { body: createRepositoryRequestSchema, response: { 200: repositoryResponseSchema, ...errors } },
    },
    async (request) => createRepository({ ...deps, log: request.log }, userOf(request), request.body, originOf(request, deps)),
  );

  void app.register((scope, _options, done) => {
    // git's request bodies go to git http-backend untouched (maybe gzip-encoded): no parsing here.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, parsed) => parsed(null));
    scope.route({
      method: ['GET', 'POST'],
      url: '/code-sharing/git/:repository/*',
      schema: { params: z.object({ repository: z.string(), '*': z.string() }) },
      handler: (request, reply) => serveRepository(deps, request as FastifyRequest<{ Params: { repository: string; '*': string } }>, reply),
    });
    done();
  });
}

/**
 * One smart-HTTP request to a local repository. HTTP Basic (RFC 7617): the repository's password or
 * an admin's access token. Without valid credentials the answer is one and the same 401 with a
 * challenge (git then asks for credentials), whether the repository exists or not; an admin is told
 * 404 for one that does not. A push is refused past the address's upload allowance
 * (UPLOAD_BYTES_PER_HOUR_PER_ADDRESS, counted with the files' uploads) and past REPOSITORY_MAX_BYTES.
 * After a successful push the task's code analysis is queued before the answer ends (decision 025).
 */
async function serveRepository(
  deps: AppDeps,
  request: FastifyRequest<{ Params: { repository: string; '*': string } }>,
  reply: FastifyReply,
) {
  const basic = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (!basic) throw repositoryCredentialsRequired();
  const decoded = Buffer.from(basic, 'base64').toString('utf8');
  const password = decoded.slice(decoded.indexOf(':') + 1);
  const name = /^(.+)\.git$/.exec(request.params.repository)?.[1] ?? '';
  const row = LOCAL_REPOSITORY_NAME.test(name) ? await findLocalRepository(deps.db, name) : null;
  const key = await checkGitCredentials(deps, row, password);
  if (!key) throw repositoryCredentialsRequired();
  const task = row ? await findTask(deps.db, row.taskId) : null;
  if (!row || !task) throw repositoryNotFound();

  const pathInfo = `/${request.params['*']}`;
  const query = request.url.indexOf('?');
  const queryString = query === -1 ? '' : request.url.slice(query + 1);
  const isPush =
    (request.method === 'POST' && pathInfo === '/git-receive-pack') ||
    new URLSearchParams(queryString).get('service') === 'git-receive-pack';
  const allowance = isPush ? await clientAllowanceLeft(deps, request.ip, 'uploadBytes') : null;
  if (allowance && allowance.remaining <= 0) {
    // Plain text: git shows such a body to the person as "remote: …" (a JSON one it does not show).
    return reply
      .code(429)
      .header('retry-after', String(Math.max(1, Math.ceil(allowance.ttlMs / 1000))))
      .type('text/plain; charset=utf-8')
      .send(`${allowance.detail}\n`);
  }

  reply.hijack();
  await serveGitHttp(
    localGitOf(deps.config),
    {
      method: request.method,
      name,
      pathInfo,
      queryString,
      contentType: request.headers['content-type'],
      contentLength: request.headers['content-length'],
      contentEncoding: request.headers['content-encoding'],
      remoteUser: key.by === 'admin' ? key.userId : task.userId,
      remoteAddr: request.ip,
      body: request.raw,
      ...(allowance && request.method === 'POST'
        ? {
            pushAllowance: { bytes: allowance.remaining, refusal: `${allowance.detail} The push was refused.` },
            bodyRead: (bytes: number) => countPushBytes(deps, request, bytes),
          }
        : {}),
    },
    reply.raw,
    async () => {
      if (request.method === 'POST' && pathInfo === '/git-receive-pack')
        await requestRepositoryAnalysis({ ...deps, log: request.log }, row);
    },
  );
}

/** Counts a push's bytes against the address's upload allowance, refused pushes too (as refused uploads are). */
async function countPushBytes(deps: AppDeps, request: FastifyRequest, bytes: number): Promise<void> {
  if (bytes === 0) return;
  try {
    await countUploadBytes(deps, request.ip, bytes);
  } catch (error) {
    // Over the allowance now: the next push is refused before it starts.
    if (!(error instanceof AppError && error.statusCode === 429)) request.log.warn({ err: error }, 'a push could not be counted');
  }
}
