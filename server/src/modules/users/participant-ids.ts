import type { Db } from '../../db/client.ts';
import { findGuestByParticipantId, findParticipantIds } from './users.repository.ts';

// A guest's id (`guest-…`) is its session credential: whoever holds it can write as the guest and take
// its conversations over at sign-in. It goes to nobody but that guest. Everyone else (agents, experts,
// admins, share pages, the audit log) sees the guest's participant id: random, stored with the guest,
// stable, and saying nothing about the guest id (docs/decisions/021-participant-ids.md). Signed-in
// people's ids are no credential and are shown as they are.

const GUEST_PREFIX = 'guest-';
const PARTICIPANT_PREFIX = 'participant-';

/** Whether an id is a guest's session id (guest ids start with `guest-`). */
export const isGuestId = (id: string) => id.startsWith(GUEST_PREFIX);

/** Maps the ids of people in a response to what a reader other than the guest may see. */
export type PublicIds = (id: string) => string;

/**
 * Loads what readers other than the guests themselves see for `ids`: a guest id becomes its
 * participant id; every other id (a user's, an agent's, `agent-1`) stays as it is.
 * @returns the mapping. A guest id without a users row (none is stored without one) maps to
 *   `participant-unknown`, never to itself.
 */
export async function loadPublicIds(db: Db, ids: Iterable<string>): Promise<PublicIds> {
  const guests = [...new Set([...ids].filter(isGuestId))];
  const known = await findParticipantIds(db, guests);
  return (id) => (isGuestId(id) ? (known.get(id) ?? `${PARTICIPANT_PREFIX}unknown`) : id);
}

/** What readers other than the guest see for one person: {@link loadPublicIds} for a single id. */
export async function publicIdOf(db: Db, id: string): Promise<string> {
  return (await loadPublicIds(db, [id]))(id);
}

/**
 * The person an id given by someone other than the person names: a guest's participant id names that
 * guest; a guest id is refused (others never see one, so none of theirs is genuine); any other id is
 * itself.
 * @returns the stored user id, or null when the id names nobody others may name.
 */
export async function resolvePublicId(db: Db, id: string): Promise<string | null> {
  if (isGuestId(id)) return null;
  if (id.startsWith(PARTICIPANT_PREFIX)) return findGuestByParticipantId(db, id);
  return id;
}

/**
 * The placeholder name staff see for a guest: "Guest" plus 6 characters, taken from its
 * participant id, not from the guest id.
 */
export const guestName = (participantId: string) =>
  `Guest ${participantId.slice(PARTICIPANT_PREFIX.length, PARTICIPANT_PREFIX.length + 6)}`;
