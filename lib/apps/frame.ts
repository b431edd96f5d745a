import { SAMPLE_NOTE } from '@/lib/data/sample-note';
import { RESPONSIBLE_GAMBLING_LINE } from '@/lib/rules';
import { h, type Child, type Node } from './dom';

// What every view shows around its data: a heading, the sample-data notice when the answers are the sample
// slate's, every other note the answers carry, the responsible-gambling line, and the state of its calls.

/** A call the view is making or has made through the host. */
export type Loading<T> = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; answer: T };

export const loading = { state: 'loading' } as const;

/**
 * The notes of a view's answers, each once: the sample-data sentence is lifted out of whatever note carries it
 * and shown as the notice above everything else.
 */
function notices(notes: readonly string[]): Child[] {
  const sample = notes.some((note) => note.includes(SAMPLE_NOTE));
  const others = [...new Set(notes.map((note) => note.replace(SAMPLE_NOTE, '').trim()).filter(Boolean))];
  return [
    sample && h('p', { class: 'notice sample', role: 'note', 'data-sample': true }, SAMPLE_NOTE),
    others.length > 0 && h('ul', { class: 'notes', 'aria-label': 'Notes from JEV' }, ...others.map((note) => h('li', null, note))),
  ];
}

export function frame({ title, lead, notes, body }: { title: string; lead?: Child; notes: readonly string[]; body: Child[] }): Node {
  return h(
    'main',
    { class: 'view' },
    h('h1', null, title),
    lead !== undefined && h('p', { class: 'lead' }, lead),
    ...notices(notes),
    ...body,
    h('p', { class: 'footer' }, RESPONSIBLE_GAMBLING_LINE),
  );
}

/** A call still running or failed, said where its content will be; nothing once it is ready. */
export function pending(call: Loading<unknown>, what: string): Child {
  if (call.state === 'loading') return h('p', { class: 'status', role: 'status' }, `Loading ${what}…`);
  if (call.state === 'failed') return h('p', { class: 'error', role: 'alert' }, `Could not load ${what}: ${call.message}`);
  return null;
}

export interface Column<Row> {
  key: string;
  label: string;
  cell: (row: Row) => Child;
  /** Makes the column sortable by this value. */
  sortBy?: (row: Row) => number | string;
  /** A first click sorts the largest first (expected value, books). */
  largestFirst?: boolean;
  /** The row's header cell (names the row for screen readers). */
  header?: boolean;
}

export interface Sort {
  key: string;
  descending: boolean;
}

const compare = (a: number | string, b: number | string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * A table that scrolls sideways inside itself on a narrow screen (a named, focusable region, so a keyboard can
 * scroll it), sortable by the columns that say how: each such header is a button, and aria-sort tells which
 * column orders the rows. Equal rows keep the answer's order.
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
}): Node {
  const by = columns.find((column) => column.key === sort?.key)?.sortBy;
  const ordered = by && sort ? rows.map((row, index) => ({ row, index })) : undefined;
  ordered?.sort((a, b) => (sort!.descending ? -1 : 1) * compare(by!(a.row), by!(b.row)) || a.index - b.index);
  const head = columns.map((column) => {
    const sortable = column.sortBy && onSort;
    const current = sort?.key === column.key;
    const ariaSort = current ? (sort.descending ? 'descending' : 'ascending') : sortable ? 'none' : undefined;
    return h(
      'th',
      { scope: 'col', 'aria-sort': ariaSort },
      sortable
        ? h(
            'button',
            {
              type: 'button',
              class: 'sort',
              'data-focus': `${id}-sort-${column.key}`,
              onClick: () => onSort({ key: column.key, descending: current ? !sort.descending : column.largestFirst === true }),
            },
            column.label,
            h('span', { 'aria-hidden': 'true' }, current ? (sort.descending ? ' ▼' : ' ▲') : ' ↕'),
          )
        : column.label,
    );
  });
  const body = (ordered?.map((entry) => entry.row) ?? rows)
    .slice(0, shown)
    .map((row) =>
      h(
        'tr',
        rowAttrs?.(row) ?? null,
        ...columns.map((column) => h(column.header ? 'th' : 'td', column.header ? { scope: 'row' } : null, column.cell(row))),
      ),
    );
  return h(
    'div',
    { class: 'table-wrap', role: 'region', 'aria-label': caption, tabindex: 0 },
    h(
      'table',
      { id },
      h('caption', { class: 'visually-hidden' }, caption),
      h('thead', null, h('tr', null, ...head)),
      h('tbody', null, ...body),
    ),
  );
}
