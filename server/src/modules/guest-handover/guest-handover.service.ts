import type { GuestAssociationResponse } from '@unstuck/contract';
import type { AppDeps } from '../../app-deps.ts';
import type { Caller } from '../../lib/caller.ts';
import { guestSessionTakenByOther } from '../auth/auth.errors.ts';
import { moveConversationsToOwner } from '../chat/chat.service.ts';
import { moveFilesToOwner } from '../files/files.service.ts';
import { moveTasksToUser } from '../tasks/tasks.service.ts';
import { lockCallerRow, lockGuestForHandover, markGuestMerged } from '../users/users.service.ts';

/**
 * `POST /api/v2/user/update-guest-associations` (docs/product.md "Entities" "On sign-in"): moves a guest session's
 * conversations (owner and participants), messages (sender and recipient ids), tasks and files to
 * the signed-in user, in one transaction, each through the repository of the module that owns the
 * table. The guest's row is kept and marked as merged into the user, so the same guest id can never
 * be taken over by anyone else; calling again for the same user moves whatever is left (normally nothing).
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
    const mergedInto = await lockGuestForHandover(tx, guestId);
    if (mergedInto && mergedInto !== user.id) {
      throw guestSessionTakenByOther();
    }

    const moved = await moveConversationsToOwner(tx, guestId, user.id);
    const movedTasks = await moveTasksToUser(tx, guestId, user.id);
    await moveFilesToOwner(tx, guestId, user.id);
    await markGuestMerged(tx, guestId, user.id);

    return {
      moved_conversations: moved.conversations,
      moved_messages: moved.messages,
      moved_tasks: movedTasks,
    };
  });
}
