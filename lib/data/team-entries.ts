// The shapes the team catalogue is written in (lib/data/teams.ts, lib/data/teams-ncaa.ts), kept apart so both
// files import them without importing each other.

export type Roof = 'open' | 'retractable' | 'indoor';
export type VenueEntry = [name: string, city: string, latitude: number | null, longitude: number | null, roof: Roof];
export type TeamEntry = [abbreviation: string, name: string, aliases: string[], venue: VenueEntry];

/** An indoor arena: no coordinates, since no forecast is fetched for it. */
export const arena = (name: string, city: string): VenueEntry => [name, city, null, null, 'indoor'];
