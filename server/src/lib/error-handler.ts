import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorCode, ErrorResponse } from '@unstuck/contract';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { databaseUnavailable, isDatabaseUnreachable } from './database-unreachable.ts';
import { AppError, codeForStatus } from './errors.ts';

/** The body of every JSON error answer (docs/decisions/024-error-codes.md). */
export const errorBody = (code: ErrorCode, detail: string): ErrorResponse => ({ code, detail });

const INTERNAL_ERROR = 'Internal server error';

/**
 * The app's one error handler: every error a route, hook or plugin throws becomes `{ code, detail }`.
 * An AppError answers its own code, status, text and headers; a failed schema validation 400
 * `invalid_request` naming the first field; Fastify's and its plugins' other 4xx (body too large,
 * wrong media type, bad JSON, multipart limits) the generic code of their status with their message;
 * a database that cannot be reached 503 `service_unavailable` with `Retry-After`; anything else is
 * logged and answers 500 `internal_error` with nothing about what failed.
 */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) return reply.code(error.statusCode).headers(error.headers).send(errorBody(error.code, error.detail));
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issue = error.validation[0];
    const field = issue?.instancePath.replace(/^\//, '').replaceAll('/', '.');
    return reply
      .code(400)
      .send(errorBody('invalid_request', field ? `${field}: ${issue?.message}` : (issue?.message ?? 'Invalid request')));
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return reply.code(error.statusCode).send(errorBody(codeForStatus(error.statusCode), error.message));
  }
  if (isDatabaseUnreachable(error)) {
    const unavailable = databaseUnavailable();
    request.log.warn({ err: error }, 'database unreachable');
    return reply.code(unavailable.statusCode).headers(unavailable.headers).send(errorBody(unavailable.code, unavailable.detail));
  }
  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send(errorBody('internal_error', INTERNAL_ERROR));
}

/**
 * Answers the requests Fastify's router refuses before any route (its `frameworkErrors` option), as
 * `{ code, detail }` instead of Fastify's own shape: a path segment over `maxParamLength` 414
 * `uri_too_long`, a path that cannot be percent-decoded 400 `invalid_request`; anything else as
 * {@link handleError} answers it. The path is not repeated: it may be megabytes long.
 */
export function handleFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.code(414).send(errorBody('uri_too_long', `A path segment is longer than ${MAX_PARAM_LENGTH} characters`));
  }
  if (error.code === 'FST_ERR_BAD_URL') return reply.code(400).send(errorBody('invalid_request', 'The path is not a valid URL'));
  return handleError(error, request, reply);
}

/** The longest path parameter the router reads (Fastify's default `maxParamLength`); longer ones answer 414. */
export const MAX_PARAM_LENGTH = 100;

/**
 * Answers a request Node's HTTP parser gave up on before Fastify saw it (Fastify's
 * `clientErrorHandler`): 408 `request_timeout` when it was not received within REQUEST_TIMEOUT_MS,
 * 431 for headers over Node's size limit, 400 for anything unparsable; each as `{ code, detail }`,
 * then the connection is closed. A reset or already closed connection gets nothing.
 */
export function answerClientError(this: FastifyInstance, error: ConnectionError, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, detail]: [number, ErrorCode, string] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'request_timeout', 'The request was not received in time']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'invalid_request', 'The request headers are too large']
        : [400, 'invalid_request', 'The request could not be read'];
  // Mostly network trouble or a load balancer's probe: nothing the operator needs at info level.
  this.log.trace({ err: error }, 'client error');
  writeErrorAndClose(socket, status, code, detail, error);
}

/**
 * Answers `{ code, detail }` with `status` straight on the connection and closes it: for requests
 * given up on below Fastify's reply (its body not yet read), whatever their route is doing with them.
 * @param error the reason the socket is destroyed with, if any.
 */
export function writeErrorAndClose(socket: Socket, status: number, code: ErrorCode, detail: string, error?: Error): void {
  if (socket.writable) {
    const body = JSON.stringify(errorBody(code, detail));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
