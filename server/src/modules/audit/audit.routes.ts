import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditLogQuerySchema, auditLogResponseSchema } from '@unstuck/contract';
import type { AppDeps } from '../../app-deps.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { admitAdmins } from '../auth/staff.ts';
import { listAudit } from './audit.repository.ts';

/** `GET /api/admin/audit-log?limit=&before=`: who changed what and when, newest first (admins only). */
export function registerAuditRoutes(app: FastifyInstance, deps: AppDeps) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/audit-log',
    {
      onRequest: admitAdmins(deps),
      schema: { querystring: auditLogQuerySchema, response: { 200: auditLogResponseSchema, ...errorResponses(400, 401, 403) } },
    },
    async (request) => listAudit(deps.db, request.query),
  );
}
