import { DataTable } from '@/app/components/DataTable';
import { americanOdds, marketName, outcomeName, percent } from '@/lib/console/odds-format';
import type { GameOddsFull } from '@/lib/tools/odds-schemas';

export type GameOdds = GameOddsFull['games'][number];
type Market = GameOdds['markets'][number];

/** The key of one outcome in get_game_odds' `value` list, to find the outcomes that clear the threshold. */
export const valueKey = (gameId: string, market: string, outcome: string, point: number | null) =>
  `${gameId}|${market}|${outcome}|${point ?? ''}`;

/** Arbitrage and steam, in words: marked beside the market's name. */
function marketFlags(market: Market) {
  return (
    <>
      {market.arbitrage && <span className="flag flag-arb">Arbitrage {percent(market.arbitrage.returnFraction, 2)}</span>}
      {market.steam && (
        <span className="flag flag-steam">
          Steam to {outcomeName(market.steam.outcome, null)} ({market.steam.books.length} books, {market.steam.ago})
        </span>
      )}
    </>
  );
}

/**
 * One game's markets as get_game_odds answers them: the reference price, the no-vig fair price, the best price
 * and its expected value; a row whose best price clears the user's threshold (`valueKeys`) is marked Value.
 */
export function MarketsTable({ game, caption, valueKeys }: { game: GameOdds; caption: string; valueKeys: ReadonlySet<string> }) {
  if (game.markets.length === 0) return <p className="empty">No prices stored for this game.</p>;
  return (
    <DataTable caption={caption} columns={['Market', 'Outcome', 'Reference', 'Fair', 'Best price', 'EV at best']}>
      {game.markets.flatMap((market) =>
        market.outcomes.map((outcome, index) => {
          const value = valueKeys.has(valueKey(game.gameId, market.market, outcome.outcome, outcome.point));
          return (
            <tr key={`${market.market}|${outcome.outcome}`} className={value ? 'value' : undefined} data-value={value || undefined}>
              <td>
                {index === 0 && (
                  <>
                    {marketName(market.market)} {marketFlags(market)}
                  </>
                )}
              </td>
              <th scope="row">{outcomeName(outcome.outcome, outcome.point)}</th>
              <td>{americanOdds(outcome.americanOdds)}</td>
              <td data-fair>
                {percent(outcome.fairProbability)} ({americanOdds(outcome.fairAmericanOdds)})
              </td>
              <td data-best>{outcome.best ? `${americanOdds(outcome.best.americanOdds)} ${outcome.best.book}` : '–'}</td>
              <td>
                {percent(outcome.best?.expectedValue)}
                {value && <strong className="flag flag-value">Value</strong>}
              </td>
            </tr>
          );
        }),
      )}
    </DataTable>
  );
}
