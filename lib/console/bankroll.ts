import { z } from 'zod';
import { saveBankroll } from '@/lib/account/bankroll';
import { isValidTimeZone } from '@/lib/account/time';
import type { Db } from '@/lib/db/client';
import { fieldErrors, formValues, type FieldErrors } from './forms';

// The Bankroll page's form: every field a string as typed, checked here with a message for each field. An
// empty optional field clears that limit. The bankroll saved is always the signed-in user's own.

export const BANKROLL_FIELDS = [
  'balance',
  'unit',
  'kellyFraction',
  'maxStake',
  'dailyLossLimit',
  'weeklyLossLimit',
  'referenceBook',
  'timeZone',
] as const;

export type BankrollFormValues = Record<(typeof BANKROLL_FIELDS)[number], string>;

/** Amounts are stored as integer cents in a 32-bit column (PostgreSQL integer). */
const MAX_AMOUNT = 10_000_000;

function amount(rule: { min: number; inclusive: boolean }) {
  const bound = rule.inclusive ? `${rule.min} or more` : `more than ${rule.min}`;
  return z
    .string()
    .trim()
    .min(1, 'Required.')
    .transform(Number)
    .pipe(
      z
        .number({ error: 'Enter a number.' })
        .refine((value) => (rule.inclusive ? value >= rule.min : value > rule.min), `Enter an amount of ${bound}.`)
        .refine((value) => value <= MAX_AMOUNT, `Enter at most ${MAX_AMOUNT.toLocaleString('en-US')}.`),
    );
}

const positive = amount({ min: 0, inclusive: false });
const optionalPositive = z.union([z.literal('').transform(() => null), positive]);

const bankrollForm = z
  .object({
    balance: amount({ min: 0, inclusive: true }),
    unit: positive,
    kellyFraction: z
      .string()
      .trim()
      .min(1, 'Required.')
      .transform(Number)
      .pipe(z.number({ error: 'Enter a number.' }).gt(0, 'Enter a fraction above 0.').max(1, 'Enter at most 1 (full Kelly).')),
    maxStake: optionalPositive,
    dailyLossLimit: optionalPositive,
    weeklyLossLimit: optionalPositive,
    referenceBook: z
      .string()
      .trim()
      .max(50, 'Use at most 50 characters.')
      .transform((book) => book || null),
    timeZone: z
      .string()
      .trim()
      .refine(isValidTimeZone, 'Choose a time zone from the list, such as America/New_York.'),
  })
  .superRefine((form, ctx) => {
    if (form.dailyLossLimit !== null && form.weeklyLossLimit !== null && form.weeklyLossLimit < form.dailyLossLimit) {
      ctx.addIssue({ code: 'custom', path: ['weeklyLossLimit'], message: 'Set at least the daily loss limit.' });
    }
    if (form.unit > form.balance) {
      ctx.addIssue({ code: 'custom', path: ['unit'], message: 'A unit cannot be more than the balance.' });
    }
  });

export type SaveBankrollState =
  | { status: 'idle' }
  | { status: 'invalid'; errors: FieldErrors; values: BankrollFormValues }
  | { status: 'saved' };

export async function saveBankrollFromForm(db: Db, userId: string, form: FormData): Promise<SaveBankrollState> {
  const values = formValues(form, BANKROLL_FIELDS);
  const parsed = bankrollForm.safeParse(values);
  if (!parsed.success) return { status: 'invalid', errors: fieldErrors(parsed.error), values };
  await saveBankroll(db, userId, parsed.data);
  return { status: 'saved' };
}
