import type { Db } from '@/lib/db/client';
import { replaceFutures } from '../futures';
import { sampleSlate } from './index';
import { sampleFuturesAt } from './futures';
import {
  clearSportsData,
  mergePriceSnapshots,
  replaceAlternates,
  replaceInjuries,
  syncCatalogue,
  upsertGames,
  replacePlayerStats,
  upsertWeather,
} from '../store';
import { CATALOGUE } from '../teams';

export interface SampleLoadSummary {
  date: string;
  games: number;
  prices: number;
  alternates: number;
  futures: number;
  injuries: number;
  forecasts: number;
  statLines: number;
}

/** Replaces any sample data with the slate for `date` (live data stays). */
export async function loadSample(db: Db, date: string, asOf: Date, options: { everyBook?: boolean } = {}): Promise<SampleLoadSummary> {
  const slate = sampleSlate(date, asOf, options);
  await syncCatalogue(db);
  await clearSportsData(db, 'sample');
  await upsertGames(db, slate.games);
  const { changed: prices } = await mergePriceSnapshots(db, slate.priceSnapshots);
  const alternates = await replaceAlternates(db, [...new Set(slate.alternates.map((row) => row.gameId))], slate.alternates);
  await replaceInjuries(
    db,
    CATALOGUE.map((team) => team.id),
    slate.injuries,
    'sample',
    asOf,
  );
  await upsertWeather(db, slate.weather, 'sample', asOf);
  const futures = await replaceFutures(db, sampleFuturesAt(date, asOf), 'sample');
  await replacePlayerStats(db, slate.playerStats, 'sample');
  return {
    date,
    games: slate.games.length,
    prices,
    alternates,
    futures,
    injuries: slate.injuries.length,
    forecasts: slate.weather.length,
    statLines: slate.playerStats.length,
  };
}

/**
 * What `--if-needed` does for `date`: nothing when live data or that date's week's sample is stored; with an earlier sample
 * stored, move it on to now (ingestion's sample task plays its games and adds the day's, and the user's bets, picks
 * and the line history their closing-line value needs stay); with none, load it.
 */
export async function sampleNeed(db: Db, date: string): Promise<'load' | 'move' | 'none'> {
  // Game ids depend on the date alone, so the slate's first game (its NFL week's Thursday game, the same for every
  // date of the week) tells whether this week's sample is there; the server moves a stored one on as it runs.
  const [first] = sampleSlate(date, new Date()).games;
  const [live, loaded, stored] = await Promise.all([
    db.game.count({ where: { source: 'live' } }),
    db.game.count({ where: { id: first?.id, source: 'sample' } }),
    db.game.count({ where: { source: 'sample' } }),
  ]);
  if (live > 0 || loaded > 0) return 'none';
  return stored > 0 ? 'move' : 'load';
}
