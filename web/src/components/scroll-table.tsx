import type { ReactNode } from 'react';

/**
 * A table inside a region of its own that scrolls sideways when the table is wider than the page (a
 * phone), so the page itself never does. The region is named `label` and focusable, so keyboard users
 * can scroll it (WCAG 2.1.1; axe scrollable-region-focusable).
 * @param headers the column headings; `children` the body's rows.
 */
export function ScrollTable({
  label,
  className,
  caption,
  headers,
  children,
}: {
  label: string;
  className: string;
  caption?: string;
  headers: readonly string[];
  children: ReactNode;
}) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      <table className={className}>
        {caption ? <caption>{caption}</caption> : null}
        <thead>
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
