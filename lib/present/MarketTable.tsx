import type { GameOddsFull } from '@/lib/tools/odds-schemas';
import { Figure, Quoted } from './figures';
import { americanOdds, marketName, middleChance, middleMark, outcomeName, percent, priceAt, quotedBeside } from './format';

// One game's markets as get_game_odds answers them in full, for the console's Games and game pages and the MCP
// Apps game view alike: per outcome the reference price, the no-vig fair price, the best price and its expected
// value, the opening price, the 24-hour move of the fair price and the prices' ages; arbitrage, a middle and steam are
// marked beside the market's name, and an outcome whose best price clears the user's threshold (`valueKeys`) is
// marked Value. The table fits the width it has (present.css): its text wraps, and on a narrow screen each row
// stacks into a card whose cells say their column. Each figure keeps the answer's own number in data-number.

type Game = GameOddsFull['games'][number];
/** What the table reads of a market: no instants, so the console's answers and a view's JSON both fit. */
export type TableMarket = Pick<Game['markets'][number], 'market' | 'outcomes' | 'arbitrage' | 'middle' | 'steam'>;

/** The key of one outcome in get_game_odds' `value` list, to find the outcomes that clear the threshold. */
export const valueKey = (gameId: string, market: string, outcome: string, point: number | null | undefined) =>
  `${gameId}|${market}|${outcome}|${point ?? ''}`;

/** Arbitrage, a middle and steam, in words, beside the market's name. */
function MarketMarks({ market }: { market: TableMarket }) {
  return (
    <>
      {market.arbitrage && (
        <span className="mark arb" data-mark="arbitrage">
          Arbitrage {percent(market.arbitrage.returnFraction, 2)}
        </span>
      )}
      {market.middle && (
        <span className="mark middle" data-mark="middle" title={middleChance(market.middle.chance)}>
          {middleMark(market.middle)}
        </span>
      )}
      {market.steam && (
        <span className="mark steam" data-mark="steam">
          Steam to {outcomeName(market.steam.outcome, null)} ({market.steam.books.length} books, {market.steam.movedAgo})
        </span>
      )}
    </>
  );
}

const COLUMNS = ['Market', 'Outcome', 'Reference', 'Fair', 'Best price', 'EV at best', 'Opening', 'Fair, 24 h', 'Updated'];

export function MarketTable({
  gameId,
  markets,
  caption,
  valueKeys = new Set(),
}: {
  gameId: string;
  markets: readonly TableMarket[];
  caption: string;
  valueKeys?: ReadonlySet<string>;
}) {
  if (markets.length === 0) return <p className="empty">No prices are stored for this game.</p>;
  const cell = (column: number) => ({ 'data-label': COLUMNS[column] });
  return (
    <table className="fit markets" id={`markets-${gameId}`}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {COLUMNS.map((column, index) => (
            // The market's column holds its marks too: it is given more of the width.
            <th scope="col" key={column} className={index === 0 ? 'wide' : undefined}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {markets.flatMap((market) =>
          market.outcomes.map((o, index) => {
            const value = valueKeys.has(valueKey(gameId, market.market, o.outcome, o.point));
            return (
              <tr
                key={`${market.market}|${o.outcome}`}
                className={value ? 'value' : undefined}
                data-market={market.market}
                data-outcome={o.outcome}
                data-value={value || undefined}
              >
                <td {...cell(0)}>
                  {index === 0 && (
                    <>
                      {marketName(market.market)} <MarketMarks market={market} />
                    </>
                  )}
                </td>
                <th scope="row" {...cell(1)}>
                  {outcomeName(o.outcome, o.point)}
                </th>
                <td {...cell(2)}>
                  <Figure value={o.americanOdds} text={americanOdds(o.americanOdds)} />
                  <Quoted price={o.beforeCommission} />
                  {o.impliedProbability !== null && <small>{percent(o.impliedProbability)} implied</small>}
                </td>
                <td {...cell(3)} data-fair>
                  <Figure value={o.fairProbability} text={percent(o.fairProbability)} /> ({americanOdds(o.fairAmericanOdds)})
                </td>
                <td {...cell(4)} data-best>
                  {o.best ? (
                    <>
                      <Figure value={o.best.americanOdds} text={americanOdds(o.best.americanOdds)} /> {o.best.book}
                      <Quoted price={o.best.beforeCommission} />
                    </>
                  ) : (
                    '–'
                  )}
                </td>
                <td {...cell(5)} data-ev>
                  <Figure value={o.best?.expectedValue} text={percent(o.best?.expectedValue, 2)} />
                  {value && (
                    <strong className="mark value" data-mark="value">
                      Value
                    </strong>
                  )}
                </td>
                <td {...cell(6)}>
                  {o.opening
                    ? `${priceAt(o.opening.americanOdds, o.opening.point)}${quotedBeside(o.opening.beforeCommission)}, ${o.opening.ago}`
                    : '–'}
                </td>
                <td {...cell(7)}>
                  <Figure value={o.fairProbabilityChange} text={percent(o.fairProbabilityChange, 2)} />
                </td>
                <td {...cell(8)}>
                  {o.updatedAgo ?? '–'}
                  {o.best && o.best.updatedAgo !== o.updatedAgo && <small>best {o.best.updatedAgo}</small>}
                </td>
              </tr>
            );
          }),
        )}
      </tbody>
    </table>
  );
}
