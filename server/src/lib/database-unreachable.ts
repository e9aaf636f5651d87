import { AppError } from './errors.ts';

/** What a request that met a database outage is told to wait, in seconds: the pool reconnects on the next query. */
const RETRY_AFTER_SECONDS = 5;

/** Socket errors of a connection that cannot be made or was lost (Node's `error.code`). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/**
 * PostgreSQL's SQLSTATEs of a server that is not there to answer (PostgreSQL manual, appendix A
 * "Error Codes"): class 08 (connection exception), 57P01–57P03 (shutting down, crashed, starting up),
 * 53300 (too many connections).
 */
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300)$/;

/** node-postgres' own errors for a connection that ended or was never made, which carry no code. */
const DRIVER_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/**
 * True when `error` (or an error it wraps, as Drizzle's query errors wrap the driver's) says the
 * database cannot be reached, rather than that a statement failed
 * (docs/decisions/084-outages-and-lying-archives.md).
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 10; current = current.cause, depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.test(code))) return true;
    if (DRIVER_MESSAGES.test(current.message)) return true;
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnreachable)) return true;
  }
  return false;
}

/** 503 `service_unavailable` with `Retry-After`: the database is unreachable (health says so too). */
export const databaseUnavailable = () =>
  new AppError('service_unavailable', 503, 'The service cannot reach its database right now. Please try again in a few seconds.', {
    'retry-after': String(RETRY_AFTER_SECONDS),
  });
