import Link from 'next/link';
import { notFound } from 'next/navigation';
import { consolePage } from '@/app/components/ConsolePage';
import { SiteHeader } from '@/app/components/SiteHeader';
import { requireUser } from '@/lib/root/session';
import { thresholdPercent } from '@/lib/present/format';
import { formatDateTime } from '@/lib/present/format';
import { table } from '@/lib/present/table';
import { SPORTS, type Sport } from '@/lib/data/sports';
import { ToolError } from '@/lib/errors';
import { getInjuryReport, getWeather } from '@/lib/tools/conditions';
import { getGameOdds } from '@/lib/tools/odds';
import { MarketTable, valueKey } from '@/lib/present/MarketTable';
import { MovementChart } from '@/lib/present/MovementChart';
import { root } from '@/lib/root';

export const dynamic = 'force-dynamic';

/** The width the movement charts are drawn for: the page's column; they shrink with a narrower screen. */
const CHART_WIDTH = 720;
export const metadata = { title: 'Game · JEV' };

/** A game id starts with its sport ("nfl-2026-11-23-dal-nyg"); anything else is no game of ours. */
function sportOf(gameId: string): Sport | undefined {
  const prefix = gameId.split('-')[0];
  return SPORTS.find((sport) => sport === prefix);
}

async function loadGame(user: { id: string; email: string }, sport: Sport, gameId: string, min: number) {
  try {
    return await Promise.all([
      root().console.readFull(getGameOdds, user, { sport, gameId, history: true, minExpectedValue: min / 100 }),
      root().console.readFull(getInjuryReport, user, { sport, gameId }),
      root().console.readFull(getWeather, user, { gameId }),
    ]);
  } catch (error) {
    if (error instanceof ToolError && (error.code === 'not_found' || error.code === 'invalid_input')) notFound();
    throw error;
  }
}

export default consolePage(async function GamePage({
  params,
  searchParams,
}: {
  params: Promise<{ gameId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requireUser();
  const { gameId } = await params;
  const min = thresholdPercent((await searchParams).min);
  const sport = sportOf(gameId);
  if (!sport) notFound();
  const [timeZone, [odds, injuries, weather]] = await Promise.all([
    root().ledger.userTimeZone(user.id),
    loadGame(user, sport, gameId, min),
  ]);
  const game = odds.games[0];
  if (!game) notFound();
  const title = `${game.awayTeam.name} at ${game.homeTeam.name}`;
  const forecast = 'forecast' in weather ? weather.forecast : null;
  const valueKeys = new Set((odds.value ?? []).map((v) => valueKey(v.gameId, v.market, v.outcome, v.point)));

  return (
    <>
      <SiteHeader user={user} current="/games" />
      <main id="main" className="inner">
        <p>
          <Link href={`/games?sport=${sport}&min=${min}`}>All {sport.toUpperCase()} games</Link>
        </p>
        <h1>{title}</h1>
        <p className="lead">
          <time dateTime={game.startsAt}>{formatDateTime(new Date(game.startsAt), timeZone)}</time>
          {game.venue ? ` · ${game.venue.name}, ${game.venue.city}` : ''} · prices at {odds.referenceBook}. Times are in {timeZone}.
        </p>
        {odds.priceNote && <p className="callout">{odds.priceNote}</p>}
        {game.priceNote && <p className="callout">{game.priceNote}</p>}

        <h2>Markets</h2>
        <p className="muted">Best prices with an expected value of at least {min}% are marked Value.</p>
        <MarketTable gameId={game.gameId} markets={game.markets} caption={`${title}: prices`} valueKeys={valueKeys} />

        <h2>Line movement</h2>
        {game.markets.map((market) => (
          <MovementChart key={market.market} market={market} referenceBook={odds.referenceBook} timeZone={timeZone} width={CHART_WIDTH} />
        ))}

        <h2>Weather at kickoff</h2>
        {forecast ? (
          <dl className="figures">
            <dt>Conditions</dt>
            <dd>{forecast.conditions ?? '–'}</dd>
            <dt>Temperature</dt>
            <dd>{forecast.temperatureF === null ? '–' : `${forecast.temperatureF} °F`}</dd>
            <dt>Wind</dt>
            <dd>{forecast.windMph === null ? '–' : `${forecast.windMph} mph`}</dd>
            <dt>Chance of precipitation</dt>
            <dd>{forecast.precipitationChancePercent === null ? '–' : `${forecast.precipitationChancePercent}%`}</dd>
            <dt>Forecast updated</dt>
            <dd>{forecast.updatedAgo}</dd>
          </dl>
        ) : null}
        {weather.note && <p className="muted">{weather.note}</p>}

        <h2>Injuries</h2>
        {injuries.injuries.length === 0 ? (
          <p className="empty">No injuries reported for either team.</p>
        ) : (
          table({
            id: 'injuries',
            caption: `${title}: injuries`,
            rows: injuries.injuries,
            columns: [
              { key: 'player', label: 'Player', header: true, cell: (injury) => injury.player },
              { key: 'team', label: 'Team', cell: (injury) => injury.team.abbreviation },
              { key: 'position', label: 'Position', cell: (injury) => injury.position ?? '–' },
              { key: 'status', label: 'Status', cell: (injury) => injury.status },
              { key: 'detail', label: 'Detail', cell: (injury) => injury.detail ?? '–' },
              { key: 'updated', label: 'Updated', cell: (injury) => injury.updatedAgo },
            ],
          })
        )}
        <p className="muted">{injuries.note}</p>
      </main>
    </>
  );
});
