import { americanOdds, percent, quotedBeside } from '@/lib/present/format';
import { bestPriceCell, figure, Quoted } from '@/lib/present/figures';
import { table, type Sort } from '@/lib/present/table';
import type { ReactElement, ReactNode } from 'react';
import { notesOf, type FuturesAnswer, type FutureTeam } from './answers';
import type { Host } from './bridge';
import type { Env } from './env';
import { compactForm, firstPlace, frame, moreButton, notesTab, type CompactPlace } from './frame';
import type { Update } from './run';

// The value board drawn for get_game_odds with futures: true: the league's title futures from the model's own
// answer (no second call), per market its teams with the reference price, the fair price, the best price and its
// book, and the expected value at it. Inline, a summary and the teams a page at a time; full screen, a sortable
// table per market. "More" asks for the next page with the model's arguments and the answer's cursor.

export interface FuturesState {
  kind: 'futures';
  host: Host;
  /** The model's answer, and the pages asked for since, merged market by market. */
  answer: FuturesAnswer;
  /** The model's arguments, which the answer's cursor continues: they ask for the futures. */
  args: Record<string, unknown> & { futures: true };
  paging: boolean;
  /** Why the last page could not be fetched. */
  pagingFailed?: string;
  sorts: Record<string, Sort>;
  /** Where the compact form is (the form drawn inline). */
  compactPlace: CompactPlace;
}

export function startFutures(args: Record<string, unknown>, answer: FuturesAnswer, host: Host): FuturesState {
  // `futures: true` as the model gave it: no other argument answers with a league's futures.
  const { cursor: _cursor, ...modelArgs } = args;
  return {
    kind: 'futures',
    host,
    answer,
    args: { ...modelArgs, futures: true },
    paging: false,
    sorts: {},
    compactPlace: firstPlace('futures'),
  };
}

/** A page added to what the board holds: a market it continues gets its teams, a new market follows. */
function withPage(held: FuturesAnswer, page: FuturesAnswer): FuturesAnswer {
  const continued = held.futures.map((market) => {
    const more = page.futures.find((m) => m.market === market.market);
    return more ? { ...more, teams: [...market.teams, ...more.teams] } : market;
  });
  const added = page.futures.filter((market) => !held.futures.some((m) => m.market === market.market));
  return { ...page, futures: [...continued, ...added] };
}

function fetchMore(state: FuturesState, update: Update<FuturesState>): FuturesState {
  state.host.callTool('get_game_odds', { ...state.args, cursor: state.answer.nextCursor }).then(
    (page) => update((held) => ({ ...held, answer: withPage(held.answer, page), paging: false, pagingFailed: undefined })),
    (error: unknown) =>
      update((held) => ({ ...held, paging: false, pagingFailed: error instanceof Error ? error.message : String(error) })),
  );
  return { ...state, paging: true };
}

const marketLabel = (market: string) => (market === 'champion' ? 'Title winner' : market);

export function futuresScreen(state: FuturesState, env: Env, update: Update<FuturesState>): ReactElement {
  const { answer } = state;
  const notes = notesOf(answer);
  return frame({
    title: `${answer.sport.toUpperCase()} title futures`,
    lead: [`Reference book ${answer.referenceBook}`, answer.fairLine && ` · fair line ${answer.fairLine}`],
    notes,
    body:
      env.display.mode === 'inline' ? (
        futuresCompact(state, notes, env, update)
      ) : (
        <>
          {answer.futures.map((market) => marketSection(state, market, update))}
          {moreTeams(state, update)}
        </>
      ),
    env,
  });
}

function futuresCompact(state: FuturesState, notes: readonly string[], env: Env, update: Update<FuturesState>): ReactNode {
  const { answer } = state;
  const teams = answer.futures.flatMap((market) => market.teams.map((team) => ({ market: market.market, team })));
  const best = teams.reduce<number | undefined>((most, { team }) => {
    const ev = team.best.expectedValue;
    return ev !== undefined && (most === undefined || ev > most) ? ev : most;
  }, undefined);
  const several = answer.futures.length > 1;
  const summary = (
    <dl className="summary">
      <div>
        <dt>Teams</dt>
        <dd data-figure="teams">{`${teams.length + (answer.remaining ?? 0)}`}</dd>
      </div>
      <div>
        <dt>Best EV</dt>
        <dd>{best === undefined ? '–' : figure(best, percent(best, 2))}</dd>
      </div>
      <div>
        <dt>Books</dt>
        <dd>{`${Math.max(0, ...answer.futures.map((market) => market.books))}`}</dd>
      </div>
    </dl>
  );
  const items = teams.map(({ market, team }) => (
    <div className="item" data-market={market} data-team={team.team}>
      <strong>{team.team}</strong>
      {several && ` · ${marketLabel(market)}`}
      <span className="facts">
        {'reference '}
        {figure(team.americanOdds, americanOdds(team.americanOdds))}
        {quotedBeside(team.beforeCommission)}
        {' · fair '}
        {figure(team.fairProbability, percent(team.fairProbability))}
        {' ('}
        {figure(team.fairAmericanOdds, americanOdds(team.fairAmericanOdds))}
        {') · best '}
        {figure(team.best.americanOdds, americanOdds(team.best.americanOdds))}
        {`${quotedBeside(team.best.beforeCommission)} at ${team.best.book} · EV `}
        {figure(team.best.expectedValue, percent(team.best.expectedValue, 2))}
        {` · ${team.best.updatedAgo}`}
      </span>
    </div>
  ));
  return compactForm({
    summary,
    tabs: [
      {
        key: 'futures',
        label: 'Teams',
        items: answer.nextCursor ? [...items, moreTeams(state, update)] : items,
        empty: <p className="empty">No futures are priced for this league.</p>,
      },
      ...notesTab(notes),
    ],
    place: state.compactPlace,
    onPlace: (place, focus) => update((held) => ({ ...held, compactPlace: place }), focus),
    fullscreen: 'See every market in full screen',
    env,
  });
}

/** A market's teams in a table the user sorts. Keyed by its market: the board draws one per market. */
function marketSection(state: FuturesState, market: FuturesAnswer['futures'][number], update: Update<FuturesState>): ReactElement {
  const id = `futures-${market.market}`;
  return (
    <section key={market.market} aria-labelledby={`heading-${id}`}>
      <h2 id={`heading-${id}`}>{marketLabel(market.market)}</h2>
      <p className="muted">
        {`${market.field} teams in the field; fair prices are the no-vig consensus of ${market.consensusBooks} of ${market.books} books`}
        {market.updatedAgo && `; reference prices ${market.updatedAgo}`}.
      </p>
      {table<FutureTeam>({
        id,
        caption: `${marketLabel(market.market)}: reference, fair and best prices`,
        rows: market.teams,
        sort: state.sorts[market.market],
        onSort: (sort) => update((held) => ({ ...held, sorts: { ...held.sorts, [market.market]: sort } })),
        rowAttrs: (team) => ({ 'data-team': team.team }),
        columns: [
          { key: 'team', label: 'Team', header: true, wide: true, sortBy: (team) => team.team, cell: (team) => team.team },
          {
            key: 'reference',
            label: 'Reference',
            cell: (team) => (
              <>
                {figure(team.americanOdds, americanOdds(team.americanOdds))}
                <Quoted price={team.beforeCommission} />
              </>
            ),
          },
          {
            key: 'fair',
            label: 'Fair',
            sortBy: (team) => team.fairProbability ?? -1,
            largestFirst: true,
            cell: (team) => (
              <>
                {figure(team.fairProbability, percent(team.fairProbability))}
                {' ('}
                {figure(team.fairAmericanOdds, americanOdds(team.fairAmericanOdds))}
                {')'}
              </>
            ),
          },
          {
            key: 'best',
            label: 'Best price',
            sortBy: (team) => team.best.americanOdds,
            largestFirst: true,
            cell: (team) => bestPriceCell(team.best),
          },
          {
            key: 'ev',
            label: 'EV at best',
            sortBy: (team) => team.best.expectedValue ?? -Infinity,
            largestFirst: true,
            cell: (team) => figure(team.best.expectedValue, percent(team.best.expectedValue, 2)),
          },
          { key: 'updated', label: 'Updated', cell: (team) => team.best.updatedAgo },
        ],
      })}
    </section>
  );
}

/** The next page of teams, asked for with the model's arguments and the answer's cursor. */
function moreTeams(state: FuturesState, update: Update<FuturesState>): ReactNode {
  if (state.answer.nextCursor === undefined) return null;
  return moreButton({
    focus: 'more-futures',
    label: `${state.answer.remaining} more teams`,
    paging: state.paging,
    failed: state.pagingFailed,
    onClick: () => update((held) => fetchMore(held, update)),
  });
}
