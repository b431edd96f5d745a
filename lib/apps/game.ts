import { marketMovement } from '@/lib/console/movement';
import { americanOdds, marketName, outcomeName, percent, priceAt } from '@/lib/console/odds-format';
import { formatDateTime } from '@/lib/console/time';
import { notesOf, type FullGame, type FullMarket, type GameAnswer, type Injuries, type OddsAnswer, type Weather } from './answers';
import type { Host } from './bridge';
import { lineChart } from './chart';
import { h, type Child } from './dom';
import { compact, firstPlace, frame, loading, notesTab, pending, table, type InlinePlace, type Loading } from './frame';
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
  /** Where the compact inline form is. */
  inline: InlinePlace;
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
  const load = <Key extends 'odds' | 'injuries' | 'weather'>(key: Key, call: Promise<unknown>) =>
    call.then(
      (answer) => update((game) => ({ ...game, [key]: { state: 'ready', answer } })),
      (error: unknown) =>
        update((game) => ({ ...game, [key]: { state: 'failed', message: error instanceof Error ? error.message : String(error) } })),
    );
  const odds = {
    sport,
    gameId,
    detail: 'full',
    history: true,
    ...(args.book ? { book: args.book } : {}),
    ...(args.markets ? { markets: args.markets } : {}),
  };
  void load('odds', host.callTool('get_game_odds', odds));
  void load('injuries', host.callTool('get_injury_report', { sport, gameId }));
  void load('weather', host.callTool('get_weather', { gameId }));
  return { sport, gameId, odds: loading, injuries: loading, weather: loading, inline: firstPlace('prices') };
}

const gameTitle = (game: FullGame) => `${game.awayTeam.name} at ${game.homeTeam.name}`;

/** Every note of the game's answers, for the frame. */
export const gameNotes = (state: GameState): string[] =>
  [state.odds, state.injuries, state.weather].flatMap((call) => (call.state === 'ready' ? notesOf(call.answer) : []));

/** An exact figure of the answer, written for people: the number itself stays on the element. */
export const figure = (value: number | null | undefined, text: string) => h('span', { 'data-number': value ?? undefined }, text);

function marketTable(game: FullGame, market: FullMarket): Child {
  type Outcome = FullMarket['outcomes'][number];
  return table<Outcome>({
    id: `market-${market.market}`,
    caption: `${marketName(market.market)}: prices`,
    rows: market.outcomes,
    rowAttrs: (outcome) => ({ 'data-outcome': outcome.outcome }),
    columns: [
      { key: 'outcome', label: 'Outcome', header: true, cell: (o) => outcomeName(o.outcome, o.point) },
      {
        key: 'reference',
        label: 'Reference',
        cell: (o) => [
          figure(o.americanOdds, americanOdds(o.americanOdds)),
          o.impliedProbability !== null && h('small', null, ` ${percent(o.impliedProbability)} implied`),
        ],
      },
      {
        key: 'fair',
        label: 'Fair',
        cell: (o) => [figure(o.fairProbability, percent(o.fairProbability)), ` (${americanOdds(o.fairAmericanOdds)})`],
      },
      {
        key: 'best',
        label: 'Best price',
        cell: (o) =>
          o.best
            ? [
                figure(o.best.americanOdds, americanOdds(o.best.americanOdds)),
                ` ${o.best.book}, EV `,
                figure(o.best.expectedValue, percent(o.best.expectedValue, 2)),
              ]
            : '–',
      },
      {
        key: 'opening',
        label: 'Opening',
        cell: (o) => (o.opening ? `${priceAt(o.opening.americanOdds, o.opening.point)}, ${o.opening.ago}` : '–'),
      },
      {
        key: 'change',
        label: 'Fair, 24 h',
        cell: (o) => figure(o.fairProbabilityChange, o.fairProbabilityChange == null ? '–' : percent(o.fairProbabilityChange, 2)),
      },
      {
        key: 'updated',
        label: 'Updated',
        cell: (o) => [
          o.updatedAgo ?? '–',
          o.best && o.best.updatedAgo !== o.updatedAgo && h('small', null, ` (best ${o.best.updatedAgo})`),
        ],
      },
    ],
  });
}

function movementChart(market: FullMarket, referenceBook: string, env: Env): Child {
  const movement = marketMovement(market, referenceBook, env.timeZone);
  if (!movement) return h('p', { class: 'empty' }, `${marketName(market.market)}: no recorded price changes yet.`);
  return lineChart({
    id: `movement-${market.market}`,
    labels: movement.labels,
    lines: movement.lines,
    width: env.width - 32,
    axis: (value, step) => percent(value, step < 0.01 ? 1 : 0),
    caption: `${movement.title}. ${movement.description}`,
  });
}

function marketSection(game: FullGame, market: FullMarket, referenceBook: string, env: Env): Child {
  const { arbitrage, steam } = market;
  return h(
    'section',
    { class: 'market', 'data-market': market.market, 'aria-labelledby': `heading-${market.market}` },
    h(
      'h2',
      { id: `heading-${market.market}` },
      marketName(market.market),
      h('small', null, ` ${market.consensusBooks} books in the consensus, ${market.books} pricing it`),
    ),
    marketTable(game, market),
    market.priceNote && h('p', { class: 'muted' }, market.priceNote),
    arbitrage &&
      h(
        'p',
        { class: 'arb' },
        h('strong', { class: 'mark arb' }, `Arbitrage ${percent(arbitrage.returnFraction, 2)}`),
        ` ${arbitrage.legs.map((leg) => `${outcomeName(leg.outcome, null)} ${americanOdds(leg.americanOdds)} at ${leg.book} (${percent(leg.stakeShare)} of the stake)`).join('; ')}. ${arbitrage.note}`,
      ),
    steam &&
      h(
        'p',
        null,
        h('strong', { class: 'mark steam' }, 'Steam'),
        ` towards ${outcomeName(steam.outcome, null)}: ${steam.books.length} books (${steam.books.join(', ')}) moved within 30 minutes, ${steam.ago}.`,
      ),
    movementChart(market, referenceBook, env),
  );
}

function weatherSection(call: Loading<Weather>): Child {
  const body = (weather: Weather): Child => {
    if (weather.indoor || !weather.forecast)
      return h('p', null, weather.venue ? `${weather.venue}: ` : '', weather.indoor ? 'indoors.' : 'no forecast yet.');
    const f = weather.forecast;
    return h(
      'dl',
      { class: 'figures' },
      h('dt', null, 'Temperature'),
      h('dd', null, f.temperatureF === null ? '–' : `${f.temperatureF} °F`),
      h('dt', null, 'Wind'),
      h('dd', null, f.windMph === null ? '–' : `${f.windMph} mph`),
      h('dt', null, 'Precipitation'),
      h('dd', null, f.precipitationProbability === null ? '–' : `${f.precipitationProbability}% chance`),
      h('dt', null, 'Conditions'),
      h('dd', null, f.conditions ?? '–'),
      h('dt', null, 'Forecast'),
      h('dd', null, `updated ${f.updatedAgo}${weather.venue ? `, at ${weather.venue}` : ''}`),
    );
  };
  return h(
    'section',
    { class: 'weather', 'aria-labelledby': 'heading-weather' },
    h('h2', { id: 'heading-weather' }, 'Weather at kickoff'),
    pending(call, 'the weather'),
    call.state === 'ready' && body(call.answer),
  );
}

function injuriesSection(call: Loading<Injuries>): Child {
  const body = (report: Injuries): Child =>
    report.teams.length === 0
      ? h('p', { class: 'empty' }, 'No injuries reported for either team.')
      : report.teams.map((team) =>
          h(
            'div',
            { class: 'team-injuries', 'data-team': team.team },
            h('h3', null, team.team, h('small', null, ` report updated ${team.updatedAgo}`)),
            h(
              'ul',
              null,
              ...team.injuries.map((injury) =>
                h(
                  'li',
                  null,
                  h('strong', null, injury.player),
                  [injury.position, injury.status, injury.detail]
                    .filter(Boolean)
                    .map((part) => `, ${part}`)
                    .join(''),
                ),
              ),
            ),
          ),
        );
  return h(
    'section',
    { class: 'injuries', 'aria-labelledby': 'heading-injuries' },
    h('h2', { id: 'heading-injuries' }, 'Injuries'),
    pending(call, 'the injuries'),
    call.state === 'ready' && body(call.answer),
  );
}

/** When and where the game is, its score once it has one, and the reference book. */
const gameLead = (game: FullGame, referenceBook: string, env: Env): Child => [
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
    f.precipitationProbability !== null && `${f.precipitationProbability}% rain`,
    f.conditions,
  ]
    .filter(Boolean)
    .join(', ');
}

/** The game inline: when, where and the weather, then every outcome's prices, the injuries or the notes. */
export function gameCompact(state: GameState, env: Env, update: GameUpdate): Child[] {
  const { odds, injuries, weather } = state;
  const game = odds.state === 'ready' ? odds.answer.games[0] : undefined;
  const wait = (call: Loading<unknown>) => (call.state === 'loading' ? '…' : '–');
  const summary = h(
    'dl',
    { class: 'summary' },
    h('div', null, h('dt', null, 'Kickoff'), h('dd', null, game ? formatDateTime(new Date(game.startsAt), env.timeZone) : wait(odds))),
    h('div', null, h('dt', null, 'Weather'), h('dd', null, weather.state === 'ready' ? weatherLine(weather.answer) : wait(weather))),
    h('div', null, h('dt', null, 'Reference book'), h('dd', null, odds.state === 'ready' ? odds.answer.referenceBook : wait(odds))),
  );
  const prices = (game?.markets ?? []).flatMap((market) =>
    market.outcomes.map((o) =>
      h(
        'div',
        { class: 'item', 'data-market': market.market, 'data-outcome': o.outcome },
        h('strong', null, `${marketName(market.market)} ${outcomeName(o.outcome, o.point)}`),
        h(
          'span',
          { class: 'facts' },
          figure(o.americanOdds, americanOdds(o.americanOdds)),
          ' · fair ',
          figure(o.fairProbability, percent(o.fairProbability)),
          o.best && [
            ` · best ${americanOdds(o.best.americanOdds)} at ${o.best.book}, EV `,
            figure(o.best.expectedValue, percent(o.best.expectedValue, 2)),
          ],
          o.updatedAgo && ` · ${o.updatedAgo}`,
        ),
        market.arbitrage &&
          h('span', { class: 'mark arb', 'data-mark': 'arbitrage' }, `Arbitrage ${percent(market.arbitrage.returnFraction, 2)}`),
        market.steam?.outcome === o.outcome && h('span', { class: 'mark steam', 'data-mark': 'steam' }, 'Steam'),
      ),
    ),
  );
  const hurt =
    injuries.state === 'ready'
      ? injuries.answer.teams.flatMap((team) =>
          team.injuries.map((injury) =>
            h(
              'div',
              { class: 'item', 'data-team': team.team },
              h('strong', null, injury.player),
              h('span', { class: 'facts' }, [team.team, injury.position, injury.status, injury.detail].filter(Boolean).join(' · ')),
            ),
          ),
        )
      : [];
  return compact({
    summary,
    tabs: [
      {
        key: 'prices',
        label: 'Prices',
        items: prices,
        empty: pending(odds, 'the odds') ?? h('p', { class: 'empty' }, 'No prices are stored for this game.'),
      },
      {
        key: 'injuries',
        label: 'Injuries',
        items: hurt,
        empty: pending(injuries, 'the injuries') ?? h('p', { class: 'empty' }, 'No injuries reported for either team.'),
      },
      ...notesTab(gameNotes(state)),
    ],
    place: state.inline,
    onPlace: (inline, focus) => update((game) => ({ ...game, inline }), focus),
    fullscreen: 'Charts and details in full screen',
    env,
  });
}

/** The game's content below the frame's heading: what the odds say first, then the weather and the injuries. */
export function gameBody(state: GameState, env: Env): Child[] {
  const odds = state.odds;
  const game = odds.state === 'ready' ? odds.answer.games[0] : undefined;
  return [
    pending(odds, 'the odds'),
    odds.state === 'ready' && !game && h('p', { class: 'empty' }, 'No prices are stored for this game.'),
    game && odds.state === 'ready' && h('p', { class: 'lead' }, gameLead(game, odds.answer.referenceBook, env)),
    game && game.markets.length === 0 && h('p', { class: 'empty' }, 'No prices are stored for this game.'),
    ...(game && odds.state === 'ready' ? game.markets.map((market) => marketSection(game, market, odds.answer.referenceBook, env)) : []),
    weatherSection(state.weather),
    injuriesSection(state.injuries),
  ];
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
