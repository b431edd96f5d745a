import {
  americanOdds,
  formatDateTime,
  marketName,
  middleChance,
  middleMark,
  outcomeName,
  percent,
  quotedBeside,
} from '@/lib/present/format';
import { figure } from '@/lib/present/figures';
import { MarketTable } from '@/lib/present/MarketTable';
import { MovementChart } from '@/lib/present/MovementChart';
import { notesOf, type FullGame, type FullMarket, type GameAnswer, type Injuries, type OddsAnswer, type Weather } from './answers';
import type { Host } from './bridge';
import type { ReactNode } from 'react';
import { compactForm, firstPlace, frame, loading, notesTab, pending, type CompactPlace, type Loading } from './frame';
import type { Env } from './env';
import type { ViewSpec } from './run';

// A game: its markets as get_game_odds answers them in full (every outcome's reference, fair and best price with
// their ages, the opening price and the 24-hour move, arbitrage and steam), a line-movement chart per market
// from the `history` series, the kickoff weather and both teams' injuries. The view asks for all of it through
// the host, so the model's own answer stays the concise one. Inline, its summary and every outcome's prices a few
// at a time (the injuries and the notes a tab away); full screen, the tables, charts, weather and injuries.

export interface GameState {
  sport: string;
  gameId: string;
  odds: Loading<GameAnswer>;
  injuries: Loading<Injuries>;
  weather: Loading<Weather>;
  /** Where the compact form is (the form drawn inline). */
  compactPlace: CompactPlace;
}

/** Changes a game's state and draws it; `focus` names the control the keyboard continues from. */
export type GameUpdate = (change: (game: GameState) => GameState, focus?: string) => void;

/** Fetches a game's full odds with history, its injuries and its weather; each part is drawn as it arrives. */
export function openGame(
  host: Host,
  args: { sport: string; gameId: string; book?: unknown; markets?: unknown },
  update: GameUpdate,
): GameState {
  const { sport, gameId } = args;
  const load = <Key extends 'odds' | 'injuries' | 'weather'>(
    key: Key,
    call: Promise<Extract<GameState[Key], { state: 'ready' }>['answer']>,
  ) =>
    call.then(
      (answer) => update((game) => ({ ...game, [key]: { state: 'ready', answer } })),
      (error: unknown) =>
        update((game) => ({ ...game, [key]: { state: 'failed', message: error instanceof Error ? error.message : String(error) } })),
    );
  const odds = {
    sport,
    gameId,
    detail: 'full' as const,
    history: true,
    ...(args.book ? { book: args.book } : {}),
    ...(args.markets ? { markets: args.markets } : {}),
  };
  void load('odds', host.callTool('get_game_odds', odds));
  void load('injuries', host.callTool('get_injury_report', { sport, gameId }));
  void load('weather', host.callTool('get_weather', { gameId }));
  return { sport, gameId, odds: loading, injuries: loading, weather: loading, compactPlace: firstPlace('prices') };
}

const gameTitle = (game: FullGame) => `${game.awayTeam.name} at ${game.homeTeam.name}`;

/** Every note of the game's answers, for the frame, and the game's own (under way, its prices are those since kick-off). */
export const gameNotes = (state: GameState): string[] => [
  ...[state.odds, state.injuries, state.weather].flatMap((call) => (call.state === 'ready' ? notesOf(call.answer) : [])),
  ...(state.odds.state === 'ready' ? notesOf(state.odds.answer.games[0]) : []),
];

/** An arbitrage's or a middle's leg in words: its net price, and an exchange's quote beside it. */
const legInWords = (leg: {
  outcome: string;
  point?: number;
  americanOdds: number;
  beforeCommission?: number;
  book: string;
  stakeShare: number;
}) =>
  `${outcomeName(leg.outcome, leg.point ?? null)} ${americanOdds(leg.americanOdds)}${quotedBeside(leg.beforeCommission)} at ${leg.book} (${percent(leg.stakeShare)} of the stake)`;

/**
 * What the table does not say of a market: its books, its arbitrage and middle in full, its steam, and its movement.
 * Keyed by its market: the game draws one per market.
 */
function marketSection(market: FullMarket, referenceBook: string, env: Env): ReactNode {
  const { arbitrage, middle, steam } = market;
  return (
    <section key={market.market} className="market" data-market={market.market} aria-labelledby={`heading-${market.market}`}>
      <h2 id={`heading-${market.market}`}>
        {marketName(market.market)}
        <small>{` ${market.consensusBooks} books in the consensus, ${market.books} pricing it`}</small>
      </h2>
      {market.priceNote && <p className="muted">{market.priceNote}</p>}
      {arbitrage && (
        <p className="arb">
          <strong className="mark arb">{`Arbitrage ${arbitrage.returns ? 'at worst ' : ''}${percent(arbitrage.returnFraction, 2)}`}</strong>
          {` ${arbitrage.legs.map(legInWords).join('; ')}.`}
          {
            // Where a whole or quarter line makes results return differently: each one's return.
            arbitrage.returns &&
              ` By result: ${arbitrage.returns.map((entry) => `${entry.result} ${percent(entry.returnFraction, 2)}`).join('; ')}.`
          }
          {` ${arbitrage.note}`}
        </p>
      )}
      {middle && (
        <p className="middle" data-middle={middle.window}>
          <strong className="mark middle">{middleMark(middle)}</strong>
          {` ${middle.legs.map(legInWords).join('; ')}.`}
          {` Inside: ${percent(middle.windowReturnFraction, 2)}`}
          {middle.keyNumbers.length > 0 && `, key number ${middle.keyNumbers.join(' and ')}`}
          {`; ${middleChance(middle.chance)}.`}
        </p>
      )}
      {steam && (
        <p>
          <strong className="mark steam">Steam</strong>
          {` towards ${outcomeName(steam.outcome, null)}: ${steam.books.length} books (${steam.books.join(', ')}) moved within 30 minutes, ${steam.movedAgo}.`}
        </p>
      )}
      <MovementChart market={market} referenceBook={referenceBook} timeZone={env.timeZone} width={env.width - 32} />
    </section>
  );
}

function weatherSection(call: Loading<Weather>): ReactNode {
  const body = (weather: Weather): ReactNode => {
    if (weather.indoor || !weather.forecast)
      return (
        <p>
          {weather.venue ? `${weather.venue}: ` : ''}
          {weather.indoor ? 'indoors.' : 'no forecast yet.'}
        </p>
      );
    const f = weather.forecast;
    return (
      <dl className="figures">
        <dt>Temperature</dt>
        <dd>{f.temperatureF === null ? '–' : `${f.temperatureF} °F`}</dd>
        <dt>Wind</dt>
        <dd>{f.windMph === null ? '–' : `${f.windMph} mph`}</dd>
        <dt>Precipitation</dt>
        <dd>{f.precipitationChancePercent === null ? '–' : `${f.precipitationChancePercent}% chance`}</dd>
        <dt>Conditions</dt>
        <dd>{f.conditions ?? '–'}</dd>
        <dt>Forecast</dt>
        <dd>{`updated ${f.updatedAgo}${weather.venue ? `, at ${weather.venue}` : ''}`}</dd>
      </dl>
    );
  };
  return (
    <section className="weather" aria-labelledby="heading-weather">
      <h2 id="heading-weather">Weather at kickoff</h2>
      {pending(call, 'the weather')}
      {call.state === 'ready' && body(call.answer)}
    </section>
  );
}

function injuriesSection(call: Loading<Injuries>): ReactNode {
  const body = (report: Injuries): ReactNode =>
    report.teams.length === 0 ? (
      <p className="empty">No injuries reported for either team.</p>
    ) : (
      report.teams.map((team) => (
        <div key={team.team} className="team-injuries" data-team={team.team}>
          <h3>
            {team.team}
            <small>{` report updated ${team.updatedAgo}`}</small>
          </h3>
          <ul>
            {team.injuries.map((injury, index) => (
              <li key={index}>
                <strong>{injury.player}</strong>
                {[injury.position, injury.status, injury.detail]
                  .filter(Boolean)
                  .map((part) => `, ${part}`)
                  .join('')}
              </li>
            ))}
          </ul>
        </div>
      ))
    );
  return (
    <section className="injuries" aria-labelledby="heading-injuries">
      <h2 id="heading-injuries">Injuries</h2>
      {pending(call, 'the injuries')}
      {call.state === 'ready' && body(call.answer)}
    </section>
  );
}

/** When and where the game is, its score once it has one, and the reference book. */
const gameLead = (game: FullGame, referenceBook: string, env: Env): ReactNode => [
  formatDateTime(new Date(game.startsAt), env.timeZone),
  game.venue && ` · ${game.venue.name}${game.venue.city ? `, ${game.venue.city}` : ''}`,
  game.status !== 'scheduled' && ` · ${game.status}`,
  game.homeScore != null && ` · ${game.homeTeam.abbreviation} ${game.homeScore}, ${game.awayTeam.abbreviation} ${game.awayScore}`,
  ` · reference book ${referenceBook}`,
];

/** The weather at kickoff in a line. */
function weatherLine(weather: Weather): string {
  if (weather.indoor) return 'indoors';
  const f = weather.forecast;
  if (!f) return 'no forecast yet';
  return [
    f.temperatureF !== null && `${f.temperatureF} °F`,
    f.windMph !== null && `wind ${f.windMph} mph`,
    f.precipitationChancePercent !== null && `${f.precipitationChancePercent}% rain`,
    f.conditions,
  ]
    .filter(Boolean)
    .join(', ');
}

/** The game inline: when, where and the weather, then every outcome's prices, the injuries or the notes. */
export function gameCompact(state: GameState, env: Env, update: GameUpdate): ReactNode {
  const { odds, injuries, weather } = state;
  const game = odds.state === 'ready' ? odds.answer.games[0] : undefined;
  const wait = (call: Loading<unknown>) => (call.state === 'loading' ? '…' : '–');
  const summary = (
    <dl className="summary">
      <div>
        <dt>Kickoff</dt>
        <dd>{game ? formatDateTime(new Date(game.startsAt), env.timeZone) : wait(odds)}</dd>
      </div>
      <div>
        <dt>Weather</dt>
        <dd>{weather.state === 'ready' ? weatherLine(weather.answer) : wait(weather)}</dd>
      </div>
      <div>
        <dt>Reference book</dt>
        <dd>{odds.state === 'ready' ? odds.answer.referenceBook : wait(odds)}</dd>
      </div>
    </dl>
  );
  const prices = (game?.markets ?? []).flatMap((market) =>
    market.outcomes.map((o) => (
      <div className="item" data-market={market.market} data-outcome={o.outcome}>
        <strong>{`${marketName(market.market)} ${outcomeName(o.outcome, o.point)}`}</strong>
        <span className="facts">
          {figure(o.americanOdds, americanOdds(o.americanOdds))}
          {quotedBeside(o.beforeCommission)}
          {' · fair '}
          {figure(o.fairProbability, percent(o.fairProbability))}
          {o.best && (
            <>
              {` · best ${americanOdds(o.best.americanOdds)}${quotedBeside(o.best.beforeCommission)} at ${o.best.book}, EV `}
              {figure(o.best.expectedValue, percent(o.best.expectedValue, 2))}
            </>
          )}
          {o.updatedAgo && ` · ${o.updatedAgo}`}
        </span>
        {market.arbitrage && (
          <span className="mark arb" data-mark="arbitrage">
            {`Arbitrage ${percent(market.arbitrage.returnFraction, 2)}`}
          </span>
        )}
        {market.middle && (
          <span className="mark middle" data-mark="middle">
            {middleMark(market.middle)}
          </span>
        )}
        {market.steam?.outcome === o.outcome && (
          <span className="mark steam" data-mark="steam">
            Steam
          </span>
        )}
      </div>
    )),
  );
  const hurt =
    injuries.state === 'ready'
      ? injuries.answer.teams.flatMap((team) =>
          team.injuries.map((injury) => (
            <div className="item" data-team={team.team}>
              <strong>{injury.player}</strong>
              <span className="facts">{[team.team, injury.position, injury.status, injury.detail].filter(Boolean).join(' · ')}</span>
            </div>
          )),
        )
      : [];
  return compactForm({
    summary,
    tabs: [
      {
        key: 'prices',
        label: 'Prices',
        items: prices,
        empty: pending(odds, 'the odds') ?? <p className="empty">No prices are stored for this game.</p>,
      },
      {
        key: 'injuries',
        label: 'Injuries',
        items: hurt,
        empty: pending(injuries, 'the injuries') ?? <p className="empty">No injuries reported for either team.</p>,
      },
      ...notesTab(gameNotes(state)),
    ],
    place: state.compactPlace,
    onPlace: (place, focus) => update((game) => ({ ...game, compactPlace: place }), focus),
    fullscreen: 'Charts and details in full screen',
    env,
  });
}

/** The game's content below the frame's heading: what the odds say first, then the weather and the injuries. */
export function gameBody(state: GameState, env: Env): ReactNode {
  const odds = state.odds;
  const game = odds.state === 'ready' ? odds.answer.games[0] : undefined;
  return (
    <>
      {pending(odds, 'the odds')}
      {odds.state === 'ready' && !game && <p className="empty">No prices are stored for this game.</p>}
      {game && odds.state === 'ready' && <p className="lead">{gameLead(game, odds.answer.referenceBook, env)}</p>}
      {game && <h2 id="heading-prices">Prices</h2>}
      {game && <MarketTable gameId={game.gameId} markets={game.markets} caption={`${gameTitle(game)}: prices`} />}
      {game && odds.state === 'ready' && game.markets.map((market) => marketSection(market, odds.answer.referenceBook, env))}
      {weatherSection(state.weather)}
      {injuriesSection(state.injuries)}
    </>
  );
}

/** The heading of a game once its odds are in, else its id. */
export const gameHeading = (state: GameState) =>
  state.odds.state === 'ready' && state.odds.answer.games[0] ? gameTitle(state.odds.answer.games[0]) : `Game ${state.gameId}`;

/**
 * The game view on its own: drawn from get_game_odds for one game (its `gameId`, else the answer's first game),
 * it asks for the same as the board does when a game is opened there.
 */
export const gameView: ViewSpec<GameState> = {
  title: 'A game',
  start(args, answer, host, update) {
    const gameId = typeof args.gameId === 'string' ? args.gameId : ((answer as OddsAnswer).games?.[0]?.gameId ?? '');
    return openGame(host, { ...args, sport: String(args.sport), gameId }, update);
  },
  render: (state, env, update) =>
    frame({
      title: gameHeading(state),
      notes: gameNotes(state),
      body: env.display.mode === 'inline' ? gameCompact(state, env, update) : gameBody(state, env),
      env,
    }),
};
