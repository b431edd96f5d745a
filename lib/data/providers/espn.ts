import { z } from 'zod';
import { SPORT_INFO, type Sport } from '../sports';
import { getJson, ProviderError } from './http';

// ESPN's public site API (site.api.espn.com/apis/site/v2/sports/{path}/…): league injury reports, a date's
// scoreboard and a game's summary, whose box score gives each player's line. Answers are validated before use;
// parts ESPN leaves out (a position, a category's keys, a whole box score before kickoff) are tolerated.

const PROVIDER = 'ESPN';

const injuriesSchema = z.object({
  injuries: z.array(
    z.object({
      displayName: z.string(),
      injuries: z
        .array(
          z.object({
            status: z.string(),
            date: z.string().optional(),
            shortComment: z.string().optional(),
            athlete: z.object({ displayName: z.string(), position: z.object({ abbreviation: z.string() }).optional() }),
            details: z.object({ type: z.string().optional(), detail: z.string().optional() }).optional(),
          }),
        )
        .default([]),
    }),
  ),
});

const id = z.union([z.string(), z.number()]).transform(String);
const teamSchema = z.object({ abbreviation: z.string().optional(), displayName: z.string().optional(), name: z.string().optional() });
const statusSchema = z.object({ type: z.object({ completed: z.boolean().optional(), state: z.string().optional() }).optional() });

const scoreboardSchema = z.object({
  events: z.array(
    z.object({
      id,
      date: z.string().optional(),
      status: statusSchema.optional(),
      competitions: z
        .array(
          z.object({
            date: z.string().optional(),
            status: statusSchema.optional(),
            competitors: z.array(z.object({ homeAway: z.string(), team: teamSchema })).default([]),
          }),
        )
        .default([]),
    }),
  ),
});

const cell = z.union([z.string(), z.number(), z.null()]);
const athleteSchema = z.object({
  id: id.optional(),
  displayName: z.string(),
  position: z.object({ abbreviation: z.string().optional() }).optional(),
});

const summarySchema = z.object({
  boxscore: z.object({
    players: z
      .array(
        z.object({
          team: teamSchema,
          statistics: z
            .array(
              z.object({
                name: z.string().optional(),
                type: z.string().optional(),
                keys: z.array(z.string()).optional(),
                labels: z.array(z.string()).optional(),
                names: z.array(z.string()).optional(),
                athletes: z
                  .array(z.object({ athlete: athleteSchema, didNotPlay: z.boolean().optional(), stats: z.array(cell).default([]) }))
                  .default([]),
              }),
            )
            .default([]),
        }),
      )
      .default([]),
  }),
  // Soccer has no players' box score: each side's roster carries the players' numbers instead.
  rosters: z
    .array(
      z.object({
        team: teamSchema,
        roster: z
          .array(
            z.object({
              athlete: athleteSchema,
              position: z.object({ abbreviation: z.string().optional() }).optional(),
              starter: z.boolean().optional(),
              subbedIn: z.boolean().optional(),
              stats: z.array(z.object({ name: z.string(), value: cell.optional(), displayValue: z.string().optional() })).default([]),
            }),
          )
          .default([]),
      }),
    )
    .optional(),
});

export interface TeamInjuries {
  /** The team as ESPN names it, matched through the alias table by the caller. */
  team: string;
  players: { player: string; position: string | null; status: string; detail: string | null; reportedAt: Date | null }[];
}

/** A team as ESPN names it: matched through the alias table by the caller, never trusted as one of ours. */
export interface EspnTeam {
  name: string;
  abbreviation: string | null;
}

export interface EspnEvent {
  id: string;
  startsAt: Date | null;
  /** Over and final (not postponed, not in progress). */
  completed: boolean;
  home: EspnTeam;
  away: EspnTeam;
}

export interface PlayerLine {
  player: string;
  position: string | null;
  /** Flat numbers: points, rebounds …; passingYards, rushingYards …; a made-attempted pair as two numbers. */
  stats: Record<string, number>;
}

export interface TeamBoxScore {
  team: EspnTeam;
  players: PlayerLine[];
}

export interface Espn {
  injuries(sport: Sport): Promise<TeamInjuries[]>;
  /** The games of one calendar date (YYYYMMDD, as ESPN reads dates: US Eastern). */
  scoreboard(sport: Sport, date: string): Promise<EspnEvent[]>;
  /** Each side's players and their numbers in one game; an empty list when ESPN has none yet. */
  boxScore(sport: Sport, eventId: string): Promise<TeamBoxScore[]>;
}

/** College scoreboards list only featured games unless asked for a whole division. */
const SCOREBOARD_GROUPS: Partial<Record<Sport, string>> = { ncaaf: '80', ncaab: '50' };

export function createEspn(settings: { baseUrl: string; timeoutMs: number; maxBodyBytes?: number }): Espn {
  const url = (sport: Sport, resource: string, params: Record<string, string> = {}) => {
    const address = new URL(`${settings.baseUrl}/apis/site/v2/sports/${SPORT_INFO[sport].espnPath}/${resource}`);
    for (const [name, value] of Object.entries(params)) address.searchParams.set(name, value);
    return address;
  };
  const answer = async <T>(address: URL, schema: z.ZodType<T>, what: string): Promise<T> => {
    const { body } = await getJson(PROVIDER, address, settings.timeoutMs, settings.maxBodyBytes);
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new ProviderError(PROVIDER, `unexpected ${what} answer`);
    return parsed.data;
  };

  return {
    async injuries(sport) {
      const data = await answer(url(sport, 'injuries'), injuriesSchema, 'injuries');
      return data.injuries.map((team) => ({
        team: team.displayName,
        players: team.injuries.map((entry) => {
          const reported = entry.date ? new Date(entry.date) : null;
          const detail = [entry.details?.type, entry.details?.detail].filter(Boolean).join(', ') || entry.shortComment || null;
          return {
            player: entry.athlete.displayName,
            position: entry.athlete.position?.abbreviation ?? null,
            status: entry.status,
            detail,
            reportedAt: reported && !Number.isNaN(reported.getTime()) ? reported : null,
          };
        }),
      }));
    },

    async scoreboard(sport, date) {
      if (!/^\d{8}$/.test(date)) throw new RangeError(`Not a date (YYYYMMDD): ${date}`);
      const groups = SCOREBOARD_GROUPS[sport];
      const data = await answer(
        url(sport, 'scoreboard', { dates: date, ...(groups ? { groups, limit: '500' } : {}) }),
        scoreboardSchema,
        'scoreboard',
      );
      return data.events.flatMap((event): EspnEvent[] => {
        const competition = event.competitions[0];
        const side = (homeAway: string) => competition?.competitors.find((c) => c.homeAway === homeAway)?.team;
        const home = teamOf(side('home'));
        const away = teamOf(side('away'));
        if (!home || !away) return []; // no two sides to match: nothing to use
        const type = (event.status ?? competition?.status)?.type;
        const startsAt = new Date(event.date ?? competition?.date ?? '');
        return [
          {
            id: event.id,
            startsAt: Number.isNaN(startsAt.getTime()) ? null : startsAt,
            completed: type?.completed ?? type?.state === 'post',
            home,
            away,
          },
        ];
      });
    },

    async boxScore(sport, eventId) {
      const data = await answer(url(sport, 'summary', { event: eventId }), summarySchema, 'summary');
      const teams = data.boxscore.players.flatMap((side): TeamBoxScore[] => {
        const team = teamOf(side.team);
        return team ? [{ team, players: playerLines(side.statistics) }] : [];
      });
      if (teams.some((team) => team.players.length > 0)) return teams;
      return (data.rosters ?? []).flatMap((side): TeamBoxScore[] => {
        const team = teamOf(side.team);
        return team ? [{ team, players: rosterLines(side.roster) }] : [];
      });
    },
  };
}

function teamOf(team: z.infer<typeof teamSchema> | undefined): EspnTeam | undefined {
  const name = team?.displayName ?? team?.name ?? team?.abbreviation;
  return name ? { name, abbreviation: team?.abbreviation ?? null } : undefined;
}

// --- box-score lines -----------------------------------------------------------------------------------

/** Names for ESPN's column labels, for a category that comes without its keys. */
const LABEL_NAMES: Record<string, string> = {
  MIN: 'minutes',
  PTS: 'points',
  REB: 'rebounds',
  AST: 'assists',
  STL: 'steals',
  BLK: 'blocks',
  TO: 'turnovers',
  PF: 'fouls',
  OREB: 'offensiveRebounds',
  DREB: 'defensiveRebounds',
  '+/-': 'plusMinus',
  FG: 'fieldGoalsMade-fieldGoalsAttempted',
  '3PT': 'threePointFieldGoalsMade-threePointFieldGoalsAttempted',
  FT: 'freeThrowsMade-freeThrowsAttempted',
  'C/ATT': 'completions/attempts',
  YDS: 'yards',
  TD: 'touchdowns',
  INT: 'interceptions',
  CAR: 'carries',
  REC: 'receptions',
  TGTS: 'targets',
  AVG: 'average',
  LONG: 'long',
  SACKS: 'sacks',
  TOT: 'tackles',
  SOLO: 'soloTackles',
  G: 'goals',
  A: 'assists',
  SOG: 'shotsOnGoal',
  S: 'shots',
  H: 'hits',
  R: 'runs',
  AB: 'atBats',
  RBI: 'RBIs',
  HR: 'homeRuns',
  BB: 'walks',
  K: 'strikeouts',
  IP: 'fullInnings.partInnings',
};

/** Soccer roster numbers under the names the sample's lines use. */
const ROSTER_NAMES: Record<string, string> = { totalGoals: 'goals', goalAssists: 'assists', totalShots: 'shots' };

const camel = (text: string) => {
  const words = text.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return words.map((word, i) => (i === 0 ? word.toLowerCase() : word[0]!.toUpperCase() + word.slice(1).toLowerCase())).join('');
};

/** A cell as a number: "27", "-3", "+4", "45.5", "1,024", "18:32" (minutes and seconds); anything else (--, DNP) is none. */
export function statNumber(raw: string | number | null | undefined): number | undefined {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : undefined;
  const text = (raw ?? '').trim().replace(/^\+/, '').replaceAll(',', '');
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  const clock = /^(\d+):([0-5]\d)$/.exec(text);
  if (clock) return Math.round((Number(clock[1]) + Number(clock[2]) / 60) * 100) / 100;
  return undefined;
}

/** One column's value under its name(s): a made-attempted pair ("5-12" under "a-b" or "a/b") becomes two numbers. */
function cellValues(name: string, raw: string | number | null): [string, number][] {
  if (name === 'fullInnings.partInnings') {
    const innings = /^(\d+)(?:\.([0-2]))?$/.exec(String(raw ?? '').trim());
    return innings ? [['inningsPitched', Math.round((Number(innings[1]) + Number(innings[2] ?? 0) / 3) * 100) / 100]] : [];
  }
  const names = name.split(/[-/]/).filter(Boolean);
  if (names.length > 1) {
    const parts = String(raw ?? '')
      .trim()
      .split(/(?<=\d)[-/]/);
    if (parts.length !== names.length) return [];
    return names.flatMap((part, i) => {
      const value = statNumber(parts[i]);
      return value === undefined ? [] : [[part, value] as [string, number]];
    });
  }
  const value = statNumber(raw);
  return value === undefined || name === '' ? [] : [[name, value]];
}

type Category = z.infer<typeof summarySchema>['boxscore']['players'][number]['statistics'][number];

/** Categories that group players by position (hockey), not stats by kind: their names never overlap in meaning. */
const POSITION_GROUPS = new Set(['forwards', 'defenses', 'defensemen', 'skaters', 'goalies', 'goalkeepers']);
/** Names a category shares with another that ESPN may leave out of a game (no interception caught). */
const ALWAYS_SHARED: Record<string, readonly string[]> = { passing: ['interceptions', 'sacks'], defensive: ['sacks'] };

/**
 * One line per player from a side's stat categories (passing, rushing …; one category in basketball). Names
 * are ESPN's keys (its labels when keys are missing). A name that more than one category uses (labels such as
 * YDS and TD, or a key like interceptions) is prefixed with its category (passingYards, rushingYards), except
 * in the category it is named after; names that are already unique stay as ESPN spells them.
 */
function playerLines(categories: readonly Category[]): PlayerLine[] {
  const columns = categories.map(
    (category) =>
      category.keys ?? (category.labels ?? category.names ?? []).map((label) => LABEL_NAMES[label.toUpperCase()] ?? camel(label)),
  );
  const kinds = categories.map((category) => {
    const kind = category.name ?? category.type;
    return kind && !POSITION_GROUPS.has(kind.toLowerCase()) ? kind : undefined;
  });
  const namesOf = (column: string) => (column === 'fullInnings.partInnings' ? ['inningsPitched'] : column.split(/[-/]/).filter(Boolean));
  const usedBy = new Map<string, number>();
  columns.forEach((keys, index) => {
    if (kinds[index]) for (const name of new Set(keys.flatMap(namesOf))) usedBy.set(name, (usedBy.get(name) ?? 0) + 1);
  });
  const nameIn = (name: string, index: number) => {
    const kind = kinds[index];
    if (!kind || name.toLowerCase().startsWith(kind.toLowerCase())) return name;
    const shared = (usedBy.get(name) ?? 0) > 1 || ALWAYS_SHARED[kind]?.includes(name);
    return shared ? `${kind}${name[0]!.toUpperCase()}${name.slice(1)}` : name;
  };

  const lines = new Map<string, PlayerLine>();
  categories.forEach((category, index) => {
    for (const entry of category.athletes) {
      if (entry.didNotPlay) continue;
      const values = columns[index]!.flatMap((column, i) => cellValues(column, entry.stats[i] ?? null));
      if (values.length === 0) continue; // no numbers: did not play, or a row of dashes
      const key = entry.athlete.id ?? entry.athlete.displayName;
      const line = lines.get(key) ?? {
        player: entry.athlete.displayName,
        position: entry.athlete.position?.abbreviation ?? null,
        stats: {},
      };
      for (const [name, value] of values) {
        const stat = nameIn(name, index);
        if (!(stat in line.stats)) line.stats[stat] = value;
      }
      lines.set(key, line);
    }
  });
  return [...lines.values()];
}

type RosterEntry = NonNullable<z.infer<typeof summarySchema>['rosters']>[number]['roster'][number];

/** Soccer: the players who took the field, with their numbers from the roster. */
function rosterLines(roster: readonly RosterEntry[]): PlayerLine[] {
  return roster.flatMap((entry): PlayerLine[] => {
    if (!entry.starter && !entry.subbedIn) return [];
    const stats: Record<string, number> = {};
    for (const stat of entry.stats) {
      const value = statNumber(stat.value ?? stat.displayValue ?? null);
      if (value !== undefined) stats[ROSTER_NAMES[stat.name] ?? stat.name] = value;
    }
    if (Object.keys(stats).length === 0) return [];
    const position = entry.position?.abbreviation ?? entry.athlete.position?.abbreviation ?? null;
    return [{ player: entry.athlete.displayName, position, stats }];
  });
}
