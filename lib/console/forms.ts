import type { z } from 'zod';

// What a server action hands back to its form: one message per field, shown next to that field, and the
// values as typed so that nothing is lost on a mistake.

export type FieldErrors = Record<string, string>;

/**
 * The largest body a console page, server action or sign-in post may send: forms are a few hundred bytes.
 * next.config.ts gives Next the same bound (server actions, and what it buffers for the proxy); the proxy refuses
 * a larger declared length with 413 before Next reads it (Next itself would answer 500).
 */
export const FORM_MAX_BYTES = 1024 * 1024;

export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The named fields of a submitted form as strings (a missing field reads as empty). */
export function formValues<K extends string>(form: FormData, names: readonly K[]): Record<K, string> {
  const values = {} as Record<K, string>;
  for (const name of names) {
    const value = form.get(name);
    values[name] = typeof value === 'string' ? value : '';
  }
  return values;
}
