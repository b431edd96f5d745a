import { z } from 'zod';

// The kinds of value several settings share: a positive whole number, an optional string, an http(s) URL, a switch.

export const positiveInt = z.coerce.number().int().positive();
export const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

export const httpUrl = (fallback: string) =>
  z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default(fallback)
    .transform((url) => url.replace(/\/+$/, ''));

/** A switch, off unless set: `true` or `1` turns it on; `false`, `0` or empty leave it off. */
export const offSwitch = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');
