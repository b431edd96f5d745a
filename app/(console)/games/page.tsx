import Link from 'next/link';
import { consolePage } from '@/app/components/ConsolePage';
import { FilterSelect } from '@/app/components/FilterSelect';
import { SiteHeader } from '@/app/components/SiteHeader';
import { requireUser } from '@/lib/root/session';
import { thresholdPercent } from '@/lib/present/format';
import { formatDateTime } from '@/lib/present/format';
import { SPORT_CHOICES, SPORTS, type Sport } from '@/lib/data/sports';
import { getGameOdds } from '@/lib/tools/odds';
import { MarketTable, valueKey } from '@/lib/present/MarketTable';
import { ValueTable } from './ValueTable';
import { root } from '@/lib/root';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Games · JEV' };

function readParams(params: Record<string, string | string[] | undefined>) {
  const sport = (SPORTS as readonly string[]).includes(String(params.sport)) ? (params.sport as Sport) : 'nfl';
  return { sport, min: thresholdPercent(params.min) };
}

export default consolePage(async function GamesPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requireUser();
  const { sport, min } = readParams(await searchParams);
  const [timeZone, odds] = await Promise.all([
    root().ledger.userTimeZone(user.id),
    root().console.readFull(getGameOdds, user, {
      sport,
      minExpectedValue: min / 100,
      // The whole week on the page, as before full answers were paged for agents.
      limit: 100,
    }),
  ]);
  const valueKeys = new Set((odds.value ?? []).map((v) => valueKey(v.gameId, v.market, v.outcome, v.point)));
  const titles = new Map(odds.games.map((game) => [game.gameId, `${game.awayTeam.name} at ${game.homeTeam.name}`]));
  const valueGames = new Map(odds.games.map((game) => [game.gameId, { title: titles.get(game.gameId)!, startsAt: game.startsAt }]));

  return (
    <>
      <SiteHeader user={user} current="/games" />
      <main id="main" className="inner">
        <h1>Games</h1>
        <p className="lead">
          The coming week&apos;s games with {odds.referenceBook}&apos;s prices, the no-vig fair price of the books&apos; consensus, and the
          best price on offer with its expected value. Times are in {timeZone}.
        </p>
        <form className="actions" method="get">
          <FilterSelect name="sport" label="Sport" choices={SPORT_CHOICES} selected={sport} anyLabel={null} />
          <div className="field">
            <label htmlFor="min">Highlight EV from (%)</label>
            <input id="min" name="min" type="number" step="0.5" defaultValue={min} className="short" />
          </div>
          <button type="submit">Show</button>
        </form>
        {odds.priceNote && <p className="callout">{odds.priceNote}</p>}
        {odds.note && <p className="empty">{odds.note}</p>}
        {odds.games.length > 0 && <ValueTable value={odds.value ?? []} games={valueGames} min={min} timeZone={timeZone} />}
        {odds.valueNote && <p className="muted">{odds.valueNote}</p>}
        {odds.games.length > 0 && <h2>Every game</h2>}
        {odds.games.map((game) => {
          const title = titles.get(game.gameId)!;
          return (
            <section key={game.gameId} className="card game" aria-labelledby={`game-${game.gameId}`}>
              <h3 id={`game-${game.gameId}`}>
                <Link href={`/games/${game.gameId}?min=${min}`}>{title}</Link>
              </h3>
              <p className="muted">
                <time dateTime={game.startsAt}>{formatDateTime(new Date(game.startsAt), timeZone)}</time>
                {game.status !== 'scheduled' ? ` · ${game.status}` : ''}
              </p>
              {game.priceNote && <p className="callout">{game.priceNote}</p>}
              <MarketTable gameId={game.gameId} markets={game.markets} caption={`${title}: prices`} valueKeys={valueKeys} />
            </section>
          );
        })}
      </main>
    </>
  );
});
