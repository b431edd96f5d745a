import type { ReactElement, ReactNode } from 'react';

// The tables the console and the MCP Apps views draw alike: each column is one definition (its label, how a cell is
// written, the value it sorts by), so a table that both draw (the value list, lib/present/value-columns.tsx) is
// defined once. A plain function of its arguments, no state: the views hold the sort and pass onSort; the console,
// drawn on the server, passes none and its headers are plain.

export interface Column<Row> {
  key: string;
  label: string;
  /** The cell's content; several parts in a fragment (a list would need keys). */
  cell: (row: Row) => ReactNode;
  /** Makes the column sortable by this value. */
  sortBy?: (row: Row) => number | string;
  /** A first click sorts the largest first (expected value, books). */
  largestFirst?: boolean;
  /** The row's header cell (names the row for screen readers). */
  header?: boolean;
  /** Given more of the width than the others (names, matchups). */
  wide?: boolean;
  /** The label is for screen readers only (an actions column: its cells say what they do). */
  hiddenLabel?: boolean;
}

export interface Sort {
  key: string;
  descending: boolean;
}

const compare = (a: number | string, b: number | string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * A table that fits the width it has, never wider: its columns share the width and their text wraps, and on a
 * narrow screen each row stacks into a card whose cells say their column (table.fit, lib/present/present.css).
 * Sortable by the columns that say how: each such header is a button, and aria-sort tells which column orders
 * the rows. Equal rows keep the answer's order.
 */
export function table<Row>({
  id,
  caption,
  columns,
  rows,
  sort,
  onSort,
  rowAttrs,
  shown = Infinity,
}: {
  id: string;
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  sort?: Sort;
  onSort?: (sort: Sort) => void;
  rowAttrs?: (row: Row) => Record<string, string | boolean | undefined>;
  /** How many rows to show, first in the table's order. */
  shown?: number;
}): ReactElement {
  const by = columns.find((column) => column.key === sort?.key)?.sortBy;
  const ordered = by && sort ? rows.map((row, index) => ({ row, index })) : undefined;
  ordered?.sort((a, b) => (sort!.descending ? -1 : 1) * compare(by!(a.row), by!(b.row)) || a.index - b.index);
  const head = columns.map((column) => {
    const sortable = column.sortBy && onSort;
    const current = sort?.key === column.key;
    const ariaSort = current ? (sort.descending ? 'descending' : 'ascending') : sortable ? 'none' : undefined;
    return (
      <th key={column.key} scope="col" aria-sort={ariaSort} className={column.wide ? 'wide' : undefined}>
        {sortable ? (
          <button
            type="button"
            className="sort"
            data-focus={`${id}-sort-${column.key}`}
            onClick={() => onSort({ key: column.key, descending: current ? !sort.descending : column.largestFirst === true })}
          >
            {column.label}
            <span aria-hidden="true">{current ? (sort.descending ? ' ▼' : ' ▲') : ' ↕'}</span>
          </button>
        ) : column.hiddenLabel ? (
          <span className="visually-hidden">{column.label}</span>
        ) : (
          column.label
        )}
      </th>
    );
  });
  // The rows have no key of their own: each is keyed by its place, as React and Preact match unkeyed rows.
  const body = (ordered?.map((entry) => entry.row) ?? rows).slice(0, shown).map((row, index) => (
    <tr key={index} {...rowAttrs?.(row)}>
      {columns.map((column) => {
        const Cell = column.header ? 'th' : 'td';
        return (
          // A hidden label is not written before the cell on a narrow screen either.
          <Cell key={column.key} scope={column.header ? 'row' : undefined} data-label={column.hiddenLabel ? undefined : column.label}>
            {column.cell(row)}
          </Cell>
        );
      })}
    </tr>
  ));
  return (
    <table id={id} className="fit">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>{head}</tr>
      </thead>
      <tbody>{body}</tbody>
    </table>
  );
}
