import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/**
 * The address people reach this server at, for links the server hands out (repository URLs):
 * PUBLIC_URL without its trailing slashes, or else the scheme and host this request came to.
 */
export function originOf(request: FastifyRequest, deps: { config: Pick<Config, 'PUBLIC_URL'> }): string {
  return deps.config.PUBLIC_URL?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;
}
