import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { InteractionResults } from 'oidc-provider';
import { z } from 'zod';
import { signInStarting } from '../auth.errors.ts';
import { devErrorPage, devLoginPage } from './dev-login-page.ts';
import { EMBEDDED_OP_PATH, type EmbeddedOp, type RunningEmbeddedOp } from './embedded-op.ts';

const interactionParams = z.object({ uid: z.string().min(1).max(200) });
const loginForm = z.object({ email: z.string().max(320).default(''), name: z.string().max(200).default('') });
const emailSchema = z.email();
// In a sign-in popup every page must keep the opener: a change of COOP value on the way to the
// callback page (unsafe-none) would cut the popup off from the app (docs/decisions/004-sign-in.md).
const POPUP_SAFE_COOP = 'unsafe-none';

/**
 * Mounts the embedded OpenID provider under `/oidc` (its Koa handler behind `reply.hijack()`, as
 * oidc-provider's "Mounting" guide does for frameworks it has no adapter for) and serves its login
 * page at `/oidc/interaction/{uid}`.
 */
export async function registerEmbeddedOpRoutes(app: FastifyInstance, op: EmbeddedOp): Promise<void> {
  await app.register(async (scope) => {
    // oidc-provider reads and parses request bodies itself: leave the stream untouched.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const mount = async (request: FastifyRequest, reply: FastifyReply) => {
      const running = requireRunning(op);
      reply.hijack();
      const raw: IncomingMessage & { originalUrl?: string } = request.raw;
      const url = raw.url ?? EMBEDDED_OP_PATH;
      // The provider routes on the path below its mount point and rebuilds URLs from originalUrl.
      raw.originalUrl = url;
      const below = url.slice(EMBEDDED_OP_PATH.length);
      raw.url = below.startsWith('/') ? below : `/${below}`;
      await running.handle(raw, reply.raw);
    };
    scope.all(EMBEDDED_OP_PATH, mount);
    scope.all(`${EMBEDDED_OP_PATH}/*`, mount);
  });

  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    const base = `${EMBEDDED_OP_PATH}/interaction/:uid`;

    typed.get(base, { schema: { params: interactionParams } }, async (request, reply) => {
      const running = requireRunning(op);
      const interaction = await loadLoginInteraction(running, request, reply, request.params.uid);
      if (!interaction) return sendExpired(reply);
      const hint = typeof interaction.params.login_hint === 'string' ? interaction.params.login_hint : undefined;
      return sendLoginPage(reply, interaction.params.redirect_uri, { uid: request.params.uid, email: hint });
    });

    typed.post(`${base}/login`, { schema: { params: interactionParams, body: loginForm } }, async (request, reply) => {
      const running = requireRunning(op);
      const interaction = await loadLoginInteraction(running, request, reply, request.params.uid);
      if (!interaction) return sendExpired(reply);
      const { email, name } = request.body;
      if (!emailSchema.safeParse(email.trim()).success) {
        return sendLoginPage(reply.code(400), interaction.params.redirect_uri, {
          uid: request.params.uid,
          email,
          name,
          error: 'Enter a valid email address.',
        });
      }
      const accountId = await op.saveAccount(email, name.trim() || null);
      return finish(running, request, reply, { login: { accountId } });
    });

    typed.post(`${base}/abort`, { schema: { params: interactionParams } }, async (request, reply) => {
      const running = requireRunning(op);
      if (!(await loadLoginInteraction(running, request, reply, request.params.uid))) return sendExpired(reply);
      // The relying party receives error=access_denied, as from a real provider's Cancel.
      return finish(running, request, reply, { error: 'access_denied', error_description: 'The sign-in was cancelled' });
    });
  });
}

function requireRunning(op: EmbeddedOp): RunningEmbeddedOp {
  if (!op.running) throw signInStarting();
  return op.running;
}

/**
 * The login interaction this browser is in (oidc-provider finds it by its interaction cookie).
 * @returns null when the cookie is missing or expired, or names another interaction than the URL.
 */
async function loadLoginInteraction(running: RunningEmbeddedOp, request: FastifyRequest, reply: FastifyReply, uid: string) {
  try {
    const interaction = await running.provider.interactionDetails(request.raw, reply.raw);
    return interaction.uid === uid && interaction.prompt.name === 'login' ? interaction : null;
  } catch (error) {
    if (error instanceof Error && error.name === 'SessionNotFound') return null;
    throw error;
  }
}

async function finish(running: RunningEmbeddedOp, request: FastifyRequest, reply: FastifyReply, result: InteractionResults) {
  reply.hijack();
  await running.provider.interactionFinished(request.raw, reply.raw, result, { mergeWithLastSubmission: false });
}

function sendLoginPage(reply: FastifyReply, redirectUri: unknown, page: Parameters<typeof devLoginPage>[0]) {
  // The form's redirects end at the client's callback, which CSP form-action must allow too.
  const formTargets = ["'self'"];
  if (typeof redirectUri === 'string' && URL.canParse(redirectUri)) formTargets.push(new URL(redirectUri).origin);
  return reply
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'unsafe-inline'; form-action ${formTargets.join(' ')}; frame-ancestors 'none'`,
    )
    .header('cache-control', 'no-store')
    .header('cross-origin-opener-policy', POPUP_SAFE_COOP)
    .type('text/html')
    .send(devLoginPage(page));
}

function sendExpired(reply: FastifyReply) {
  return reply
    .code(400)
    .header('cache-control', 'no-store')
    .header('cross-origin-opener-policy', POPUP_SAFE_COOP)
    .type('text/html')
    .send(devErrorPage('This sign-in attempt has expired or was already used.'));
}
