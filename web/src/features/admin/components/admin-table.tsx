import type { ReactNode } from 'react';
import { InlineSpinner } from '../../../components/spinner.tsx';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { adminErrorText } from '../api/admin-errors.ts';

/** What a list tab needs of its query: TanStack Query's plain and infinite results both fit. */
interface ListQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
}

export interface AdminTableProps<T> {
  query: ListQuery<T>;
  /** The table's name, e.g. "Users": its scrolling region is named after it. */
  label: string;
  /** What the spinner says while the list loads. */
  loadingLabel: string;
  /** The failure's prefix, e.g. "Failed to fetch users" (docs/product.md "Errors" "Admin"). */
  failure: string;
  headers: readonly string[];
  /** The row shown when the list is empty, e.g. "No users found". */
  emptyText: string;
  /** The table's rows once the list arrived; an empty array shows `emptyText`. */
  rows: (data: T) => ReactNode[];
}

/**
 * An admin list as a table: a spinner while it loads, the error banner when it fails, the empty
 * state. A wide table scrolls sideways inside its own region, which the keyboard can focus and
 * scroll (the page itself never scrolls sideways).
 */
export function AdminTable<T>({ query, label, loadingLabel, failure, headers, emptyText, rows }: AdminTableProps<T>) {
  if (query.isPending) return <InlineSpinner label={loadingLabel} />;
  if (query.isError || query.data === undefined) {
    return (
      <p className="banner banner--error" role="alert">
        {adminErrorText(query.error, failure)}
      </p>
    );
  }
  const body = rows(query.data);
  return (
    <ScrollTable label={label} className="data-table admin-table" headers={headers}>
      {body.length > 0 ? (
        body
      ) : (
        <tr>
          <td colSpan={headers.length}>{emptyText}</td>
        </tr>
      )}
    </ScrollTable>
  );
}
