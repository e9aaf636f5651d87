import { eq, or, sql } from 'drizzle-orm';
import type { GuestAssociationResponse } from '@unstuck/contract';
import type { AppDeps } from '../../app-deps.ts';
import { conversations, files, messages, tasks, users } from '../../db/schema.ts';
import { guestSessionTakenByOther } from './auth.errors.ts';
import { lockCallerRow } from '../users/users.repository.ts';
import type { Caller } from '../../lib/caller.ts';

/** Replaces `from` by `to` in a jsonb list of ids, keeping the order. */
const replaceInList = (list: typeof conversations.participants, from: string, to: string) => sql`(
  select coalesce(jsonb_agg(case when p.value = ${from} then ${to} else p.value end order by p.ord), '[]'::jsonb)
  from jsonb_array_elements_text(${list}) with ordinality as p(value, ord))`;

/**
 * `POST /api/v2/user/update-guest-associations` (spec §4 "On sign-in"): moves a guest session's
 * conversations (owner and participants), messages (sender and recipient ids), tasks and files to
 * the signed-in user, in one transaction. The guest's row is kept and marked as merged into the
 * user, so the same guest id can never be taken over by anyone else; calling again for the same
 * user moves whatever is left (normally nothing).
 * @returns how many conversations, messages and tasks moved.
 * @throws AppError 409 `guest_session_handed_over` when the guest session already went to another user.
 */
export async function takeOverGuestSession(
  deps: Pick<AppDeps, 'db'>,
  user: Extract<Caller, { kind: 'user' }>,
  guestId: string,
): Promise<GuestAssociationResponse> {
  return deps.db.transaction(async (tx) => {
    // The user's row exists since sign-in (401 if the account was deleted meanwhile); the guest's is
    // created if it never sent anything, so that the id is claimed all the same. Locks: user then
    // guest, as in chat.
    await lockCallerRow(tx, user);
    await tx.insert(users).values({ id: guestId, role: 'guest', isGuest: true }).onConflictDoNothing();
    const [guest] = await tx.select({ mergedInto: users.mergedIntoUserId }).from(users).where(eq(users.id, guestId)).for('update');
    if (guest?.mergedInto && guest.mergedInto !== user.id) {
      throw guestSessionTakenByOther();
    }

    const movedConversations = await tx
      .update(conversations)
      .set({ ownerId: user.id, participants: replaceInList(conversations.participants, guestId, user.id) })
      .where(eq(conversations.ownerId, guestId))
      .returning({ id: conversations.id });
    const movedMessages = await tx
      .update(messages)
      .set({
        senderId: sql`case when ${messages.senderId} = ${guestId} then ${user.id} else ${messages.senderId} end`,
        recipientId: sql`case when ${messages.recipientId} = ${guestId} then ${user.id} else ${messages.recipientId} end`,
      })
      .where(or(eq(messages.senderId, guestId), eq(messages.recipientId, guestId)))
      .returning({ id: messages.id });
    const movedTasks = await tx.update(tasks).set({ userId: user.id }).where(eq(tasks.userId, guestId)).returning({ id: tasks.id });
    await tx.update(files).set({ ownerId: user.id }).where(eq(files.ownerId, guestId));
    await tx.update(users).set({ mergedIntoUserId: user.id }).where(eq(users.id, guestId));

    return {
      moved_conversations: movedConversations.length,
      moved_messages: movedMessages.length,
      moved_tasks: movedTasks.length,
    };
  });
}
