import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema, userTasksResponseSchema } from '@unstuck/contract';
import type { AppDeps } from '../../app-deps.ts';
import { admitUsers, userOf } from '../auth/caller.ts';
import { listActiveTasksOf } from './tasks.repository.ts';

/** `GET /api/v2/user/tasks`: the signed-in caller's own jobs that are not done (the dashboard's "Your Active Jobs"). */
export function registerUserTaskRoutes(app: FastifyInstance, deps: AppDeps) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/api/v2/user/tasks',
    { onRequest: admitUsers(deps), schema: { response: { 200: userTasksResponseSchema, 401: errorResponseSchema } } },
    async (request) => {
      const rows = await listActiveTasksOf(deps.db, userOf(request).id);
      return {
        tasks: rows.map((task) => ({
          id: task.id,
          title: task.title,
          status: task.status,
          createdAt: task.createdAt.toISOString(),
          conversationId: task.conversationId,
        })),
      };
    },
  );
}
