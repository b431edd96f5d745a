import { z } from 'zod';
import { SETTLE_RESULTS } from '@/lib/account/bet-states';
import type { Ledger } from '@/lib/account/ledger';
import { fromCents, MAX_AMOUNT_CENTS, MAX_AMOUNT_TEXT, typedCents } from '@/lib/account/money';
import { ToolError } from '@/lib/errors';
import { fieldErrors, formValues, type FieldErrors } from './forms';

// Settling (and correcting a grade) from the Bets page: the ledger's settleBetRecord, the same rules settle_bet
// uses, for the signed-in user's own bets only (another user's bet id finds nothing, exactly like a missing one).

const settleForm = z
  .object({
    betId: z.string().min(1),
    result: z.enum(SETTLE_RESULTS, { error: 'Choose how the bet ended.' }),
    payout: z.string().trim(),
    correct: z.string(),
  })
  .transform((form, ctx) => {
    const correct = form.correct === 'true';
    if (form.result !== 'cashout') return { betId: form.betId, result: form.result, payout: undefined, correct };
    const cents = typedCents(form.payout);
    if (cents === undefined) {
      ctx.addIssue({ code: 'custom', path: ['payout'], message: 'Enter the amount the book paid out, such as 180 or 92.50 (0 or more).' });
      return z.NEVER;
    }
    if (cents > MAX_AMOUNT_CENTS) {
      ctx.addIssue({ code: 'custom', path: ['payout'], message: `Enter at most ${MAX_AMOUNT_TEXT}.` });
      return z.NEVER;
    }
    return { betId: form.betId, result: form.result, payout: fromCents(cents), correct };
  });

export type SettleBetState =
  | { status: 'idle' }
  | { status: 'invalid'; errors: FieldErrors }
  | { status: 'settled'; result: string; profit: number | null; corrected: boolean }
  | { status: 'refused'; message: string };

export async function settleBetFromForm(ledger: Ledger, userId: string, form: FormData, now: Date): Promise<SettleBetState> {
  const parsed = settleForm.safeParse(formValues(form, ['betId', 'result', 'payout', 'correct'] as const));
  if (!parsed.success) return { status: 'invalid', errors: fieldErrors(parsed.error) };
  const { betId, result, payout, correct } = parsed.data;
  try {
    const bet = await ledger.settleBetRecord({ userId, betId, request: { result, payout, correct }, now });
    return { status: 'settled', result: bet.status, profit: bet.profit, corrected: bet.earlierGrades !== null };
  } catch (error) {
    if (error instanceof ToolError) return { status: 'refused', message: error.message };
    throw error;
  }
}
