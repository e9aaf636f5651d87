import type { SQL } from 'drizzle-orm';
import type { ErrorCode } from '@unstuck/contract';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { clientAddressKey } from './client-address.ts';
import { tooManyRequests } from './errors.ts';
import { countSpreadHits, readSpreadCount } from './rate-limit-store.ts';

const HOUR_MS = 3_600_000;
// Bytes are counted in KiB so that a large hourly allowance stays inside the counter's 32-bit column.
const KIB = 1024;

/** What one client address may do in an hour (guests are free, agent turns and disk are not). */
export type ClientLimit = 'messages' | 'guestSessions' | 'uploadBytes';

/** Each allowance with its own 429 code, so that the web app says what helps (sign in, or wait). */
const LIMITS: Record<ClientLimit, { setting: keyof Config; unit: number; code: ErrorCode; detail: string }> = {
  messages: {
    setting: 'MESSAGES_PER_HOUR_PER_ADDRESS',
    unit: 1,
    code: 'message_allowance_used',
    detail: 'Too many messages from your network address this hour. Please wait and try again later.',
  },
  guestSessions: {
    setting: 'GUEST_SESSIONS_PER_HOUR_PER_ADDRESS',
    unit: 1,
    code: 'guest_session_allowance_used',
    detail: 'Too many new guest sessions from your network address this hour. Please sign in or try again later.',
  },
  uploadBytes: {
    setting: 'UPLOAD_BYTES_PER_HOUR_PER_ADDRESS',
    unit: KIB,
    code: 'upload_allowance_used',
    detail: 'Too much uploaded from your network address this hour. Please try again later.',
  },
};

/** The counter of a limit for an address (an IPv6 client by its network of CLIENT_IPV6_PREFIX_LENGTH bits). */
const keyOf = (config: Config, limit: ClientLimit, address: string) =>
  `client-${limit}:${clientAddressKey(address, config.CLIENT_IPV6_PREFIX_LENGTH)}`;

/** One use to count for a client address: which limit, how much (messages, sessions: 1; upload: bytes), and only `when` it holds. */
export interface ClientUse {
  limit: ClientLimit;
  amount?: number;
  /** A condition the database evaluates in the same statement (e.g. "this guest is new"); false: not counted. */
  when?: SQL;
}

/**
 * Counts limited uses (a message, a new guest session, uploaded bytes) for a client address in the
 * database's shared hourly windows, all in one statement, and refuses the request once the address
 * is over an hourly allowance. The counters are spread over a few rows per address, so concurrent
 * requests of one address do not queue for one row (docs/decisions/058-spread-address-counters.md); every
 * instance counts together.
 * @param address the client's address as Fastify resolved it (`request.ip`; TRUST_PROXY decides), counted
 *   under {@link clientAddressKey} (an IPv6 client by its network of CLIENT_IPV6_PREFIX_LENGTH bits).
 * @throws AppError 429 with `Retry-After` (seconds to the window's end) for the first use, in the order
 *   given, whose address is over its limit; every use is counted, the refused ones too, so retrying
 *   early does not help.
 */
export async function countClientUses(deps: { db: Db; config: Config }, address: string, uses: ClientUse[]): Promise<void> {
  const states = await countSpreadHits(
    deps.db,
    uses.map((use) => ({
      key: keyOf(deps.config, use.limit, address),
      windowMs: HOUR_MS,
      amount: Math.max(1, Math.ceil((use.amount ?? 1) / LIMITS[use.limit].unit)),
      when: use.when,
    })),
  );
  uses.forEach((use, i) => {
    const { setting, unit, code, detail } = LIMITS[use.limit];
    const state = states[i];
    if (state && state.count > Math.floor(Number(deps.config[setting]) / unit)) throw tooManyRequests(detail, state.ttlMs, code);
  });
}

/**
 * What an address has left of an hourly allowance, without counting anything: for a use whose size
 * is known only as it arrives (a git push), so that it can be bounded before it starts.
 * @returns `remaining` in the limit's own amounts (upload: bytes; 0 or less once over), the milliseconds
 *   until the window ends (0 when nothing was counted), and `detail`, the text a refusal gives.
 */
export async function clientAllowanceLeft(
  deps: { db: Db; config: Config },
  address: string,
  limit: ClientLimit,
): Promise<{ remaining: number; ttlMs: number; detail: string }> {
  const { setting, unit, detail } = LIMITS[limit];
  const state = await readSpreadCount(deps.db, keyOf(deps.config, limit, address));
  return { remaining: (Math.floor(Number(deps.config[setting]) / unit) - (state?.count ?? 0)) * unit, ttlMs: state?.ttlMs ?? 0, detail };
}

/**
 * Counts one limited use; see {@link countClientUses}.
 * @param amount messages or sessions: 1; upload: the file's size in bytes.
 * @throws AppError 429 with `Retry-After` when the address is over the limit.
 */
export const countClientUse = (deps: { db: Db; config: Config }, address: string, limit: ClientLimit, amount = 1) =>
  countClientUses(deps, address, [{ limit, amount }]);

/**
 * Counts an upload's bytes against the address's hourly allowance (UPLOAD_BYTES_PER_HOUR_PER_ADDRESS).
 * Every path that stores an uploaded file calls this before storing it.
 * @param bytes the file's size.
 * @throws AppError 429 with `Retry-After` when the address has uploaded too much this hour.
 */
export const countUploadBytes = (deps: { db: Db; config: Config }, address: string, bytes: number) =>
  countClientUse(deps, address, 'uploadBytes', bytes);
