import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminConversationListSchema,
  adminIdParamsSchema,
  adminRatingListSchema,
  assignTaskRequestSchema,
  adminMessageListSchema,
  adminTaskListSchema,
  adminTaskSchema,
  adminUserListSchema,
  adminUserParamsSchema,
  deleteConversationResponseSchema,
  deleteGuestDataResponseSchema,
  deleteTaskResponseSchema,
  deleteUserResponseSchema,
  refreshUserDataParamsSchema,
  refreshUserDataResponseSchema,
  setExpertRequestSchema,
  setExpertResponseSchema,
  updateAdminNotesRequestSchema,
} from '@unstuck/contract';
import type { AppDeps } from '../../app-deps.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { admitAdmins, staffOf } from '../auth/staff.ts';
import {
  deleteConversation,
  listMessagesForStaff,
  listTasks,
  listUserConversations,
  readAdminTask,
  removeTask,
  updateAdminNotes,
} from './admin-content.service.ts';
import { assignTaskByAdmin } from '../expert/expert.service.ts';
import { listRatings } from '../tasks/tasks.service.ts';
import { deleteAllGuestData, deleteUser, listUsers, refreshUserData, setExpert } from './admin-users.service.ts';

const denied = errorResponses(401, 403);

/**
 * The admin calls of docs/product.md "Calls" on users, conversations and tasks (Bearer only; every call checks on
 * the server that the caller is an admin now: 401 without a sign-in, 403 otherwise). Every change
 * is written to the audit log. API keys, share links and the audit log have their own modules.
 */
export function registerAdminRoutes(app: FastifyInstance, deps: AppDeps) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = admitAdmins(deps);

  typed.get('/api/admin/users', { onRequest, schema: { response: { 200: adminUserListSchema, ...denied } } }, async () => listUsers(deps));

  typed.post(
    '/api/admin/users/set-expert',
    {
      onRequest,
      schema: { body: setExpertRequestSchema, response: { 200: setExpertResponseSchema, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => setExpert(deps, staffOf(request), request.body),
  );

  // The spec's path names the provider inside a segment: /api/admin/users/{id}/refresh-{provider}-data.
  typed.post(
    '/api/admin/users/:id/refresh-:provider-data',
    {
      onRequest,
      schema: {
        params: refreshUserDataParamsSchema,
        response: { 200: refreshUserDataResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => refreshUserData(deps, staffOf(request), request.params.id, request.params.provider),
  );

  typed.delete(
    '/api/admin/users/:id',
    {
      onRequest,
      schema: { params: adminUserParamsSchema, response: { 200: deleteUserResponseSchema, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => deleteUser({ ...deps, log: request.log }, staffOf(request), request.params.id),
  );

  typed.delete(
    '/api/admin/guests/delete-all',
    { onRequest, schema: { response: { 200: deleteGuestDataResponseSchema, ...denied } } },
    async (request) => deleteAllGuestData({ ...deps, log: request.log }, staffOf(request)),
  );

  typed.get(
    '/api/admin/users/:id/conversations',
    {
      onRequest,
      schema: { params: adminUserParamsSchema, response: { 200: adminConversationListSchema, ...errorResponses(401, 403, 404) } },
    },
    async (request) => ({ conversations: await listUserConversations(deps, request.params.id) }),
  );

  typed.get(
    '/api/admin/conversations/:id/messages',
    {
      onRequest,
      schema: { params: adminIdParamsSchema, response: { 200: adminMessageListSchema, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => ({ messages: await listMessagesForStaff(deps, request.params.id) }),
  );

  typed.delete(
    '/api/admin/conversations/:id',
    {
      onRequest,
      schema: { params: adminIdParamsSchema, response: { 200: deleteConversationResponseSchema, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => deleteConversation({ ...deps, log: request.log }, staffOf(request), request.params.id),
  );

  typed.get('/api/v2/tasks', { onRequest, schema: { response: { 200: adminTaskListSchema, ...denied } } }, async () => listTasks(deps));

  typed.delete(
    '/api/admin/tasks/:id',
    {
      onRequest,
      schema: { params: adminIdParamsSchema, response: { 200: deleteTaskResponseSchema, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => removeTask({ ...deps, log: request.log }, staffOf(request), request.params.id),
  );

  typed.patch(
    '/api/admin/tasks/:id',
    {
      onRequest,
      schema: {
        params: adminIdParamsSchema,
        body: updateAdminNotesRequestSchema,
        response: { 200: adminTaskSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => updateAdminNotes(deps, staffOf(request), request.params.id, request.body.adminNotes),
  );

  typed.post(
    '/api/admin/tasks/:id/assign',
    {
      onRequest,
      schema: {
        params: adminIdParamsSchema,
        body: assignTaskRequestSchema,
        response: { 200: adminTaskSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await assignTaskByAdmin(deps, staffOf(request), request.params.id, request.body.expertId);
      return readAdminTask(deps.db, request.params.id);
    },
  );

  typed.get('/api/admin/ratings', { onRequest, schema: { response: { 200: adminRatingListSchema, ...denied } } }, async () =>
    listRatings(deps),
  );
}
