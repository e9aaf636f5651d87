import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminMessageListSchema,
  expertReplyRequestSchema,
  expertStatusRequestSchema,
  expertTaskDetailSchema,
  expertTaskParamsSchema,
  expertTaskSchema,
  expertWorkspaceSchema,
  MAX_FILES_PER_MESSAGE,
  messageSchema,
  repositoryResponseSchema,
} from '@unstuck/contract';
import type { AppDeps } from '../../app-deps.ts';
import { countUploadBytes } from '../../lib/client-limits.ts';
import { readMessageBody } from '../../lib/multipart-body.ts';
import { originOf } from '../../lib/request-origin.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { admitExpertsAndAdmins, staffOf } from '../auth/staff.ts';
import {
  listWorkspace,
  readExpertTask,
  readTaskConversation,
  replyAsExpert,
  repositoryCredentials,
  setTaskStatus,
  takeTask,
} from './expert.service.ts';

const taskErrors = errorResponses(400, 401, 403, 404, 409);

/**
 * The expert workspace (the hand-off to a human expert, beyond the spec; decisions 038, 026 and 070), for
 * experts and admins: the sections of tasks, a task's brief and (for its holder and admins) its
 * conversation and repository, take, reply as the expert, set the status, mark done.
 */
export function registerExpertRoutes(app: FastifyInstance, deps: AppDeps) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = admitExpertsAndAdmins(deps);

  typed.get(
    '/api/expert/tasks',
    { onRequest, schema: { response: { 200: expertWorkspaceSchema, ...errorResponses(401, 403) } } },
    async (request) => listWorkspace(deps, staffOf(request)),
  );

  typed.get(
    '/api/expert/tasks/:id',
    { onRequest, schema: { params: expertTaskParamsSchema, response: { 200: expertTaskDetailSchema, ...taskErrors } } },
    async (request) => readExpertTask(deps, staffOf(request), request.params.id),
  );

  typed.get(
    '/api/expert/tasks/:id/messages',
    { onRequest, schema: { params: expertTaskParamsSchema, response: { 200: adminMessageListSchema, ...taskErrors } } },
    async (request) => ({ messages: await readTaskConversation(deps, staffOf(request), request.params.id) }),
  );

  typed.post(
    '/api/expert/tasks/:id/take',
    { onRequest, schema: { params: expertTaskParamsSchema, response: { 200: expertTaskSchema, ...taskErrors } } },
    async (request) => takeTask(deps, staffOf(request), request.params.id),
  );

  typed.post(
    '/api/expert/tasks/:id/messages',
    {
      onRequest,
      schema: {
        params: expertTaskParamsSchema,
        response: { 201: messageSchema, ...taskErrors, ...errorResponses(413, 422, 429, 503) },
      },
      config: { receivesFiles: true },
    },
    async (request, reply) => {
      // The customer's send's body, limits and storage (docs/decisions/026-the-human-half.md).
      const { fields, files } = await readMessageBody(
        request,
        { maxFiles: MAX_FILES_PER_MESSAGE, storage: deps.storage, onFile: (file) => countUploadBytes(deps, request.ip, file.size) },
        expertReplyRequestSchema,
      );
      return reply.code(201).send(await replyAsExpert(deps, staffOf(request), request.params.id, fields.content, files));
    },
  );

  typed.post(
    '/api/expert/tasks/:id/status',
    {
      onRequest,
      schema: { params: expertTaskParamsSchema, body: expertStatusRequestSchema, response: { 200: expertTaskSchema, ...taskErrors } },
    },
    async (request) => setTaskStatus(deps, staffOf(request), request.params.id, request.body.status, request.body.hours),
  );

  typed.post(
    '/api/expert/tasks/:id/done',
    { onRequest, schema: { params: expertTaskParamsSchema, response: { 200: expertTaskSchema, ...taskErrors } } },
    async (request) => setTaskStatus(deps, staffOf(request), request.params.id, 'DONE'),
  );

  typed.post(
    '/api/expert/tasks/:id/repository/credentials',
    { onRequest, schema: { params: expertTaskParamsSchema, response: { 200: repositoryResponseSchema, ...taskErrors } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return repositoryCredentials(deps, staffOf(request), request.params.id, originOf(request, deps));
    },
  );
}
