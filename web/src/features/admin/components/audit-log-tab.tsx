import { InlineSpinner } from '../../../components/spinner.tsx';
import { formatTimestamp } from '../../../lib/format.ts';
import { adminErrorText } from '../api/admin-errors.ts';
import { useAuditLog } from '../api/get-audit-log.ts';

/** `{ isExpert: true, email: "a@b" }` → "isExpert: true, email: a@b". */
const describeDetails = (details: Record<string, unknown>) =>
  Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join(', ');

/** Every change staff made to data: when, who, what, on which target (issue #8), newest first. */
export function AuditLogTab() {
  const log = useAuditLog();
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <div className="admin-stack">
      {log.isPending ? <InlineSpinner label="Loading the audit log..." /> : null}
      {log.isError ? (
        <p className="banner banner--error" role="alert">
          {adminErrorText(log.error, 'Failed to fetch the audit log')}
        </p>
      ) : null}
      {log.data ? (
        <div className="table-scroll">
          <table className="data-table admin-table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Action</th>
                <th scope="col">Target</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {entries.length === 0 ? (
                <tr>
                  <td colSpan={5}>No changes recorded yet</td>
                </tr>
              ) : (
                entries.map((entry) => (
                  <tr key={entry.id}>
                    <td>{formatTimestamp(entry.created_at)}</td>
                    <td>{entry.actor_email ?? entry.actor_id}</td>
                    <td className="data-table__value">{entry.action}</td>
                    <td>
                      {entry.target_type} <span className="data-table__value">{entry.target_id}</span>
                    </td>
                    <td>{describeDetails(entry.details)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      ) : null}
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
