import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  conversationParamsSchema,
  taskRatingRequestSchema,
  userTaskParamsSchema,
  userTaskSchema,
  userTasksResponseSchema,
} from '@unstuck/contract';
import type { AppDeps } from '../../app-deps.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { admitCallers, admitUsers, callerOf, userOf } from '../auth/caller.ts';
import { confirmDoneTask, listUserTasks, rateDoneTask, readConversationTask, reopenDoneTask } from './tasks.service.ts';

const taskErrors = errorResponses(400, 401, 404, 409);

/**
 * The customer's tasks: `GET /api/v2/user/tasks` (the dashboard's "Your Active Jobs" and "Finished work"), a
 * conversation's task (the chat), and the answers to done work: confirm, reopen, rate (decision 069).
 */
export function registerUserTaskRoutes(app: FastifyInstance, deps: AppDeps) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = admitUsers(deps);
  typed.get(
    '/api/v2/user/tasks',
    { onRequest, schema: { response: { 200: userTasksResponseSchema, ...errorResponses(401) } } },
    async (request) => listUserTasks(deps, userOf(request)),
  );

  typed.get(
    '/api/v2/conversations/:conversationId/task',
    {
      onRequest: admitCallers(deps),
      schema: { params: conversationParamsSchema, response: { 200: userTaskSchema, ...errorResponses(400, 401, 404) } },
    },
    async (request) => readConversationTask(deps, callerOf(request), request.params.conversationId),
  );

  typed.post(
    '/api/v2/user/tasks/:id/confirm',
    { onRequest, schema: { params: userTaskParamsSchema, response: { 200: userTaskSchema, ...taskErrors } } },
    async (request) => confirmDoneTask(deps, userOf(request), request.params.id),
  );

  typed.post(
    '/api/v2/user/tasks/:id/reopen',
    { onRequest, schema: { params: userTaskParamsSchema, response: { 200: userTaskSchema, ...taskErrors } } },
    async (request) => reopenDoneTask(deps, userOf(request), request.params.id),
  );

  typed.post(
    '/api/v2/user/tasks/:id/rating',
    {
      onRequest,
      schema: { params: userTaskParamsSchema, body: taskRatingRequestSchema, response: { 200: userTaskSchema, ...taskErrors } },
    },
    async (request) => rateDoneTask(deps, userOf(request), request.params.id, request.body),
  );
}
