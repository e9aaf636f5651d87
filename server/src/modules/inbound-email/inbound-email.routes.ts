import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { inboundPasswordRequired } from './inbound-email.errors.ts';
import { INBOUND_EMAIL_MAX_BYTES, receiveInboundEmail } from './inbound-email.service.ts';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request's HTTP Basic password (the user name is ignored) is INBOUND_EMAIL_PASSWORD; compared in constant time. */
function hasInboundPassword(request: FastifyRequest, password: string | undefined): boolean {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(request.headers.authorization ?? '');
  if (!password || !match) return false;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const given = decoded.slice(decoded.indexOf(':') + 1);
  return decoded.includes(':') && timingSafeEqual(digest(given), digest(password));
}

/**
 * `POST /api/email/inbound` (docs/product.md "Reply by email"): one raw email (`Content-Type:
 * message/rfc822`, as a Postfix or Exim pipe or a provider's inbound route sends it) with HTTP Basic
 * auth whose password is INBOUND_EMAIL_PASSWORD. 401 without it (checked before the body is read; always
 * when no password is set), 413 over 25 MB, 400 when it is no email, 204 otherwise, whether the reply
 * was stored or ignored (a relay must not retry an ignored email).
 */
export async function registerInboundEmailRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser('message/rfc822', { parseAs: 'buffer', bodyLimit: INBOUND_EMAIL_MAX_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(
      '/api/email/inbound',
      {
        bodyLimit: INBOUND_EMAIL_MAX_BYTES,
        onRequest: async (request) => {
          if (!hasInboundPassword(request, deps.config.INBOUND_EMAIL_PASSWORD)) throw inboundPasswordRequired();
        },
        schema: { response: { 204: z.null().describe('Taken in (stored or ignored)'), ...errorResponses(400, 401, 413, 415) } },
      },
      async (request, reply) => {
        const outcome = await receiveInboundEmail({ ...deps, log: request.log }, request.body as Buffer);
        request.log.info({ outcome }, 'inbound email');
        return reply.code(204).send();
      },
    );
  });
}
