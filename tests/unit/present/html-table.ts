// Reading a table the server rendered (renderToStaticMarkup), for the tests that check the console and a view draw
// the same table: its headers, and each row's attributes and cells as text, with the exact numbers they keep.

/** An element's text: its tags dropped, `&amp;` read back. */
export const htmlText = (html: string) => html.replace(/<[^>]+>/g, '').replaceAll('&amp;', '&');

/** The table with this id in the page. */
export function htmlTable(html: string, id: string) {
  const table = new RegExp(`<table id="${id}"[^>]*>([\\s\\S]*?)</table>`).exec(html)?.[1];
  if (!table) throw new Error(`no ${id} table`);
  const cells = (row: string) =>
    [...row.matchAll(/<(td|th)\b[^>]*>([\s\S]*?)<\/\1>/g)].map(([, , inner]) => ({
      text: htmlText(inner!),
      numbers: [...inner!.matchAll(/data-number="([^"]+)"/g)].map(([, n]) => Number(n)),
    }));
  const [head, ...rows] = [...table.matchAll(/<tr\b([^>]*)>([\s\S]*?)<\/tr>/g)];
  return {
    headers: cells(head![2]!).map((cell) => cell.text.replace(/[▲▼↕]/g, '').trim()),
    rows: rows.map(([, attrs, row]) => ({ attrs: attrs!.trim(), cells: cells(row!) })),
  };
}
