import { createServer, type Server } from 'node:http';
import { sampleSlate } from '@/lib/data/sample';
import { SPORT_INFO, type Sport } from '@/lib/data/sports';
import { CATALOGUE } from '@/lib/data/teams';

// A loopback Odds API serving the sample slate's upcoming games in The Odds API v4 shape, so the benchmark
// measures the real ingestion path: HTTP, parsing, team matching and the price merge.

function events(sport: Sport, date: string, asOf: Date) {
  const slate = sampleSlate(date, asOf, { everyBook: true });
  const team = new Map(CATALOGUE.map((t) => [t.id, t]));
  const current = slate.priceSnapshots.at(-1) ?? [];
  return slate.games
    .filter((game) => game.sport === sport && game.status === 'scheduled')
    .map((game) => {
      const home = team.get(game.homeTeamId)!;
      const away = team.get(game.awayTeamId)!;
      const name = (outcome: string) =>
        outcome === home.abbreviation
          ? home.name
          : outcome === away.abbreviation
            ? away.name
            : outcome[0]!.toUpperCase() + outcome.slice(1);
      const rows = current.filter((row) => row.gameId === game.id && row.player === '');
      const books = [...new Set(rows.map((row) => row.book))];
      return {
        id: game.id,
        sport_key: SPORT_INFO[sport].oddsApiKey,
        commence_time: game.startsAt.toISOString(),
        home_team: home.name,
        away_team: away.name,
        bookmakers: books.map((book) => ({
          key: book,
          title: book,
          last_update: asOf.toISOString(),
          markets: ['h2h', 'spreads', 'totals'].map((market) => ({
            key: market,
            last_update: asOf.toISOString(),
            outcomes: rows
              .filter((row) => row.book === book && row.market === market)
              .map((row) => ({ name: name(row.outcome), price: row.americanOdds, ...(row.point === null ? {} : { point: row.point }) })),
          })),
        })),
      };
    });
}

export async function startOddsApiSlate(date: string, asOf: Date): Promise<{ baseUrl: string; server: Server }> {
  const bodies = new Map(
    (['nfl', 'nba', 'epl'] as const).map((sport) => [
      `/v4/sports/${SPORT_INFO[sport].oddsApiKey}/odds`,
      JSON.stringify(events(sport, date, asOf)),
    ]),
  );
  const server = createServer((req, res) => {
    const body = bodies.get(new URL(req.url ?? '/', 'http://bench').pathname);
    res
      .writeHead(body ? 200 : 404, { 'content-type': 'application/json', 'x-requests-remaining': '500', 'x-requests-used': '0' })
      .end(body ?? '[]');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server };
}
