import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authProvidersResponseSchema,
  errorResponseSchema,
  loginQuerySchema,
  logoutResponseSchema,
  sessionRequestSchema,
  sessionResponseSchema,
  currentUserResponseSchema,
  type SignInMode,
} from '@unstuck/contract';
import type { AppDeps } from '../../app-deps.ts';
import type { Config } from '../../config.ts';
import { clientAddressKey } from '../../lib/client-address.ts';
import { createDatabaseRateLimitStore } from '../../lib/rate-limit-store.ts';
import type { RouteSecurityHeaders } from '../../lib/security-headers.ts';
import { AppError } from '../../lib/errors.ts';
import { tooManySignIns } from './auth.errors.ts';
import { identifyCaller, requireUser } from './caller.ts';
import { exchangeSignInCode, readCurrentClaims, refreshSession } from './session.service.ts';
import type { SignInProviders } from './identity-registry.ts';
import { SignInError, signInErrorCode } from './sign-in-errors.ts';
import { sendSignInResult, type SignInTarget } from './sign-in-result.ts';
import { finishSignIn, SIGN_IN_CODE_TTL_SECONDS, startSignIn, type SignInOutcome } from './sign-in.service.ts';
import { newBrowserKey } from './auth.repository.ts';

const STATE_COOKIE = 'unstuck_sign_in_state';
/**
 * Binds one-time codes to the browser that finished the sign-in (and so started it: the state
 * cookie): `POST /api/auth/session` refuses a code without it, so an attacker's `/?auth_code=` link
 * cannot sign somebody else's browser in (login CSRF). Reused while it lives, so two
 * sign-ins in two tabs do not undo each other.
 */
const BROWSER_COOKIE = 'unstuck_sign_in_browser';
const CALLBACK_PREFIX = '/api/auth/callback';
const providerParams = z.object({ provider: z.string().min(1).max(40) });
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 429: errorResponseSchema };
// Result pages post to window.opener: they carry a script nonce and must not cut the opener off.
const resultPage = {
  config: { securityHeaders: { cspNonces: true, options: { crossOriginOpenerPolicy: { policy: 'unsafe-none' } } } },
} satisfies {
  config: { securityHeaders: RouteSecurityHeaders };
};

/**
 * The sign-in calls (docs/decisions/004-sign-in.md): the provider list, the OpenID
 * Connect redirect and callback, the one-time code exchange, token refresh and logout. Sign-in
 * calls are rate limited per IP (SIGN_IN_RATE_LIMIT a minute; 429 with Retry-After).
 */
export async function registerAuthRoutes(app: FastifyInstance, deps: AppDeps & SignInProviders): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(cookie);
    await scope.register(rateLimit, {
      global: false,
      store: createDatabaseRateLimitStore(deps.db),
      keyGenerator: (request) => clientAddressKey(request.ip, deps.config.CLIENT_IPV6_PREFIX_LENGTH),
    });
    const limited = {
      rateLimit: { max: deps.config.SIGN_IN_RATE_LIMIT, timeWindow: '1 minute', errorResponseBuilder: tooManySignIns },
    };
    const typed = scope.withTypeProvider<ZodTypeProvider>();

    typed.get('/api/auth/providers', { schema: { response: { 200: authProvidersResponseSchema } } }, async (request) => ({
      providers: deps.identity.list().map(({ id, name }) => ({ id, name })),
      mode: signInMode(deps.config, requestOrigin(request)),
    }));

    typed.get(
      '/api/auth/login/:provider',
      {
        schema: { params: providerParams, querystring: loginQuerySchema },
        config: { ...limited, ...resultPage.config },
        // Also reached by a rate-limited or malformed request: answer with a result page, not JSON.
        errorHandler: (error: FastifyError, request, reply) => {
          const limitedOut = error instanceof AppError && error.statusCode === 429;
          const query = request.query as Record<string, unknown>;
          const target = defaultTarget(deps.config, request, query.mode === 'popup' ? 'popup' : 'redirect');
          reply.code(limitedOut ? 429 : 400);
          return sendSignInResult(reply, target, { error: limitedOut ? 'too-many-requests' : 'other', cause: error });
        },
      },
      async (request, reply) => {
        const target: SignInTarget = { ...defaultTarget(deps.config, request, request.query.mode), returnTo: request.query.return_to };
        try {
          if (requestOrigin(request) !== target.appOrigin) {
            // The provider knows only PUBLIC_URL's callback, and the state cookie would not come back here.
            throw new SignInError('unauthorized-domain', `Sign-in must start at ${target.appOrigin}`);
          }
          const started = await startSignIn(deps, {
            providerId: request.params.provider,
            returnTo: target.returnTo,
            mode: target.mode,
            origin: target.appOrigin,
          });
          reply.setCookie(STATE_COOKIE, started.state, {
            path: CALLBACK_PREFIX,
            httpOnly: true,
            sameSite: 'lax',
            secure: target.appOrigin.startsWith('https:'),
            maxAge: 600,
          });
          return reply.header('cache-control', 'no-store').redirect(started.location, 302);
        } catch (error) {
          return sendFailure(request, reply, target, { error: signInErrorCode(error), cause: error });
        }
      },
    );

    typed.get(`${CALLBACK_PREFIX}/:provider`, { ...resultPage, schema: { params: providerParams } }, async (request, reply) => {
      const query = new URL(request.url, 'http://callback.invalid').searchParams;
      const browserKey = request.cookies[BROWSER_COOKIE] ?? newBrowserKey();
      const { attempt, outcome } = await finishSignIn(deps, {
        providerId: request.params.provider,
        query,
        boundState: request.cookies[STATE_COOKIE],
        browserKey,
      });
      reply.clearCookie(STATE_COOKIE, { path: CALLBACK_PREFIX });
      const target = attempt ?? defaultTarget(deps.config, request, 'redirect');
      if ('code' in outcome) {
        reply.setCookie(BROWSER_COOKIE, browserKey, {
          path: '/api/auth',
          httpOnly: true,
          sameSite: 'lax',
          secure: target.appOrigin.startsWith('https:'),
          maxAge: SIGN_IN_CODE_TTL_SECONDS,
        });
      }
      return 'error' in outcome ? sendFailure(request, reply, target, outcome) : sendSignInResult(reply, target, outcome);
    });

    typed.post(
      '/api/auth/session',
      { schema: { body: sessionRequestSchema, response: { 200: sessionResponseSchema, ...errors } }, config: limited },
      async (request) => exchangeSignInCode(deps, request.body.code, request.cookies[BROWSER_COOKIE]),
    );

    typed.post('/api/auth/refresh', { schema: { response: { 200: sessionResponseSchema, ...errors } }, config: limited }, async (request) =>
      refreshSession(deps, requireUser(await identifyCaller(request, deps.tokens)).token),
    );

    typed.get('/api/auth/me', { schema: { response: { 200: currentUserResponseSchema, ...errors } } }, async (request) => ({
      user: await readCurrentClaims(deps, requireUser(await identifyCaller(request, deps.tokens)).token),
    }));

    typed.post('/api/auth/logout', { schema: { response: { 200: logoutResponseSchema, ...errors } } }, async (request) => {
      const caller = requireUser(await identifyCaller(request, deps.tokens));
      await deps.tokens.endSession(caller.token);
      return { status: 'signed_out' as const };
    });
  });
}

/** `https://host[:port]` the browser used, as the proxy reports it (Fastify's trustProxy). */
const requestOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** The app's origin: PUBLIC_URL when set (the only domain providers know), else the request's. */
const appOrigin = (config: Config, request: FastifyRequest) =>
  config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : requestOrigin(request);

function defaultTarget(config: Config, request: FastifyRequest, mode: SignInMode): SignInTarget {
  return { mode, appOrigin: appOrigin(config, request), returnTo: '/' };
}

/** Popup sign-in applies on the production domain only (docs/product.md "Calls" "Identity provider"). */
function signInMode(config: Config, origin: string): SignInMode {
  const onProductionDomain = config.NODE_ENV === 'production' && config.PUBLIC_URL && origin === new URL(config.PUBLIC_URL).origin;
  return onProductionDomain ? 'popup' : 'redirect';
}

/** Sends a failed sign-in's result; failures an operator can act on are logged. */
function sendFailure(
  request: FastifyRequest,
  reply: FastifyReply,
  target: SignInTarget,
  outcome: Extract<SignInOutcome, { error: unknown }>,
) {
  if (outcome.error === 'internal' || outcome.error === 'configuration' || outcome.error === 'network') {
    request.log.warn({ err: outcome.cause, code: outcome.error }, 'sign-in failed');
  }
  return sendSignInResult(reply, target, outcome);
}
