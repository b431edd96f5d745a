import type { z } from 'zod';
import { storableText } from '@/lib/text';

// What a server action hands back to its form: one message per field, shown next to that field, and the
// values as typed so that nothing is lost on a mistake.

export type FieldErrors = Record<string, string>;

export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * The named fields of a submitted form as strings (a missing field reads as empty), without what no database
 * stores (NUL, lone surrogates; lib/text.ts): no form of the console asks for either, and either would fail the
 * query it reached. Every form and server action of the console reads its fields through this.
 */
export function formValues<K extends string>(form: FormData, names: readonly K[]): Record<K, string> {
  const values = {} as Record<K, string>;
  for (const name of names) {
    const value = form.get(name);
    values[name] = typeof value === 'string' ? storableText(value) : '';
  }
  return values;
}
