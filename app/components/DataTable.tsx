import type { ReactNode } from 'react';

/**
 * A console table: scrolls sideways on narrow screens (a focusable, named region, so keyboards can scroll it
 * too), named for screen readers by its caption, one header cell per column. A column named '' is the actions
 * column, labelled for screen readers only. `visuallyHidden` tables (a chart's text equivalent) are read, not
 * scrolled: no region, nothing to tab to.
 */
export function DataTable({
  caption,
  columns,
  children,
  visuallyHidden = false,
}: {
  caption: string;
  columns: readonly string[];
  children: ReactNode;
  visuallyHidden?: boolean;
}) {
  const table = (
    <table>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th scope="col" key={column}>
              {column === '' ? <span className="visually-hidden">Actions</span> : column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
  if (visuallyHidden) return <div className="visually-hidden">{table}</div>;
  return (
    // A scrollable region must be reachable by keyboard (axe: scrollable-region-focusable).
    <div className="table-wrap" role="region" aria-label={caption} tabIndex={0}>
      {table}
    </div>
  );
}
