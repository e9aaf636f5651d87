import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  expertReplyRequestSchema,
  expertTaskListSchema,
  expertTaskParamsSchema,
  expertTaskSchema,
  messageSchema,
  adminMessageListSchema,
} from '@unstuck/contract';
import type { AppDeps } from '../../app-deps.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { admitExpertsAndAdmins, staffOf } from '../auth/staff.ts';
import { completeExpertTask, listQueue, readTaskConversation, replyAsExpert, takeTask } from './expert.service.ts';

const taskErrors = errorResponses(400, 401, 403, 404, 409);

/**
 * The expert queue (the hand-off to a human expert, beyond the spec), for experts and admins: the
 * accepted tasks, a task's conversation, take, reply as the expert, mark done.
 */
export function registerExpertRoutes(app: FastifyInstance, deps: AppDeps) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = admitExpertsAndAdmins(deps);

  typed.get(
    '/api/expert/tasks',
    { onRequest, schema: { response: { 200: expertTaskListSchema, ...errorResponses(401, 403) } } },
    async () => ({
      tasks: await listQueue(deps),
    }),
  );

  typed.get(
    '/api/expert/tasks/:id/messages',
    { onRequest, schema: { params: expertTaskParamsSchema, response: { 200: adminMessageListSchema, ...taskErrors } } },
    async (request) => ({ messages: await readTaskConversation(deps, request.params.id) }),
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
      schema: { params: expertTaskParamsSchema, body: expertReplyRequestSchema, response: { 201: messageSchema, ...taskErrors } },
    },
    async (request, reply) => reply.code(201).send(await replyAsExpert(deps, staffOf(request), request.params.id, request.body.content)),
  );

  typed.post(
    '/api/expert/tasks/:id/done',
    { onRequest, schema: { params: expertTaskParamsSchema, response: { 200: expertTaskSchema, ...taskErrors } } },
    async (request) => completeExpertTask(deps, staffOf(request), request.params.id),
  );
}
