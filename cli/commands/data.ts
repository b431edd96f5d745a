import { z } from 'zod';
import { parseConfig } from '@/lib/config';
import { INGEST_TASKS, type IngestSummary } from '@/lib/data/ingest';
import { loadSample, sampleNeed } from '@/lib/data/sample/load';
import { SPORTS } from '@/lib/data/sports';
import { clearSportsData } from '@/lib/data/store';
import { runWorker } from '@/lib/data/worker';
import { dbOptions } from '@/lib/db';
import { migrate } from '@/lib/db/migrate';
import { sport } from '@/lib/tools/inputs';
import { out, parseWith, type Command } from '../command';

// `jev data`, `jev ingest`, `jev worker` and `jev db`: the sports data, its fetching and the database schema.

function printSummary(summary: IngestSummary): void {
  const quota = summary.quota
    ? `, Odds API quota: ${summary.quota.requestsRemaining ?? '?'} requests left (${summary.quota.requestsUsed ?? '?'} used)`
    : '';
  out(
    `Ingested: ${summary.games} games, ${summary.prices} prices and ${summary.props} props changed, ${summary.injuries} injuries, ` +
      `${summary.forecasts} forecasts, ${summary.results} finals, ${summary.statLines} box-score lines${quota}`,
  );
  for (const line of summary.skipped) out(`  skipped ${line}`);
  for (const line of summary.failures) process.stderr.write(`  failed ${line}\n`);
}

const today = () => new Date().toISOString().slice(0, 10);

export const DATA_COMMANDS: Record<string, Command> = {
  'data load-sample': {
    usage: 'jev data load-sample [--date YYYY-MM-DD] [--if-needed]',
    summary:
      'Load the bundled sample slate (a week of NFL, a night of NBA, an EPL matchday, recent finals) built around the date ' +
      '(default today), replacing any earlier sample. --if-needed: only when no provider key is set and neither live data nor ' +
      "that date's sample is stored; an earlier sample is moved on to now instead, bets and picks kept (npm start runs this).",
    options: { date: { type: 'string' }, 'if-needed': { type: 'boolean' } },
    async run(values, _positionals, app) {
      const { db } = app;
      const { date } = parseWith(
        z.object({
          date: z
            .string()
            .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
            .default(today),
        }),
        values,
      );
      if (values['if-needed']) {
        if (parseConfig(process.env).ODDS_API_KEY) {
          out('ODDS_API_KEY is set: no sample data loaded. Run `jev ingest` (or `jev worker`) for live data.');
          return;
        }
        const need = await sampleNeed(db, date);
        if (need === 'none') return;
        if (need === 'move') {
          const moved = await app.ingest({ only: 'sample', mode: 'manual', now: app.now });
          for (const failure of moved.failures) process.stderr.write(`${failure}\n`);
          out(
            `Moved the stored sample slate on to now: ${moved.results} games final, ${moved.prices} prices moved; ` +
              'bets, picks and line history kept. Answers built on it say it is sample data.',
          );
          return;
        }
      }
      const asOf = date === today() ? new Date() : new Date(`${date}T12:00:00Z`);
      const loaded = await loadSample(db, date, asOf);
      out(
        `Loaded the sample slate for ${loaded.date}: ${loaded.games} games, ${loaded.prices} prices, ` +
          `${loaded.alternates} alternate-line prices, ${loaded.futures} futures prices, ${loaded.injuries} injuries, ` +
          `${loaded.forecasts} forecasts, ` +
          `${loaded.statLines} box-score lines. Answers built on it say it is sample data.`,
      );
    },
  },
  'data clear': {
    usage: 'jev data clear',
    summary: 'Delete every game, price, prop, injury, forecast, stat line and fetch record (sample and live). Teams stay.',
    options: {},
    async run(_values, _positionals, { db }) {
      await clearSportsData(db);
      out('Cleared the sports data.');
    },
  },
  ingest: {
    usage: `jev ingest [--sport ${SPORTS.join('|')}] [--only ${INGEST_TASKS.join('|')}] [--force]`,
    summary:
      'Fetch odds, props, injuries, weather, scores and box scores (stats, from ESPN) from the providers now, with progress and a ' +
      'summary. Odds API data fetched within ODDS_FRESH_SECONDS is not fetched again (quota), unless --force. A fetch that ' +
      'failed moments ago is skipped, even with --force, until its back-off ends (the skipped line says when).',
    options: { sport: { type: 'string' }, only: { type: 'string' }, force: { type: 'boolean' } },
    async run(values, _positionals, app) {
      const input = parseWith(
        z.object({
          sport: sport.optional(),
          only: z.enum(INGEST_TASKS, { error: `must be one of ${INGEST_TASKS.join(', ')}` }).optional(),
        }),
        values,
      );
      const summary = await app.ingest({
        sports: input.sport ? [input.sport] : undefined,
        only: input.only,
        mode: 'manual',
        force: values.force === true,
        now: app.now,
        log: (line) => process.stderr.write(`${line}\n`),
      });
      printSummary(summary);
      if (summary.failures.length > 0) throw new Error(`${summary.failures.length} fetch(es) failed; the data stored before them is kept.`);
    },
  },
  worker: {
    usage: 'jev worker',
    summary:
      'Keep the data fresh on a schedule until stopped: odds every few minutes near game time, injuries twice a day, weather ' +
      'hourly before kickoff, scores on game days and box scores after games finish. For serverless hosts use POST /api/cron/ingest instead.',
    options: {},
    async run(_values, _positionals, { ingest, now }) {
      await runWorker(ingest, now, { log: (line) => process.stderr.write(`${line}\n`), onSummary: printSummary });
    },
  },
  'db migrate': {
    usage: 'jev db migrate',
    summary: 'Apply the pending database migrations and list them (the other commands and npm start do this too).',
    options: {},
    migrates: true,
    async run(_values, _positionals, { config: cfg }) {
      const { applied } = await migrate(cfg.DATABASE_URL, { timeouts: dbOptions(cfg).timeouts });
      if (applied.length === 0) {
        out('No pending migrations: the database schema is up to date.');
        return;
      }
      out(`Applied ${applied.length} migration${applied.length === 1 ? '' : 's'}:`);
      for (const name of applied) out(`  ${name}`);
    },
  },
};
