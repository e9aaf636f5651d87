import { formatTimestamp } from '../../../lib/format.ts';
import { useAuditLog } from '../api/get-audit-log.ts';
import { AdminTable } from './admin-table.tsx';

/** `{ isExpert: true, email: "a@b" }` → "isExpert: true, email: a@b". */
const describeDetails = (details: Record<string, unknown>) =>
  Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(', ');

/** Every change staff made to data: when, who, what, on which target, newest first. */
export function AuditLogTab() {
  const log = useAuditLog();
  return (
    <div className="admin-stack">
      <AdminTable
        query={log}
        label="Audit log"
        loadingLabel="Loading the audit log..."
        failure="Failed to fetch the audit log"
        headers={['When', 'Who', 'Action', 'Target', 'Details']}
        emptyText="No changes recorded yet"
        rows={(data) =>
          data.pages
            .flatMap((page) => page.entries)
            .map((entry) => (
              <tr key={entry.id}>
                <td>{formatTimestamp(entry.created_at)}</td>
                <td title={entry.actor_id}>{entry.actor_email ?? entry.actor_id.slice(0, 8)}</td>
                <td className="data-table__value">{entry.action}</td>
                <td>
                  {entry.target_type}{' '}
                  <span className="data-table__value" title={entry.target_id}>
                    {entry.target_id.slice(0, 8)}
                  </span>
                </td>
                <td>{describeDetails(entry.details)}</td>
              </tr>
            ))
        }
      />
      {log.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void log.fetchNextPage()}
          disabled={log.isFetchingNextPage}
        >
          {log.isFetchingNextPage ? 'Loading...' : 'Load older entries'}
        </button>
      ) : null}
    </div>
  );
}
