import type { AdminUser } from '@unstuck/contract';
import { formatTimestamp } from '../../../lib/format.ts';
import { adminErrorText, errorMessage } from '../api/admin-errors.ts';
import { useDeleteGuestData } from '../api/delete-guest-data.ts';
import { useUsers } from '../api/get-users.ts';
import { useRefreshUserData } from '../api/refresh-user-data.ts';
import { useSetExpert } from '../api/set-expert.ts';
import type { AdminTabProps } from './admin-tabs.ts';
import { AdminTable } from './admin-table.tsx';

const CONFIRM_GUEST_DELETION = 'Are you sure you want to delete ALL guest user data? This action cannot be undone.';

/** docs/product.md "Users tab": the users table with its row actions, and the guest-data deletion. */
export function UsersTab({ onError, onNotice, onDelete, currentUserId }: AdminTabProps & { currentUserId: string }) {
  const users = useUsers();
  const setExpert = useSetExpert();
  const refresh = useRefreshUserData();
  const deleteGuests = useDeleteGuestData();

  const toggleExpert = async (user: AdminUser) => {
    try {
      await setExpert.mutateAsync({ userId: user.uid, isExpert: !user.isExpert });
      onNotice(`${user.name} is ${user.isExpert ? 'no longer an expert' : 'now an expert'}.`);
    } catch (failure) {
      onError(adminErrorText(failure, 'Failed to set expert'));
    }
  };

  const refreshUser = async (user: AdminUser) => {
    const provider = user.provider ?? 'identity';
    try {
      const result = await refresh.mutateAsync({ userId: user.uid, provider });
      onNotice(`Refreshed ${result.user_data.name ?? user.name} from ${provider}: ${result.updated_tasks} tasks updated.`);
    } catch (failure) {
      window.alert(`Error refreshing ${provider} data: ${errorMessage(failure)}`);
    }
  };

  const deleteAllGuests = async () => {
    if (!window.confirm(CONFIRM_GUEST_DELETION)) return;
    try {
      const result = await deleteGuests.mutateAsync();
      onNotice(
        `Deleted ${result.deleted_guest_users} guest users, ${result.deleted_guest_messages} messages and ${result.deleted_guest_conversations} conversations.`,
      );
    } catch (failure) {
      window.alert(`Error: ${errorMessage(failure)}`);
    }
  };

  return (
    <div className="admin-stack">
      <div className="admin-danger-zone">
        <button type="button" className="button button--danger" onClick={() => void deleteAllGuests()} disabled={deleteGuests.isPending}>
          {deleteGuests.isPending ? 'Deleting...' : 'Delete ALL Guest User Data'}
        </button>
        <p className="page__note">Permanently removes all guest users, their messages and conversations.</p>
      </div>
      <AdminTable
        query={users}
        label="Users"
        loadingLabel="Loading users..."
        failure="Failed to fetch users"
        headers={['Name', 'Email', 'Role', 'Expert', 'Last Login', 'Actions']}
        emptyText="No users found"
        rows={(list) =>
          list.map((user) => (
            <tr key={user.uid}>
              <td>
                <span className="admin-table__name">{user.name}</span>
                {user.sessionId ? <span className="admin-table__sub">{user.sessionId}</span> : null}
              </td>
              <td>{user.email ?? '—'}</td>
              <td>{user.role}</td>
              <td>{user.isExpert ? 'Yes' : 'No'}</td>
              <td>{user.lastLogin ? formatTimestamp(user.lastLogin) : 'Never'}</td>
              <td>
                <div className="button-row">
                  {!user.isGuest ? (
                    <button type="button" className="button button--secondary button--small" onClick={() => void toggleExpert(user)}>
                      {user.isExpert ? 'Remove Expert' : 'Set as Expert'}
                    </button>
                  ) : null}
                  {!user.isGuest ? (
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      onClick={() => void refreshUser(user)}
                      aria-label={`Refresh ${user.name} from ${user.provider ?? 'their identity provider'}`}
                    >
                      Refresh
                    </button>
                  ) : null}
                  {user.uid !== currentUserId ? (
                    <button
                      type="button"
                      className="button button--ghost button--small button--danger-text"
                      onClick={() => onDelete({ type: 'user', id: user.uid, name: user.name })}
                    >
                      Delete
                    </button>
                  ) : null}
                </div>
              </td>
            </tr>
          ))
        }
      />
    </div>
  );
}
