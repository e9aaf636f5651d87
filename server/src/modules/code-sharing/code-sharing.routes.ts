import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createRepositoryRequestSchema, errorResponseSchema, repositoryResponseSchema } from '@unstuck/contract';
import type { AppDeps } from '../../app-deps.ts';
import { identifyCaller, requireCaller } from '../auth/caller.ts';
import { findTask } from '../tasks/tasks.repository.ts';
import { findLocalRepository } from './code-repositories.repository.ts';
import { repositoryCredentialsRequired, repositoryNotFound } from './code-sharing.errors.ts';
import { checkGitCredentials, createRepository, localGitOf, refreshRepositoryAnalysis } from './code-sharing.service.ts';
import { LOCAL_REPOSITORY_NAME, serveGitHttp } from './local-git.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema, 502: errorResponseSchema };

/**
 * Code sharing (issue #10): `POST /code-sharing/api/test/repos` (spec §7) and the embedded local
 * repositories over git's smart HTTP protocol at `/code-sharing/git/{name}.git`.
 */
export function registerCodeSharingRoutes(app: FastifyInstance, deps: AppDeps) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/code-sharing/api/test/repos',
      { schema: { body: createRepositoryRequestSchema, response: { 200: repositoryResponseSchema, ...errors } } },
      async (request) => {
        const caller = requireCaller(await identifyCaller(request, deps.tokens));
        return createRepository({ ...deps, log: request.log }, caller, request.body, originOf(request, deps));
      },
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
 * an admin's access token; anything else gets 401 with a challenge, so git asks for credentials.
 * After a successful push the task's code analysis is refreshed before the answer ends.
 */
async function serveRepository(
  deps: AppDeps,
  request: FastifyRequest<{ Params: { repository: string; '*': string } }>,
  reply: FastifyReply,
) {
  const name = /^(.+)\.git$/.exec(request.params.repository)?.[1] ?? '';
  const row = LOCAL_REPOSITORY_NAME.test(name) ? await findLocalRepository(deps.db, name) : null;
  const task = row ? await findTask(deps.db, row.taskId) : null;
  if (!row || !task) throw repositoryNotFound();

  const basic = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (!basic) throw repositoryCredentialsRequired();
  const decoded = Buffer.from(basic, 'base64').toString('utf8');
  const password = decoded.slice(decoded.indexOf(':') + 1);
  const person = await checkGitCredentials(deps, row, task.userId, password);
  if (!person) throw repositoryCredentialsRequired();

  const pathInfo = `/${request.params['*']}`;
  const query = request.url.indexOf('?');
  reply.hijack();
  await serveGitHttp(
    localGitOf(deps.config),
    {
      method: request.method,
      name,
      pathInfo,
      queryString: query === -1 ? '' : request.url.slice(query + 1),
      contentType: request.headers['content-type'],
      contentLength: request.headers['content-length'],
      contentEncoding: request.headers['content-encoding'],
      remoteUser: person,
      remoteAddr: request.ip,
      body: request.raw,
    },
    reply.raw,
    async () => {
      if (request.method === 'POST' && pathInfo === '/git-receive-pack')
        await refreshRepositoryAnalysis({ ...deps, log: request.log }, row);
    },
  );
}

/** The address people reach this server at: PUBLIC_URL, or the one this request came to. */
export function originOf(request: FastifyRequest, deps: AppDeps): string {
  return deps.config.PUBLIC_URL?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;
}
