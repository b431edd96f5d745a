import type autocannon from 'autocannon';

// What an odds row of the bench asks of the server, printed beside it so a run shows its workload: the games the
// answer covers (all pages) or scanned, and the answer's size.

/** The parts of a get_game_odds answer that say what it covers. */
export interface OddsAnswer {
  games?: unknown[];
  gamesScanned?: number;
  value?: unknown[];
  /** Items on later pages: games, or value entries. */
  remaining?: number;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "16 games, 8 on the page, 17.8 KB", or for a value scan "16 games scanned, 3 value entries, 1.4 KB". */
export function oddsWorkload(answer: OddsAnswer, bytes: number): string {
  const more = answer.remaining ?? 0;
  const covers = answer.games
    ? `${count(answer.games.length + more, 'game', 'games')}, ${answer.games.length} on the page`
    : `${count(answer.gamesScanned ?? 0, 'game', 'games')} scanned, ${count((answer.value?.length ?? 0) + more, 'value entry', 'value entries')}`;
  return `${covers}, ${(bytes / 1000).toFixed(1)} KB`;
}

/** One REST call of an odds row, described (the call's `data`, the whole body's size). */
export async function fetchOddsWorkload({
  url,
  headers = {},
  body,
}: Pick<autocannon.Options, 'url' | 'headers' | 'body'>): Promise<string> {
  const res = await fetch(url, {
    method: 'POST',
    headers: Object.entries(headers).map(([name, value]): [string, string] => [name, String(value)]),
    body: String(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${url} ${String(body)}: ${res.status} ${text.slice(0, 300)}`);
  return oddsWorkload((JSON.parse(text) as { data: OddsAnswer }).data, Buffer.byteLength(text));
}
