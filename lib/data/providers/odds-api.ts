import { z } from 'zod';
import { SPORT_INFO, type Sport } from '../sports';
import { getJson, ProviderError } from './http';

// The Odds API v4 (https://the-odds-api.com/liveapi/guides/v4/): featured markets for a league, props one
// event at a time, and scores. Every answer (and a 429) carries the account's quota headers.

const PROVIDER = 'The Odds API';

const outcomeSchema = z.object({
  name: z.string(),
  description: z.string().optional(),
  price: z.number(),
  point: z.number().optional(),
});
const eventSchema = z.object({
  id: z.string(),
  sport_key: z.string(),
  commence_time: z.string(),
  home_team: z.string(),
  away_team: z.string(),
  bookmakers: z
    .array(
      z.object({
        key: z.string(),
        last_update: z.string(),
        markets: z.array(z.object({ key: z.string(), last_update: z.string().optional(), outcomes: z.array(outcomeSchema) })),
      }),
    )
    .default([]),
});
const scoreSchema = z.object({
  id: z.string(),
  commence_time: z.string(),
  completed: z.boolean(),
  home_team: z.string(),
  away_team: z.string(),
  scores: z.array(z.object({ name: z.string(), score: z.string() })).nullable(),
});

// Futures (outright markets): a league's outright sport key lists one event with no teams and each book's
// `outrights` market, one price per team and no point (https://the-odds-api.com/sports-odds-data/betting-markets.html).
const outrightEventSchema = z.object({
  id: z.string(),
  sport_key: z.string(),
  bookmakers: z
    .array(
      z.object({
        key: z.string(),
        last_update: z.string(),
        markets: z.array(
          z.object({
            key: z.string(),
            last_update: z.string().optional(),
            outcomes: z.array(z.object({ name: z.string(), price: z.number() })),
          }),
        ),
      }),
    )
    .default([]),
});

export type OddsEvent = z.infer<typeof eventSchema>;
export type OutrightEvent = z.infer<typeof outrightEventSchema>;
export type ScoreEvent = z.infer<typeof scoreSchema>;

export interface Quota {
  requestsRemaining: number | null;
  requestsUsed: number | null;
}

export interface OddsApiSettings {
  apiKey: string;
  baseUrl: string;
  regions: string;
  timeoutMs: number;
  /** Cap on one answer's size (PROVIDER_MAX_BODY_MB); default 20 MB. */
  maxBodyBytes?: number;
}

export interface OddsApi {
  gameOdds(sport: Sport): Promise<{ events: OddsEvent[]; quota: Quota }>;
  eventProps(sport: Sport, eventId: string, markets: readonly string[]): Promise<{ event: OddsEvent; quota: Quota }>;
  scores(sport: Sport, daysFrom: number): Promise<{ scores: ScoreEvent[]; quota: Quota }>;
  /** The outright market of one outright sport key (lib/data/futures.ts names them per league). */
  outrights(outrightKey: string): Promise<{ events: OutrightEvent[]; quota: Quota }>;
}

export function quotaOf(headers: Headers | undefined): Quota {
  const number = (name: string) => {
    const value = headers?.get(name);
    return value && /^\d+(\.\d+)?$/.test(value) ? Math.round(Number(value)) : null;
  };
  return { requestsRemaining: number('x-requests-remaining'), requestsUsed: number('x-requests-used') };
}

/** A 429 or an error keeps the quota the provider reported with it, so the caller can record it. */
export class OddsApiError extends ProviderError {
  readonly quota: Quota;
  constructor(cause: ProviderError) {
    super(PROVIDER, cause.message.slice(PROVIDER.length + 2), cause.options);
    this.quota = quotaOf(cause.options.headers);
  }
}

export function createOddsApi(settings: OddsApiSettings): OddsApi {
  async function get<T>(path: string, params: Record<string, string>, schema: z.ZodType<T>): Promise<{ data: T; quota: Quota }> {
    const url = new URL(`${settings.baseUrl}${path}`);
    for (const [name, value] of Object.entries({ apiKey: settings.apiKey, ...params })) url.searchParams.set(name, value);
    let answer;
    try {
      answer = await getJson(PROVIDER, url, settings.timeoutMs, settings.maxBodyBytes);
    } catch (error) {
      throw error instanceof ProviderError ? new OddsApiError(error) : error;
    }
    const parsed = schema.safeParse(answer.body);
    if (!parsed.success)
      throw new OddsApiError(
        new ProviderError(PROVIDER, `unexpected answer: ${parsed.error.issues[0]?.message ?? ''}`, { headers: answer.headers }),
      );
    return { data: parsed.data, quota: quotaOf(answer.headers) };
  }
  const priced = { oddsFormat: 'american', dateFormat: 'iso', regions: settings.regions };

  return {
    async gameOdds(sport) {
      const { data, quota } = await get(
        `/v4/sports/${SPORT_INFO[sport].oddsApiKey}/odds`,
        { ...priced, markets: 'h2h,spreads,totals' },
        z.array(eventSchema),
      );
      return { events: data, quota };
    },
    async eventProps(sport, eventId, markets) {
      const path = `/v4/sports/${SPORT_INFO[sport].oddsApiKey}/events/${encodeURIComponent(eventId)}/odds`;
      const { data, quota } = await get(path, { ...priced, markets: markets.join(',') }, eventSchema);
      return { event: data, quota };
    },
    async scores(sport, daysFrom) {
      const { data, quota } = await get(
        `/v4/sports/${SPORT_INFO[sport].oddsApiKey}/scores`,
        { daysFrom: String(daysFrom), dateFormat: 'iso' },
        z.array(scoreSchema),
      );
      return { scores: data, quota };
    },
    async outrights(outrightKey) {
      const { data, quota } = await get(
        `/v4/sports/${encodeURIComponent(outrightKey)}/odds`,
        { ...priced, markets: 'outrights' },
        z.array(outrightEventSchema),
      );
      return { events: data, quota };
    },
  };
}
