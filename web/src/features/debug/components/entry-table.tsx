import type { StoredEntry } from '../utils/browser-state.ts';

/** Long values (tokens) are cut for the table; the full value stays in the browser's tools. */
const MAX_SHOWN = 80;

/** A two-column table of stored entries, or a line saying there are none. */
export function EntryTable({ caption, entries, empty }: { caption: string; entries: StoredEntry[]; empty: string }) {
  if (entries.length === 0) return <p className="page__note">{empty}</p>;
  return (
    <table className="data-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Value</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.name}>
            <th scope="row">{entry.name}</th>
            <td className="data-table__value">{entry.value.length > MAX_SHOWN ? `${entry.value.slice(0, MAX_SHOWN)}…` : entry.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
