import { z } from 'zod';
import { SPORT_INFO, type Sport } from '../sports';
import { getJson, ProviderError } from './http';

// ESPN's public site API: league injury reports (site.api.espn.com/apis/site/v2/sports/{path}/injuries).

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

export interface TeamInjuries {
  /** The team as ESPN names it, matched through the alias table by the caller. */
  team: string;
  players: { player: string; position: string | null; status: string; detail: string | null; reportedAt: Date | null }[];
}

export interface Espn {
  injuries(sport: Sport): Promise<TeamInjuries[]>;
}

export function createEspn(settings: { baseUrl: string; timeoutMs: number }): Espn {
  return {
    async injuries(sport) {
      const url = new URL(`${settings.baseUrl}/apis/site/v2/sports/${SPORT_INFO[sport].espnPath}/injuries`);
      const { body } = await getJson(PROVIDER, url, settings.timeoutMs);
      const parsed = injuriesSchema.safeParse(body);
      if (!parsed.success) throw new ProviderError(PROVIDER, 'unexpected injuries answer');
      return parsed.data.injuries.map((team) => ({
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
  };
}
