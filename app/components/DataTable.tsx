import type { ReactNode } from 'react';

/**
 * A console table: scrolls sideways on narrow screens, named for screen readers by its caption, one header
 * cell per column. A column named '' is the actions column, labelled for screen readers only.
 */
export function DataTable({ caption, columns, children }: { caption: string; columns: readonly string[]; children: ReactNode }) {
  return (
    <div className="table-wrap">
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
    </div>
  );
}
