import { z } from 'zod';
import { invalidInput, type Issue } from '@/lib/errors';

// Argument schemas shared by every tool, so a rule such as "American odds are never between -99 and +99"
// is written once and reads the same in every tool's JSON Schema and every error message.

export const AMERICAN_ODDS_MESSAGE = 'American odds must be +100 or more, or -100 or less';

/** A type error's message, or `is required` when the argument is missing. */
export function expected(message: string) {
  return (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : message);
}

export const americanOdds = z
  .int({ error: expected('must be a whole number (American odds such as -110 or +150)') })
  .min(-100000, 'must be -100000 or more')
  .max(1000000, 'must be 1000000 or less')
  .refine((odds) => odds <= -100 || odds >= 100, AMERICAN_ODDS_MESSAGE)
  .meta({
    description: 'American odds: a whole number, +100 or more or -100 or less (e.g. -110, +150).',
    not: { minimum: -99, maximum: 99 },
  });

export const probability = z
  .number({ error: expected('must be a number: a probability as a fraction strictly between 0 and 1') })
  .gt(0, 'must be greater than 0 (a fraction, not a percentage)')
  .lt(1, 'must be less than 1 (a fraction, not a percentage)')
  .meta({ description: 'Win probability as a fraction strictly between 0 and 1 (0.55, not 55).' });

/** A positive amount of money in the user's currency (at most cents are kept). */
export const money = z
  .number({ error: expected('must be a number (an amount of money)') })
  .positive('must be greater than 0')
  .max(1e12, 'is too large');

/** Zod issues → the spec's `{ path, message }` list; unknown arguments are named one by one. */
export function toIssues(error: z.ZodError): Issue[] {
  return error.issues.flatMap((issue): Issue[] => {
    const path = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        path: path ? `${path}.${key}` : key,
        message: 'is not an argument of this tool',
      }));
    }
    if (issue.code === 'invalid_type' && issue.message.endsWith('received undefined')) {
      return [{ path, message: 'is required' }]; // zod's own wording, for schemas without a custom message
    }
    return [{ path, message: issue.message }];
  });
}

export function parseArguments<Schema extends z.ZodType>(schema: Schema, args: unknown): z.output<Schema> {
  const result = schema.safeParse(args);
  if (!result.success) throw invalidInput(toIssues(result.error));
  return result.data;
}
