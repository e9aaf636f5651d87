import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { PageLayout } from '../../../components/layout/page-layout.tsx';
import type { AuthUser } from '../../../lib/auth.tsx';
import { ADMIN_QUERY_ROOT, adminErrorText } from '../api/admin-errors.ts';
import { useDeleteConversation } from '../api/delete-conversation.ts';
import { useDeleteTask } from '../api/delete-task.ts';
import { useDeleteUser } from '../api/delete-user.ts';
import { ADMIN_TABS, tabOfPath, type AdminTab, type DeleteTarget } from './admin-tabs.ts';
import { ApiKeysTab } from './api-keys-tab.tsx';
import { AuditLogTab } from './audit-log-tab.tsx';
import { ConversationsTab } from './conversations-tab.tsx';
import { DeleteConfirmModal } from './delete-confirm-modal.tsx';
import { OutboxTab } from './outbox-tab.tsx';
import { TasksTab } from './tasks-tab.tsx';
import { UsersTab } from './users-tab.tsx';

/**
 * The admin dashboard (docs/product.md "Screens") for an administrator: the tabs Users, User Conversations, API
 * Keys and Tasks, plus the audit log and the email Outbox; an error banner, a notice banner and the delete confirmation.
 * The tab is part of the address (`/admin/tasks`); switching clears the selected user and
 * conversation and reloads the data.
 */
export function AdminShell({ user }: { user: AuthUser }) {
  const params = useParams();
  const tab = tabOfPath(params['*']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [selectedUserId, setSelectedUserId] = useState<string | null>(null);
  const [selectedConversationId, setSelectedConversationId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pendingDelete, setPendingDelete] = useState<DeleteTarget | null>(null);
  const deleteUser = useDeleteUser();
  const deleteTask = useDeleteTask();
  const deleteConversation = useDeleteConversation();
  const deleting = deleteUser.isPending || deleteTask.isPending || deleteConversation.isPending;

  const switchTab = (next: AdminTab) => {
    setSelectedUserId(null);
    setSelectedConversationId(null);
    setError(null);
    setNotice(null);
    void navigate(`/admin/${next}`);
    void queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_ROOT });
  };

  const confirmDelete = async (target: DeleteTarget) => {
    try {
      if (target.type === 'user') {
        const result = await deleteUser.mutateAsync(target.id);
        setNotice(
          `Deleted ${target.name}: ${result.deleted_conversations} conversations, ${result.deleted_messages} messages, ${result.deleted_tasks} tasks and ${result.deleted_files} files.`,
        );
        if (selectedUserId === target.id) setSelectedUserId(null);
      } else if (target.type === 'conversation') {
        const result = await deleteConversation.mutateAsync(target.id);
        setNotice(`Deleted the conversation and its ${result.deleted_messages} messages.`);
        if (selectedConversationId === target.id) setSelectedConversationId(null);
      } else {
        await deleteTask.mutateAsync(target.id);
        setNotice(`Deleted the task "${target.name}".`);
      }
    } catch (failure) {
      setError(adminErrorText(failure, `Failed to delete ${target.type}`));
    } finally {
      setPendingDelete(null);
    }
  };

  const dismissError = useCallback(() => setError(null), []);
  const tabProps = { onError: setError, onNotice: setNotice, onDelete: setPendingDelete };

  return (
    <PageLayout title="Admin dashboard" wide>
      <div className="admin-tabs" role="tablist" aria-label="Admin sections">
        {ADMIN_TABS.map((item) => (
          <button
            key={item.id}
            type="button"
            role="tab"
            id={`admin-tab-${item.id}`}
            aria-selected={tab === item.id}
            aria-controls="admin-panel"
            className={`admin-tabs__tab${tab === item.id ? ' admin-tabs__tab--active' : ''}`}
            onClick={() => switchTab(item.id)}
          >
            {item.label}
          </button>
        ))}
      </div>
      <ErrorBanner message={error} onDismiss={dismissError} />
      {notice ? (
        <div className="banner banner--warning" role="status">
          <span className="banner__text">{notice}</span>
          <button type="button" className="banner__close" aria-label="Dismiss notice" onClick={() => setNotice(null)}>
            ×
          </button>
        </div>
      ) : null}
      <section id="admin-panel" role="tabpanel" aria-labelledby={`admin-tab-${tab}`} className="admin-panel">
        {tab === 'users' ? <UsersTab {...tabProps} currentUserId={user.uid} /> : null}
        {tab === 'conversations' ? (
          <ConversationsTab
            {...tabProps}
            selectedUserId={selectedUserId}
            onSelectUser={(id) => {
              setSelectedUserId(id);
              setSelectedConversationId(null);
            }}
            selectedConversationId={selectedConversationId}
            onSelectConversation={setSelectedConversationId}
          />
        ) : null}
        {tab === 'apikeys' ? <ApiKeysTab {...tabProps} /> : null}
        {tab === 'tasks' ? <TasksTab {...tabProps} /> : null}
        {tab === 'audit' ? <AuditLogTab /> : null}
        {tab === 'outbox' ? <OutboxTab /> : null}
      </section>
      <DeleteConfirmModal
        target={pendingDelete}
        busy={deleting}
        onCancel={() => setPendingDelete(null)}
        onConfirm={(target) => void confirmDelete(target)}
      />
    </PageLayout>
  );
}
