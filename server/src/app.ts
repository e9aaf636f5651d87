import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { hasZodFastifySchemaValidationErrors, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps.ts';
import { AppError } from './lib/errors.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { registerEmbeddedOpRoutes } from './modules/auth/embedded-op/embedded-op.routes.ts';
import { registerGuestHandoverRoutes } from './modules/auth/guest-handover.routes.ts';
import { registerChatRoutes } from './modules/chat/chat.routes.ts';
import { registerDebugRoutes } from './modules/debug/debug.routes.ts';
import { registerFileRoutes } from './modules/files/files.routes.ts';
import { registerHealthRoutes } from './modules/health/health.routes.ts';
import { registerProposalRoutes } from './modules/proposals/proposals.routes.ts';
import { registerSiteRoutes } from './modules/site/site.routes.ts';

/** The built web app; served when present (`npm run build` makes it). */
export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/**
 * Builds the HTTP application: the REST API of spec §7 and the built web app, from explicit
 * dependencies (CONVENTIONS.md "Server composition"). Does not listen.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: deps.config.LOG_LEVEL },
    trustProxy: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return reply.code(error.statusCode).send({ detail: error.detail });
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const field = issue?.instancePath.replace(/^\//, '').replaceAll('/', '.');
      return reply.code(400).send({ detail: field ? `${field}: ${issue?.message}` : (issue?.message ?? 'Invalid request') });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ detail: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ detail: 'Internal server error' });
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: { 'img-src': ["'self'", 'data:', 'blob:'], 'connect-src': ["'self'"] },
    },
    // Popup sign-in: the app must keep its link to the popup it opens (docs/decisions/004-sign-in.md).
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  await app.register(multipart);

  registerHealthRoutes(app, deps);
  registerSiteRoutes(app, deps);
  registerChatRoutes(app, deps);
  registerProposalRoutes(app, deps);
  registerFileRoutes(app, deps);
  await registerAuthRoutes(app, deps);
  registerGuestHandoverRoutes(app, deps);
  if (deps.identity.embedded) await registerEmbeddedOpRoutes(app, deps.identity.embedded);
  if (deps.config.DEBUG_PAGES) registerDebugRoutes(app, deps);

  const hasWeb = existsSync(path.join(WEB_DIST, 'index.html'));
  if (hasWeb) await app.register(fastifyStatic, { root: WEB_DIST, wildcard: false });
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    // Paths with a file extension are assets: a missing one is a 404, not the app's page.
    const isPage = request.method === 'GET' && !/^\/(api|oidc)(\/|$)/.test(pathname) && !/\.[a-z0-9]+$/i.test(pathname);
    // The single-page app owns every other path (spec §2: unknown paths end at /).
    if (isPage && hasWeb) return reply.type('text/html').sendFile('index.html');
    return reply.code(404).send({ detail: `Not found: ${request.method} ${pathname}` });
  });
  return app;
}
