// Small helpers over plain collections that any layer may use: it imports nothing.

/**
 * Rows grouped by `key`, each group in the rows' order: Map.groupBy's answer, written out because the bench's runtime
 * comparison serves these calls on Node 20 too, which lacks it.
 */
export function groupBy<Row>(rows: readonly Row[], key: (row: Row) => string): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}
