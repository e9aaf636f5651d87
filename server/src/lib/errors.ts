import type { ErrorCode } from '@unstuck/contract';

/**
 * A failure the caller can act on: `code` is what clients branch on (the contract's ERROR_CODES),
 * `statusCode` the HTTP status and `detail` the text the client shows (docs/product.md "Entities" "detail (error text)").
 * The central error handler turns it into `{ code, detail }` and sends `headers` with it (e.g.
 * `Retry-After` on a 429). Each module keeps its own in `<module>.errors.ts`
 * (docs/decisions/024-error-codes.md).
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    readonly statusCode: number,
    readonly detail: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(detail);
  }
}

/**
 * The generic code of an HTTP error status, for errors that name none (Fastify's and its plugins'):
 * 400 and any other 4xx without one of its own `invalid_request`, 5xx `internal_error` (502 and 503
 * keep theirs).
 */
export function codeForStatus(statusCode: number): ErrorCode {
  switch (statusCode) {
    case 401:
      return 'unauthenticated';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 405:
      return 'method_not_allowed';
    case 408:
      return 'request_timeout';
    case 409:
      return 'conflict';
    case 413:
      return 'payload_too_large';
    case 414:
      return 'uri_too_long';
    // @fastify/multipart answers 406 to a body that is not multipart: the same as a wrong media type.
    case 406:
    case 415:
      return 'unsupported_media_type';
    case 429:
      return 'rate_limited';
    case 502:
      return 'upstream_failed';
    case 503:
      return 'service_unavailable';
    default:
      return statusCode >= 500 ? 'internal_error' : 'invalid_request';
  }
}

/** Shorthands for the generic AppErrors: 400, 401 (default "Authentication required"), 403, 404, 409, each with its status's code. */
export const badRequest = (detail: string) => new AppError('invalid_request', 400, detail);
export const unauthorized = (detail = 'Authentication required') => new AppError('unauthenticated', 401, detail);
export const forbidden = (detail: string) => new AppError('forbidden', 403, detail);
export const notFound = (detail: string) => new AppError('not_found', 404, detail);
export const conflict = (detail: string) => new AppError('conflict', 409, detail);
/** 429 with `Retry-After` in whole seconds (RFC 9110 §10.2.3); `code` names the allowance when a client acts on it. */
export const tooManyRequests = (detail: string, retryAfterMs: number, code: ErrorCode = 'rate_limited') =>
  new AppError(code, 429, detail, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) });
