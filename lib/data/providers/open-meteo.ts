import { z } from 'zod';
import { getJson, ProviderError } from './http';

// Open-Meteo's forecast API (no key): hourly values at a venue, read at the hour of kickoff.

const PROVIDER = 'Open-Meteo';

const forecastSchema = z.object({
  hourly: z.object({
    time: z.array(z.string()),
    temperature_2m: z.array(z.number().nullable()),
    precipitation_probability: z.array(z.number().nullable()).optional(),
    wind_speed_10m: z.array(z.number().nullable()),
    weather_code: z.array(z.number().nullable()),
  }),
});

/** WMO weather codes as Open-Meteo documents them, grouped. */
function conditionsOf(code: number): string {
  if (code === 0) return 'Clear';
  if (code <= 2) return 'Partly cloudy';
  if (code === 3) return 'Overcast';
  if (code <= 48) return 'Fog';
  if (code <= 57) return 'Drizzle';
  if (code <= 67) return 'Rain';
  if (code <= 77) return 'Snow';
  if (code <= 82) return 'Rain showers';
  if (code <= 86) return 'Snow showers';
  return 'Thunderstorm';
}

export interface KickoffWeather {
  forecastFor: Date;
  temperatureF: number;
  windMph: number;
  precipitationProbability: number | null;
  conditions: string;
}

export interface WeatherProvider {
  atKickoff(latitude: number, longitude: number, kickoff: Date): Promise<KickoffWeather>;
}

export function createOpenMeteo(settings: { baseUrl: string; timeoutMs: number; maxBodyBytes?: number }): WeatherProvider {
  return {
    async atKickoff(latitude, longitude, kickoff) {
      const hour = new Date(Math.floor(kickoff.getTime() / 3_600_000) * 3_600_000);
      const day = hour.toISOString().slice(0, 10);
      const url = new URL(`${settings.baseUrl}/v1/forecast`);
      const params = {
        latitude: String(latitude),
        longitude: String(longitude),
        hourly: 'temperature_2m,precipitation_probability,wind_speed_10m,weather_code',
        temperature_unit: 'fahrenheit',
        wind_speed_unit: 'mph',
        timezone: 'GMT',
        start_date: day,
        end_date: day,
      };
      for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
      const { body } = await getJson(PROVIDER, url, settings.timeoutMs, settings.maxBodyBytes);
      const parsed = forecastSchema.safeParse(body);
      if (!parsed.success) throw new ProviderError(PROVIDER, 'unexpected forecast answer');
      const { hourly } = parsed.data;
      const index = hourly.time.indexOf(hour.toISOString().slice(0, 16));
      const temperature = hourly.temperature_2m[index];
      const wind = hourly.wind_speed_10m[index];
      const code = hourly.weather_code[index];
      if (index < 0 || temperature == null || wind == null || code == null) {
        throw new ProviderError(PROVIDER, `no forecast for ${hour.toISOString()}`);
      }
      return {
        forecastFor: hour,
        temperatureF: temperature,
        windMph: wind,
        precipitationProbability: hourly.precipitation_probability?.[index] ?? null,
        conditions: conditionsOf(code),
      };
    },
  };
}
