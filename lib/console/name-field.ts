import { z } from 'zod';
import { cleanLabel, NAME_MAX_CODE_POINTS } from '@/lib/text';

/**
 * A name typed into a form (a token's, the user's): kept as one visible line (lib/text.ts: no invisible or
 * control characters), then checked as people count characters. `empty` is the message for a name left empty
 * (or made of invisible characters only); without it an empty name is allowed.
 */
export function nameField(empty?: string) {
  return z
    .string()
    .transform((name) => cleanLabel(name, Number.POSITIVE_INFINITY))
    .refine((name) => empty === undefined || name !== '', empty)
    .refine((name) => [...name].length <= NAME_MAX_CODE_POINTS, `Use at most ${NAME_MAX_CODE_POINTS} characters.`);
}
