/**
 * A failure the caller can act on: `statusCode` is the HTTP status and `detail` the text the
 * client shows (spec §3 "detail (error text)"). The central error handler turns it into
 * `{ detail }` and sends `headers` with it (e.g. `Retry-After` on a 429).
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(detail);
  }
}

/** Shorthands for the AppErrors the API answers most: 400, 401 (default "Authentication required"), 403, 404, 409. */
export const badRequest = (detail: string) => new AppError(400, detail);
export const unauthorized = (detail = 'Authentication required') => new AppError(401, detail);
export const forbidden = (detail: string) => new AppError(403, detail);
export const notFound = (detail: string) => new AppError(404, detail);
export const conflict = (detail: string) => new AppError(409, detail);
/** 429 with `Retry-After` in whole seconds (RFC 9110 §10.2.3). */
export const tooManyRequests = (detail: string, retryAfterMs: number) =>
  new AppError(429, detail, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) });
