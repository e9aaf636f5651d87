import { isErrorCode, type ErrorCode } from '@unstuck/contract';
import type { z } from 'zod';
import { createGuestSessionId, getAuthToken, getOrCreateGuestSessionId } from './storage.ts';

/**
 * An answer of the API that was not 2xx, with the `code` and `detail` of its error body when there
 * is one. Callers branch on `code` (the contract's ERROR_CODES, docs/decisions/024-error-codes.md);
 * it is null for an answer that is not ours (a proxy's 502) or a code this build does not know.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly detail: string | null;
  readonly code: ErrorCode | null;
  /** Seconds the answer's `Retry-After` asks to wait (a 429 or 503), null without one. */
  readonly retryAfterSeconds: number | null;

  constructor(
    status: number,
    statusText: string,
    detail: string | null,
    options: { code?: ErrorCode | null; message?: string; retryAfterSeconds?: number | null } = {},
  ) {
    super(options.message ?? detail ?? (statusText || `Request failed (${status})`));
    this.name = 'ApiError';
    this.status = status;
    this.statusText = statusText;
    this.detail = detail;
    this.code = options.code ?? null;
    this.retryAfterSeconds = options.retryAfterSeconds ?? null;
  }
}

/** fetch rejected before any answer (offline, DNS, connection reset): worth one retry. */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : 'Network request failed', { cause });
    this.name = 'NetworkError';
  }
}

/** True for the errors apiRequest throws for non-OK answers. */
export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A FormData is sent as multipart; any other value as JSON. */
  body?: unknown;
  /**
   * Validates the JSON answer (a contract schema). The home page's calls leave it out and name the
   * answer's contract type instead, keeping zod out of the first view: the server already encodes
   * every answer with that schema (docs/decisions/056-types-not-schemas-in-the-first-view.md).
   */
  schema?: z.ZodType<T>;
  /**
   * `bearer` refuses to fall back to the guest header (admin and proposal calls); `none` sends
   * neither, for calls that name their caller in `headers` or need no caller.
   */
  identity?: 'auto' | 'bearer' | 'none';
  /** Extra headers, e.g. a token that is not stored yet. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** A 401 answered to a guest replaces the guest session id (docs/product.md "Entities" "Polling", "Errors" fetching). */
  renewGuestSessionOn401?: boolean;
  /**
   * A conditional GET (RFC 9110 §13.1.2): sends `If-None-Match: etag`; a 304 answers `cached`
   * without a body. Every 200's ETag goes to `onEtag`.
   */
  revalidate?: { etag: string | null; cached: T | undefined; onEtag: (etag: string | null, value: T) => void };
}

/** The caller's headers (Bearer token or guest session, docs/product.md "Calls") and whether they are a guest's. */
export interface Identity {
  headers: Record<string, string>;
  guest: boolean;
}

/** The headers naming the caller: `auto` falls back to the guest session, `bearer` does not, `none` sends neither. */
export function identityHeaders(mode: 'auto' | 'bearer' | 'none'): Identity {
  if (mode === 'none') return { headers: {}, guest: false };
  const token = getAuthToken();
  if (token) return { headers: { Authorization: `Bearer ${token}` }, guest: false };
  if (mode === 'bearer') return { headers: {}, guest: false };
  return { headers: { 'x-guest-session-id': getOrCreateGuestSessionId() }, guest: true };
}

/** Adds the cache-busting `_t` parameter of docs/product.md "Calls". */
export function withTimestamp(path: string, now: number = Date.now()): string {
  return `${path}${path.includes('?') ? '&' : '?'}_t=${now}`;
}

/**
 * A `Retry-After` header in seconds from `now` (RFC 9110 §10.2.3: whole seconds or an HTTP date), null
 * when missing or unreadable. Pure.
 */
export function retryAfterSeconds(header: string | null, now: number = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/** The `{ code, detail }` of an error answer; each null when missing, malformed or not JSON. */
async function readErrorBody(response: Response): Promise<{ code: ErrorCode | null; detail: string | null }> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object') {
      return {
        code: 'code' in body && isErrorCode(body.code) ? body.code : null,
        detail: 'detail' in body && typeof body.detail === 'string' ? body.detail : null,
      };
    }
  } catch {
    // Not JSON: neither.
  }
  return { code: null, detail: null };
}

/**
 * The one HTTP client of the web app: adds the Bearer token or the guest session header and `_t`,
 * and turns error answers into ApiError.
 */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, schema, identity = 'auto', signal, timeoutMs, renewGuestSessionOn401 = false } = options;
  const who = identityHeaders(identity);
  const headers: Record<string, string> = { Accept: 'application/json', ...who.headers, ...options.headers };
  const { revalidate } = options;
  if (revalidate?.etag && revalidate.cached !== undefined) headers['If-None-Match'] = revalidate.etag;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const signals = [signal, timeoutMs ? AbortSignal.timeout(timeoutMs) : undefined].filter((s): s is AbortSignal => s !== undefined);

  let response: Response;
  try {
    response = await fetch(withTimestamp(path), {
      method,
      headers,
      body: payload,
      signal: signals.length > 0 ? AbortSignal.any(signals) : undefined,
    });
  } catch (error) {
    if (error instanceof DOMException && (error.name === 'AbortError' || error.name === 'TimeoutError')) throw error;
    throw new NetworkError(error);
  }

  if (response.status === 304 && revalidate?.cached !== undefined) return revalidate.cached;
  if (!response.ok) {
    const { code, detail } = await readErrorBody(response);
    if (response.status === 401 && who.guest && renewGuestSessionOn401) createGuestSessionId();
    throw new ApiError(response.status, response.statusText, detail, {
      code,
      retryAfterSeconds: retryAfterSeconds(response.headers.get('Retry-After')),
    });
  }
  if (response.status === 204) return undefined as T;
  const json: unknown = await response.json();
  const value = schema ? schema.parse(json) : (json as T);
  revalidate?.onEtag(response.headers.get('ETag'), value);
  return value;
}
