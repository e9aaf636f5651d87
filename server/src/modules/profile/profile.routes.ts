import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema, profileResponseSchema, profileUpdateSchema } from '@unstuck/contract';
import type { AppDeps } from '../../app-deps.ts';
import { badRequest } from '../../lib/errors.ts';
import { firstIssue } from '../../lib/zod-detail.ts';
import { admitUsers, userOf } from '../auth/caller.ts';
import { readProfile, saveProfile } from './profile.service.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** The signed-in user's own profile: read it, and save it (docs/product.md "Calls" `PUT /api/v1/users/profile`). */
export function registerProfileRoutes(app: FastifyInstance, deps: AppDeps) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/v1/users/profile',
    { onRequest: admitUsers(deps), schema: { response: { 200: profileResponseSchema, ...errors } } },
    async (request) => readProfile(deps, userOf(request)),
  );

  // Who is asking comes first (onRequest): a stranger learns nothing about the body's rules.
  typed.put(
    '/api/v1/users/profile',
    { onRequest: admitUsers(deps), schema: { response: { 200: profileResponseSchema, ...errors } } },
    async (request) => {
      const parsed = profileUpdateSchema.safeParse(request.body ?? {});
      if (!parsed.success) throw badRequest(firstIssue(parsed.error));
      return saveProfile(deps, userOf(request), parsed.data);
    },
  );
}
