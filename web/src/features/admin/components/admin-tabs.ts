/** The admin tabs (docs/product.md "Entities" "Admin: the tab is one of users, conversations, apikeys, tasks"), plus the audit log and the email outbox. */
export const ADMIN_TABS = [
  { id: 'users', label: 'Users' },
  { id: 'conversations', label: 'User Conversations' },
  { id: 'apikeys', label: 'API Keys' },
  { id: 'tasks', label: 'Tasks' },
  { id: 'audit', label: 'Audit Log' },
  { id: 'outbox', label: 'Outbox' },
] as const;

export type AdminTab = (typeof ADMIN_TABS)[number]['id'];

/** The tab a path under /admin names (`/admin/tasks` → tasks); users by default. */
export function tabOfPath(rest: string | undefined): AdminTab {
  const segment = rest?.split('/')[0];
  return ADMIN_TABS.find((tab) => tab.id === segment)?.id ?? 'users';
}

/** What a delete confirmation holds (docs/product.md "Entities" "A delete confirmation holds a type, an id and a name"). */
export interface DeleteTarget {
  type: 'task' | 'user' | 'conversation';
  id: string;
  name: string;
}

/** What each tab may tell the shell: a failure for the error banner, a result for the notice banner, a delete to confirm. */
export interface AdminTabProps {
  onError: (message: string) => void;
  onNotice: (message: string) => void;
  onDelete: (target: DeleteTarget) => void;
}
