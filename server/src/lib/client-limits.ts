import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { tooManyRequests } from './errors.ts';
import { countHit } from './rate-limit-store.ts';

const HOUR_MS = 3_600_000;
// Bytes are counted in KiB so that a large hourly allowance stays inside the counter's 32-bit column.
const KIB = 1024;

/** What one client address may do in an hour (issue #6 item 4: guests are free, agent turns and disk are not). */
export type ClientLimit = 'messages' | 'guestSessions' | 'uploadBytes';

const LIMITS: Record<ClientLimit, { setting: keyof Config; unit: number; detail: string }> = {
  messages: {
    setting: 'MESSAGES_PER_HOUR_PER_ADDRESS',
    unit: 1,
    detail: 'Too many messages from your network address this hour. Please wait and try again later.',
  },
  guestSessions: {
    setting: 'GUEST_SESSIONS_PER_HOUR_PER_ADDRESS',
    unit: 1,
    detail: 'Too many new guest sessions from your network address this hour. Please sign in or try again later.',
  },
  uploadBytes: {
    setting: 'UPLOAD_BYTES_PER_HOUR_PER_ADDRESS',
    unit: KIB,
    detail: 'Too much uploaded from your network address this hour. Please try again later.',
  },
};

/**
 * Counts `amount` of a limited use (a message, a new guest session, uploaded bytes) for a client
 * address in the database's shared hourly window (the sign-in limit's counter: every instance
 * counts together), and refuses it once the address is over its hourly allowance.
 * @param address the client's address as Fastify resolved it (`request.ip`; TRUST_PROXY decides).
 * @param amount messages or sessions: 1; upload: the file's size in bytes.
 * @throws AppError 429 with `Retry-After` (seconds to the window's end) when the address is over the limit;
 *   the refused use is counted too, so retrying early does not help.
 */
export async function countClientUse(deps: { db: Db; config: Config }, address: string, limit: ClientLimit, amount = 1): Promise<void> {
  const { setting, unit, detail } = LIMITS[limit];
  const allowed = Math.floor(Number(deps.config[setting]) / unit);
  const state = await countHit(deps.db, `client-${limit}:${address}`, HOUR_MS, Math.max(1, Math.ceil(amount / unit)));
  if (state.count > allowed) throw tooManyRequests(detail, state.ttlMs);
}

/**
 * Counts an upload's bytes against the address's hourly allowance (UPLOAD_BYTES_PER_HOUR_PER_ADDRESS).
 * Every path that stores an uploaded file calls this before storing it.
 * @param bytes the file's size.
 * @throws AppError 429 with `Retry-After` when the address has uploaded too much this hour.
 */
export const countUploadBytes = (deps: { db: Db; config: Config }, address: string, bytes: number) =>
  countClientUse(deps, address, 'uploadBytes', bytes);
