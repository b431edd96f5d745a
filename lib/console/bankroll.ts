import { bankrollSettingsSchema } from '@/lib/account/bankroll-settings';
import type { OwnerLedger } from '@/lib/account/ledger';
import { fieldErrors, formValues, type FieldErrors } from './forms';

// The Bankroll page's form: every field a string as typed, checked here with a message for each field. An
// empty optional field clears that limit (a raise or removal waits out the cooling-off, lib/account/loss-limits.ts).
// The rules are lib/account's, shared with `jev bankroll set`. The bankroll saved is always the signed-in user's own.

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

export type SaveBankrollState =
  { status: 'idle' } | { status: 'invalid'; errors: FieldErrors; values: BankrollFormValues } | { status: 'saved' };

export async function saveBankrollFromForm(ledger: OwnerLedger, userId: string, form: FormData, now: Date): Promise<SaveBankrollState> {
  const values = formValues(form, BANKROLL_FIELDS);
  const parsed = bankrollSettingsSchema.safeParse(values);
  if (!parsed.success) return { status: 'invalid', errors: fieldErrors(parsed.error), values };
  await ledger.saveBankroll(userId, parsed.data, now);
  return { status: 'saved' };
}
