import { z } from 'zod';

// Pieces of the output schemas more than one tool's answer is made of.

/** A Date in the answer, an ISO 8601 string on the wire (JSON Schema: string, format date-time). */
export const timestamp = z.date().meta({ type: 'string', format: 'date-time' });

/** The paging fields of concise answers: present only when items remain (lib/tools/concise.ts, pageFields). */
export const pageSchemaFields = {
  remaining: z.int().optional(),
  nextCursor: z.string().optional(),
  pageNote: z.string().optional(),
};

/** The paging fields of full answers, which page only when asked: nextCursor is null on the last page. */
export const fullPageSchemaFields = {
  remaining: z.int().optional(),
  nextCursor: z.string().nullable().optional(),
};

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
