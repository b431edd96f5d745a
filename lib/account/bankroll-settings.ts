import { z } from 'zod';
import { bookKeyNamed, unknownBookMessage } from '@/lib/data/books';
import { isValidTimeZone } from '@/lib/time';
import { fromCents, MAX_AMOUNT_CENTS, MAX_AMOUNT_TEXT, TYPED_AMOUNT_MESSAGE, typedCents, typedDecimal } from './money';

// The bankroll settings a user asks for, and the rules that read them as typed (./bankroll-save.ts saves them).

export interface BankrollSettings {
  balance: number;
  unit: number;
  kellyFraction?: number;
  maxStake?: number | null;
  dailyLossLimit?: number | null;
  weeklyLossLimit?: number | null;
  referenceBook?: string | null;
  timeZone?: string;
  currency?: string;
}

/** A value as typed (the Bankroll page's fields, `jev bankroll set`'s options): required, read by `parse`, then checked. */
const typed = (parse: (text: string) => number | undefined, message: string) =>
  z
    .string({ error: 'Required.' })
    .trim()
    .min(1, 'Required.')
    .transform((text, ctx) => {
      const value = parse(text);
      if (value === undefined) ctx.addIssue({ code: 'custom', message });
      return value ?? z.NEVER;
    });

/** What is wrong with a typed amount (read as `cents` by lib/account/money.ts), with the message people see. */
function amountProblem(text: string, cents: number | undefined, zero: boolean): string | undefined {
  const tooSmall = zero ? 'Enter an amount of 0 or more.' : 'Enter an amount of at least 0.01.';
  if (text === '') return 'Required.';
  if (cents === undefined) return text.startsWith('-') && typedCents(text.slice(1)) !== undefined ? tooSmall : TYPED_AMOUNT_MESSAGE;
  if (cents === 0 && !zero) return tooSmall;
  if (cents > MAX_AMOUNT_CENTS) return `Enter at most ${MAX_AMOUNT_TEXT}.`;
  return undefined;
}

/** A typed amount of money in currency units, checked in whole cents; null for an empty `clearable` field. */
function amount(rule: { zero?: boolean; clearable?: boolean }) {
  return z
    .string({ error: 'Required.' })
    .trim()
    .transform((text, ctx) => {
      if (text === '' && rule.clearable) return null;
      const cents = typedCents(text);
      const problem = amountProblem(text, cents, rule.zero === true);
      if (problem !== undefined || cents === undefined) {
        ctx.addIssue({ code: 'custom', message: problem ?? TYPED_AMOUNT_MESSAGE });
        return z.NEVER;
      }
      return fromCents(cents);
    });
}

/** An empty limit clears it. */
const optionalPositive = amount({ clearable: true });

/**
 * The one set of bankroll rules, with the messages people see, for every way of setting a bankroll: the
 * Bankroll page (every field sent as typed) and `jev bankroll set` (an option left out is undefined and
 * keeps its stored value). Fields are text as typed; the output is what saveBankroll takes.
 */
export const bankrollSettingsSchema = z
  .object({
    balance: amount({ zero: true }).pipe(z.number()),
    unit: amount({}).pipe(z.number()),
    kellyFraction: typed(typedDecimal, 'Enter a fraction such as 0.25.')
      .pipe(z.number().gt(0, 'Enter a fraction above 0.').max(1, 'Enter at most 1 (full Kelly).'))
      .optional(),
    maxStake: optionalPositive.optional(),
    dailyLossLimit: optionalPositive.optional(),
    weeklyLossLimit: optionalPositive.optional(),
    referenceBook: z
      .string()
      .trim()
      .max(50, 'Use at most 50 characters.')
      .transform((typed, ctx) => {
        if (typed === '') return null;
        const key = bookKeyNamed(typed);
        if (key === undefined) ctx.addIssue({ code: 'custom', message: `That sportsbook ${unknownBookMessage(typed)}.` });
        return key ?? z.NEVER;
      })
      .optional(),
    timeZone: z.string().trim().refine(isValidTimeZone, 'Choose a time zone from the list, such as America/New_York.').optional(),
    currency: z
      .string()
      .trim()
      .regex(/^[A-Z]{3}$/, 'Enter a 3-letter currency code such as USD.')
      .optional(),
  })
  .superRefine((form, ctx) => {
    if (form.dailyLossLimit != null && form.weeklyLossLimit != null && form.weeklyLossLimit < form.dailyLossLimit) {
      ctx.addIssue({ code: 'custom', path: ['weeklyLossLimit'], message: 'Set at least the daily loss limit.' });
    }
    // A balance of 0 (everything lost, or nothing set aside yet) is a balance too: its unit stays as it is.
    if (form.balance > 0 && form.unit > form.balance) {
      ctx.addIssue({ code: 'custom', path: ['unit'], message: 'A unit cannot be more than the balance.' });
    }
  });
