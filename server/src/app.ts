import Fastify, { LogController, type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ServerDeps } from './deps.ts';
import { recordAllowedMethods } from './lib/allowed-methods.ts';
import { answerClientError, handleError, handleFrameworkError, MAX_PARAM_LENGTH } from './lib/error-handler.ts';
import { registerRequestLog } from './lib/logging.ts';
import { rejectNulCharacters } from './lib/nul-characters.ts';
import { registerSecurityHeaders } from './lib/security-headers.ts';
import { registerAdminRoutes } from './modules/admin/admin.routes.ts';
import { registerApiKeyRoutes } from './modules/api-keys/api-keys.routes.ts';
import { registerAuditRoutes } from './modules/audit/audit.routes.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { registerEmbeddedOpRoutes } from './modules/auth/embedded-op/embedded-op.routes.ts';
import { admitAdmins } from './modules/auth/staff.ts';
import { registerGuestHandoverRoutes } from './modules/guest-handover/guest-handover.routes.ts';
import { registerChatRoutes } from './modules/chat/chat.routes.ts';
import { registerUploadRoutes } from './modules/chat/upload.routes.ts';
import { registerCodeSharingRoutes } from './modules/code-sharing/code-sharing.routes.ts';
import { registerDebugRoutes } from './modules/debug/debug.routes.ts';
import { registerEmailRoutes } from './modules/email/email.routes.ts';
import { registerExpertRoutes } from './modules/expert/expert.routes.ts';
import { registerMcpRoutes } from './modules/external-agents/mcp/mcp.routes.ts';
import { registerMessagesApiRoutes } from './modules/external-agents/messages-api.routes.ts';
import { registerFileRoutes } from './modules/files/files.routes.ts';
import { registerUploadSlots } from './modules/files/upload-slots.ts';
import { registerHealthRoutes } from './modules/health/health.routes.ts';
import { registerInboundEmailRoutes } from './modules/inbound-email/inbound-email.routes.ts';
import { registerPaymentRoutes } from './modules/payments/payments.routes.ts';
import { registerProposalRoutes } from './modules/proposals/proposals.routes.ts';
import { registerShareRoutes } from './modules/shares/shares.routes.ts';
import { openSharedTask } from './modules/shares/shares.service.ts';
import { registerOpenApi } from './modules/site/openapi.ts';
import { registerSiteRoutes } from './modules/site/site.routes.ts';
import { publicConfig } from './modules/site/public-config.ts';
import { registerWebApp } from './modules/site/web-app.ts';
import { registerUserTaskRoutes } from './modules/tasks/tasks.routes.ts';
import { registerProfileRoutes } from './modules/profile/profile.routes.ts';

/**
 * Builds the HTTP application: the REST API of docs/product.md "Calls" and the built web app, from explicit
 * dependencies (docs/conventions.md "Server composition"). Does not listen.
 */
export async function buildApp(deps: ServerDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.logger,
    // registerRequestLog writes one line per API request instead.
    logController: new LogController({ disableRequestLogging: true }),
    // Forwarded headers count only from the proxies TRUST_PROXY names: otherwise any client would
    // pick its own rate-limit address and origin.
    trustProxy: deps.config.TRUST_PROXY,
    // Slow-body and slow-header clients (slowloris) are cut off with 408 once the whole request took
    // longer than this; Node checks open requests every connectionsCheckingInterval.
    requestTimeout: deps.config.REQUEST_TIMEOUT_MS,
    http: {
      requestTimeout: deps.config.REQUEST_TIMEOUT_MS,
      headersTimeout: deps.config.REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: Math.min(1000, deps.config.REQUEST_TIMEOUT_MS),
    },
    // Requests cut off before routing (the timeout above, unparsable ones) answer `{ code, detail }` too.
    clientErrorHandler: answerClientError,
    // Requests the router refuses (an over-long or undecodable path) too.
    frameworkErrors: handleFrameworkError,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);

  // HSTS and upgrade-insecure-requests only where the app is served over https: sent over plain
  // http they make browsers refuse the app on any host name but localhost.
  const https = deps.config.PUBLIC_URL?.startsWith('https:') === true;
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      // No 'unsafe-inline' styles: the app's CSS is a file, React style props go through the CSSOM
      // (which CSP allows), so only injected <style> elements and style attributes are refused.
      directives: {
        'img-src': ["'self'", 'data:', 'blob:'],
        'connect-src': ["'self'"],
        'style-src': ["'self'"],
        'upgrade-insecure-requests': https ? [] : null,
      },
    },
    strictTransportSecurity: https,
    // Popup sign-in: the app must keep its link to the popup it opens (docs/decisions/004-sign-in.md).
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  await app.register(multipart);
  registerUploadSlots(app, {
    max: deps.config.UPLOADS_MAX_CONCURRENT,
    minBytesPerSecond: deps.config.UPLOAD_MIN_BYTES_PER_SECOND,
    rateWindowMs: deps.config.UPLOAD_RATE_WINDOW_MS,
    ipv6PrefixLength: deps.config.CLIENT_IPV6_PREFIX_LENGTH,
  });
  registerRequestLog(app);
  // Before each route's own validation, so no route stores or looks up text PostgreSQL refuses.
  // A callback hook, not an async one: it runs on every request (a throw here still answers 400).
  app.addHook('preValidation', (request, _reply, done) => {
    rejectNulCharacters(request.params, 'path');
    rejectNulCharacters(request.query, 'query string');
    rejectNulCharacters(request.body, 'body');
    done();
  });

  // Before every route: they collect their schemas and methods as they are registered.
  await registerOpenApi(app, deps);
  const allowedMethods = recordAllowedMethods(app, '/api/');
  registerHealthRoutes(app, deps);
  registerSiteRoutes(app, deps);
  registerChatRoutes(app, deps);
  registerProposalRoutes(app, deps);
  registerFileRoutes(app, deps);
  registerUploadRoutes(app, deps);
  registerCodeSharingRoutes(app, deps);
  await registerAuthRoutes(app, deps);
  registerGuestHandoverRoutes(app, deps);
  registerAdminRoutes(app, deps);
  registerApiKeyRoutes(app, deps);
  registerShareRoutes(app, deps);
  registerAuditRoutes(app, deps);
  registerExpertRoutes(app, deps);
  registerMessagesApiRoutes(app, deps);
  registerProfileRoutes(app, deps);
  registerUserTaskRoutes(app, deps);
  registerPaymentRoutes(app, deps);
  await registerEmailRoutes(app, deps, admitAdmins(deps));
  await registerInboundEmailRoutes(app, deps);
  await registerMcpRoutes(app, deps);
  if (deps.identity.embedded) await registerEmbeddedOpRoutes(app, deps.identity.embedded);
  if (deps.config.DEBUG_PAGES) registerDebugRoutes(app, deps);

  await registerWebApp(app, publicConfig(deps.config), {
    debugPages: deps.config.DEBUG_PAGES,
    allowedMethods,
    openSharedTask: (token, address) => openSharedTask(deps, token, address),
  });
  return app;
}
