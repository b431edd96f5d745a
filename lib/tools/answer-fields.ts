import { z } from 'zod';
import { instant } from '@/lib/time';

// How the tools' answers spell a field: an instant, a fraction, a record without its null fields, free text cut short.

/** An instant in an answer: ISO 8601 to the second, in UTC (2026-11-26T01:15:00Z), as `instant` spells it. */
export const timestamp = z.string().meta({ format: 'date-time' });

/** A record with its Dates as instants (`instant` in lib/time.ts), nested records and lists included. */
export type WithInstants<Value> = Value extends Date
  ? string
  : Value extends readonly (infer Item)[]
    ? WithInstants<Item>[]
    : Value extends object
      ? { [Key in keyof Value]: WithInstants<Value[Key]> }
      : Value;

/** The record as an answer spells it: every Date an instant to the second, like every other instant JEV answers. */
export function withInstants<Value>(value: Value): WithInstants<Value> {
  if (value instanceof Date) return instant(value) as WithInstants<Value>;
  if (Array.isArray(value)) return value.map(withInstants) as WithInstants<Value>;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, withInstants(field)])) as WithInstants<Value>;
  }
  return value as WithInstants<Value>;
}

/** A number that is a fraction, said so where a model reads the schema ("0.052 = 5.2%"): never a percent. */
export const fractionField = (what: string, example = '0.052 = 5.2%') =>
  z.number().meta({ description: `${what}, a fraction: ${example}.` });

/** An object without its null fields: a concise answer says nothing rather than null. */
export function withoutNulls<Value extends Record<string, unknown>>(value: Value): { [Key in keyof Value]?: Exclude<Value[Key], null> } {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== null)) as {
    [Key in keyof Value]?: Exclude<Value[Key], null>;
  };
}

/** Free text cut for a concise list (notes, reasoning): its first `max` characters, whole code points, then "…". */
export function excerpt(text: string, max: number): string {
  const points = Array.from(text);
  return points.length <= max ? text : `${points.slice(0, max).join('').trimEnd()}…`;
}
