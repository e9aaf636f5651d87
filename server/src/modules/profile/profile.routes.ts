import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema, profileResponseSchema, profileUpdateSchema } from '@unstuck/contract';
import type { AppDeps } from '../../app-deps.ts';
import { badRequest } from '../../lib/errors.ts';
import { firstIssue } from '../../lib/zod-detail.ts';
import { identifyCaller, requireUser } from '../auth/caller.ts';
import { readProfile, saveProfile } from './profile.service.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** The signed-in user's own profile: read it, and save it (spec §7 `PUT /api/v1/users/profile`). */
export function registerProfileRoutes(app: FastifyInstance, deps: AppDeps) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/api/v1/users/profile', { schema: { response: { 200: profileResponseSchema, ...errors } } }, async (request) => {
    const caller = requireUser(await identifyCaller(request, deps.tokens));
    return readProfile(deps, caller);
  });

  typed.put('/api/v1/users/profile', { schema: { response: { 200: profileResponseSchema, ...errors } } }, async (request) => {
    // Who is asking comes first: a stranger learns nothing about the body's rules.
    const caller = requireUser(await identifyCaller(request, deps.tokens));
    const parsed = profileUpdateSchema.safeParse(request.body ?? {});
    if (!parsed.success) throw badRequest(firstIssue(parsed.error));
    return saveProfile(deps, caller, parsed.data);
  });
}
