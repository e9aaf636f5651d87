import type { AdminUser, DeleteGuestDataResponse, RefreshUserDataResponse } from '@unstuck/contract';
import type { AppDeps } from '../../app-deps.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { countTasksOf, releaseHeldTasks } from '../tasks/tasks.service.ts';
import { userNotFound } from '../users/users.errors.ts';
import { applyIdentityClaims, findUser, listGuestIds, listManagedUsers, setExpertFlag } from '../users/users.service.ts';
import { resolvePublicId } from '../users/participant-ids.ts';
import { mayWorkOnTasks, personId, toAdminUser } from '../users/people.ts';
import {
  cannotDeleteSelf,
  guestCannotBeExpert,
  guestHasNoProviderData,
  notUsersProvider,
  nothingStoredFromProvider,
} from './admin.errors.ts';
import { purgeUsers, removeStored, type PurgeDeps } from './purge.ts';

type AdminDeps = Pick<AppDeps, 'db' | 'clock' | 'config'>;
/** What changes that end someone's access need besides: the event lines of released tasks, and the endings (decision 081). */
type AccessDeps = AdminDeps & Pick<AppDeps, 'taskConversations' | 'accessEndings'>;

/** `GET /api/admin/users` (docs/product.md "Calls"): users and guests, the most recently signed-in first. */
export async function listUsers(deps: AdminDeps): Promise<AdminUser[]> {
  return (await listManagedUsers(deps.db)).map((user) => toAdminUser(user, deps.config.ADMIN_EMAILS));
}

/** The user an admin names by the id the admin area shows (a guest's participant id). @throws AppError 404 nobody. */
async function findNamedUser(db: AdminDeps['db'], publicId: string) {
  const userId = await resolvePublicId(db, publicId);
  const user = userId ? await findUser(db, userId) : null;
  if (!user) throw userNotFound();
  return user;
}

/**
 * `POST /api/admin/users/set-expert` (docs/product.md "Roles" "a flag on a user toggled by an admin").
 * Removing the flag of someone who is not an admin ends their work on tasks at once
 * (docs/decisions/081-access-ends-everywhere.md): the unfinished tasks they held go back to the queue
 * with their event line, and their access to the conversations of every task they held ends everywhere.
 * @throws AppError 404 unknown user, 400 for a guest (a guest must sign in before being an expert).
 */
export async function setExpert(deps: AccessDeps, actor: AuditActor, input: { userId: string; isExpert: boolean }) {
  const now = deps.clock.now();
  const user = await deps.db.transaction(async (tx) => {
    const existing = await findNamedUser(tx, input.userId);
    if (existing.isGuest) throw guestCannotBeExpert();
    const updated = (await setExpertFlag(tx, existing.id, input.isExpert))!;
    if (!mayWorkOnTasks(updated, deps.config.ADMIN_EMAILS)) {
      const held = await releaseHeldTasks(deps.taskConversations, tx, [updated.id], now);
      await deps.accessEndings.end(
        tx,
        held.map((conversationId) => ({ userId: updated.id, conversationId })),
      );
    }
    await recordAudit(
      tx,
      actor,
      {
        action: 'user.set_expert',
        targetType: 'user',
        targetId: existing.id,
        details: { isExpert: input.isExpert, email: existing.email },
      },
      now,
    );
    return updated;
  });
  return { success: true as const, user: toAdminUser(user, deps.config.ADMIN_EMAILS) };
}

/**
 * `POST /api/admin/users/{id}/refresh-{provider}-data` (docs/product.md "Calls"). Puts the user's name and email
 * back to what their identity provider sent at their last sign-in (kept for this): the server holds
 * no provider token to ask again, so this is the provider's latest word (README).
 * @returns the refreshed name and email, and how many of their tasks now show a changed customer.
 * @throws AppError 404 unknown user, 400 guest or a provider that is not the user's (or unknown),
 *   409 when nothing from the provider is stored yet.
 */
export async function refreshUserData(
  deps: AdminDeps,
  actor: AuditActor,
  publicId: string,
  provider: string,
): Promise<RefreshUserDataResponse> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const user = await findNamedUser(tx, publicId);
    const userId = user.id;
    if (user.isGuest) throw guestHasNoProviderData();
    if (user.identityProvider !== provider) {
      throw notUsersProvider(provider, user.identityProvider);
    }
    if (!user.identityClaims) throw nothingStoredFromProvider(provider);
    const refreshed = (await applyIdentityClaims(tx, userId, user.identityClaims))!;
    const changed = refreshed.name !== user.name || refreshed.email !== user.email;
    const updatedTasks = changed ? await countTasksOf(tx, userId) : 0;
    await recordAudit(
      tx,
      actor,
      {
        action: 'user.refresh_provider_data',
        targetType: 'user',
        targetId: userId,
        details: {
          provider,
          changed,
          before: { name: user.name, email: user.email },
          after: { name: refreshed.name, email: refreshed.email },
        },
      },
      now,
    );
    return { user_data: { name: refreshed.name, email: refreshed.email }, updated_tasks: updatedTasks };
  });
}

/**
 * `DELETE /api/admin/users/{id}`: the user and everything of theirs (docs/product.md "Screens" warning: messages,
 * conversations, tasks and files, the stored bytes too). A guest is named by its participant id.
 * The unfinished tasks they held go back to the queue with their event line, and their access ends
 * everywhere at once (docs/decisions/081-access-ends-everywhere.md).
 * @throws AppError 404 unknown user, 400 when admins try to delete themselves.
 */
export async function deleteUser(deps: AccessDeps & PurgeDeps, actor: AuditActor, publicId: string) {
  if (publicId === actor.id) throw cannotDeleteSelf();
  const now = deps.clock.now();
  const purged = await deps.db.transaction(async (tx) => {
    const user = await findNamedUser(tx, publicId);
    const result = await purgeUsers(deps, tx, [user.id], now);
    await deps.accessEndings.end(tx, [{ userId: user.id, conversationId: null }]);
    const counts = { conversations: result.conversations, messages: result.messages, tasks: result.tasks, files: result.fileKeys.length };
    await recordAudit(
      tx,
      actor,
      { action: 'user.delete', targetType: 'user', targetId: personId(user), details: { email: user.email, ...counts } },
      now,
    );
    return result;
  });
  await removeStored(deps, purged);
  return {
    deleted_user_id: publicId,
    deleted_conversations: purged.conversations,
    deleted_messages: purged.messages,
    deleted_tasks: purged.tasks,
    deleted_files: purged.fileKeys.length,
  };
}

/**
 * `DELETE /api/admin/guests/delete-all` (docs/product.md "Screens", "Entities"): every guest that still owns its data, with
 * its messages, conversations, tasks and files. Guests handed over at sign-in own nothing and stay
 * (their rows only make a replayed guest id recognisable).
 */
export async function deleteAllGuestData(deps: AccessDeps & PurgeDeps, actor: AuditActor): Promise<DeleteGuestDataResponse> {
  const now = deps.clock.now();
  const purged = await deps.db.transaction(async (tx) => {
    const result = await purgeUsers(deps, tx, await listGuestIds(tx), now);
    await recordAudit(
      tx,
      actor,
      {
        action: 'guests.delete_all',
        targetType: 'guests',
        targetId: 'all',
        details: { users: result.users, messages: result.messages, conversations: result.conversations, files: result.fileKeys.length },
      },
      now,
    );
    return result;
  });
  await removeStored(deps, purged);
  return {
    deleted_guest_users: purged.users,
    deleted_guest_messages: purged.messages,
    deleted_guest_conversations: purged.conversations,
  };
}
