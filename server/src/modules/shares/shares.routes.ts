import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accessRequestBodySchema,
  accessRequestListQuerySchema,
  accessRequestListSchema,
  accessRequestResponseSchema,
  accessRequestSchema,
  adminIdParamsSchema,
  approveAccessRequestSchema,
  createShareRequestSchema,
  createShareResponseSchema,
  shareLinkListSchema,
  shareLinkSchema,
  shareResponseSchema,
  shareTokenParamsSchema,
} from '@unstuck/contract';
import type { AppDeps } from '../../app-deps.ts';
import type { Config } from '../../config.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { admitAdmins, staffOf } from '../auth/staff.ts';
import { sendStoredFile } from '../files/file-reply.ts';
import {
  answerAccessRequest,
  createShareLink,
  listShareAccessRequests,
  listShareLinks,
  openSharedFile,
  openSharedTask,
  requestShareAccess,
  revokeShareLink,
} from './shares.service.ts';

/** Where people reach the app: PUBLIC_URL when set, else the address this request used. */
const appOrigin = (config: Config, request: FastifyRequest) =>
  config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : `${request.protocol}://${request.host}`;

const publicErrors = errorResponses(400, 403, 404, 410, 429);

/**
 * Task sharing: the admin calls (create a link, docs/product.md "Calls"; list and revoke links; read, approve
 * and decline access requests) and the public calls of docs/product.md "Public share calls", plus the shared conversation's
 * attachments while the link is valid. Public answers are never cached; every page of the app sends
 * `Referrer-Policy: no-referrer` (helmet), so a token in the address does not leak to other sites.
 */
export function registerShareRoutes(app: FastifyInstance, deps: AppDeps) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = admitAdmins(deps);

  typed.post(
    '/api/admin/tasks/:id/share',
    {
      onRequest,
      schema: {
        params: adminIdParamsSchema,
        body: createShareRequestSchema,
        response: { 201: createShareResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const created = await createShareLink(deps, staffOf(request), {
        taskId: request.params.id,
        expiryHours: request.body.expiry_hours,
        origin: appOrigin(deps.config, request),
      });
      return reply.code(201).header('cache-control', 'no-store').send(created);
    },
  );

  typed.get(
    '/api/admin/tasks/:id/shares',
    { onRequest, schema: { params: adminIdParamsSchema, response: { 200: shareLinkListSchema, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => ({ shares: await listShareLinks(deps, request.params.id) }),
  );

  typed.delete(
    '/api/admin/shares/:id',
    { onRequest, schema: { params: adminIdParamsSchema, response: { 200: shareLinkSchema, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => revokeShareLink(deps, staffOf(request), request.params.id),
  );

  typed.get(
    '/api/admin/access-requests',
    {
      onRequest,
      schema: { querystring: accessRequestListQuerySchema, response: { 200: accessRequestListSchema, ...errorResponses(400, 401, 403) } },
    },
    async (request) => ({ access_requests: await listShareAccessRequests(deps, request.query.task_id) }),
  );

  const answerErrors = errorResponses(400, 401, 403, 404, 409);
  typed.post(
    '/api/admin/access-requests/:id/approve',
    {
      onRequest,
      schema: { params: adminIdParamsSchema, body: approveAccessRequestSchema, response: { 200: accessRequestSchema, ...answerErrors } },
    },
    async (request) =>
      answerAccessRequest(deps, staffOf(request), request.params.id, {
        status: 'approved',
        expiryHours: request.body.expiry_hours,
        origin: appOrigin(deps.config, request),
      }),
  );

  typed.post(
    '/api/admin/access-requests/:id/decline',
    { onRequest, schema: { params: adminIdParamsSchema, response: { 200: accessRequestSchema, ...answerErrors } } },
    async (request) => answerAccessRequest(deps, staffOf(request), request.params.id, { status: 'declined' }),
  );

  typed.get(
    '/api/task-share/:shareToken',
    { schema: { params: shareTokenParamsSchema, response: { 200: shareResponseSchema, ...publicErrors } } },
    async (request, reply) => {
      const shared = await openSharedTask(deps, request.params.shareToken, request.ip);
      return reply.header('cache-control', 'no-store').send(shared);
    },
  );

  typed.post(
    '/api/task-share/:shareToken/request-access',
    {
      schema: {
        params: shareTokenParamsSchema,
        body: accessRequestBodySchema,
        response: { 200: accessRequestResponseSchema, ...publicErrors },
      },
    },
    async (request) => {
      await requestShareAccess(deps, request.params.shareToken, request.body, request.ip);
      return { status: 'ok' as const };
    },
  );

  typed.get(
    '/api/task-share/:shareToken/files/:index',
    {
      schema: {
        params: shareTokenParamsSchema.extend({ index: z.coerce.number().int().min(0).max(10_000) }),
      },
    },
    async (request, reply) => {
      const { record, data } = await openSharedFile(deps, request.params.shareToken, request.params.index, request.ip);
      // Access ends with the link: no browser may keep a copy past it.
      return sendStoredFile(reply, record, data, 'no-store');
    },
  );
}
