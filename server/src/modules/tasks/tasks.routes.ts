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
import { identifyCaller, requireCaller, requireUser } from '../auth/caller.ts';
import { confirmDoneTask, listUserTasks, rateDoneTask, readConversationTask, reopenDoneTask } from './tasks.service.ts';

const taskErrors = errorResponses(400, 401, 404, 409);

/**
 * The customer's tasks: `GET /api/v2/user/tasks` (the dashboard's "Your Active Jobs"), a
 * conversation's task (the chat), and the answers to done work: confirm, reopen, rate (decision 029).
 */
export function registerUserTaskRoutes(app: FastifyInstance, deps: AppDeps) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get('/api/v2/user/tasks', { schema: { response: { 200: userTasksResponseSchema, ...errorResponses(401) } } }, async (request) => {
    const caller = requireUser(await identifyCaller(request, deps.tokens));
    return { tasks: await listUserTasks(deps, caller) };
  });

  typed.get(
    '/api/v2/conversations/:conversationId/task',
    { schema: { params: conversationParamsSchema, response: { 200: userTaskSchema, ...errorResponses(400, 401, 404) } } },
    async (request) => readConversationTask(deps, requireCaller(await identifyCaller(request, deps.tokens)), request.params.conversationId),
  );

  typed.post(
    '/api/v2/user/tasks/:id/confirm',
    { schema: { params: userTaskParamsSchema, response: { 200: userTaskSchema, ...taskErrors } } },
    async (request) => confirmDoneTask(deps, requireUser(await identifyCaller(request, deps.tokens)), request.params.id),
  );

  typed.post(
    '/api/v2/user/tasks/:id/reopen',
    { schema: { params: userTaskParamsSchema, response: { 200: userTaskSchema, ...taskErrors } } },
    async (request) => reopenDoneTask(deps, requireUser(await identifyCaller(request, deps.tokens)), request.params.id),
  );

  typed.post(
    '/api/v2/user/tasks/:id/rating',
    { schema: { params: userTaskParamsSchema, body: taskRatingRequestSchema, response: { 200: userTaskSchema, ...taskErrors } } },
    async (request) => rateDoneTask(deps, requireUser(await identifyCaller(request, deps.tokens)), request.params.id, request.body),
  );
}
