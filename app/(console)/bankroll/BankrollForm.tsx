'use client';

import { useActionState } from 'react';
import { errorId, FieldError } from '@/app/components/FieldError';
import type { BankrollFormValues, SaveBankrollState } from '@/lib/console/bankroll';
import { saveBankrollAction } from './actions';

interface FieldSpec {
  name: keyof BankrollFormValues;
  label: string;
  hint: string;
  inputMode?: 'decimal';
  list?: string;
}

const FIELDS: FieldSpec[] = [
  { name: 'balance', label: 'Balance', hint: 'Money set aside for betting.', inputMode: 'decimal' },
  { name: 'unit', label: 'Unit size', hint: 'One unit in money; agents size stakes in units.', inputMode: 'decimal' },
  {
    name: 'kellyFraction',
    label: 'Kelly fraction',
    hint: 'Share of full Kelly to stake, e.g. 0.25 for quarter Kelly.',
    inputMode: 'decimal',
  },
  { name: 'maxStake', label: 'Max stake', hint: 'Largest single stake. Leave empty for none.', inputMode: 'decimal' },
  { name: 'dailyLossLimit', label: 'Daily loss limit', hint: 'Leave empty for none.', inputMode: 'decimal' },
  { name: 'weeklyLossLimit', label: 'Weekly loss limit', hint: 'Weeks start on Monday. Leave empty for none.', inputMode: 'decimal' },
  { name: 'referenceBook', label: 'Reference sportsbook', hint: 'The book whose prices you bet, e.g. draftkings.' },
  { name: 'timeZone', label: 'Time zone', hint: 'Days and weeks for the loss limits, and times in the console.', list: 'time-zones' },
];

export function BankrollForm({ stored, timeZones }: { stored: BankrollFormValues; timeZones: string[] }) {
  const [state, formAction, pending] = useActionState(saveBankrollAction, { status: 'idle' } as SaveBankrollState);
  const errors = state.status === 'invalid' ? state.errors : {};
  const values = state.status === 'invalid' ? state.values : stored;

  return (
    <form action={formAction} className="stack card" noValidate>
      <div className="grid-2">
        {FIELDS.map((field) => {
          const describedBy = [`${field.name}-hint`, errors[field.name] ? errorId(field.name) : ''].filter(Boolean).join(' ');
          return (
            <div key={field.name} className="field">
              <label htmlFor={field.name}>{field.label}</label>
              <input
                id={field.name}
                name={field.name}
                type="text"
                inputMode={field.inputMode}
                list={field.list}
                autoComplete="off"
                defaultValue={values[field.name]}
                aria-invalid={errors[field.name] ? true : undefined}
                aria-describedby={describedBy}
              />
              <p className="hint" id={`${field.name}-hint`}>
                {field.hint}
              </p>
              <FieldError name={field.name} message={errors[field.name]} />
            </div>
          );
        })}
      </div>
      <datalist id="time-zones">
        {timeZones.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
      <div className="actions">
        <button type="submit" disabled={pending}>
          {pending ? 'Saving…' : 'Save bankroll'}
        </button>
        <span role="status" className={state.status === 'invalid' ? 'form-error' : 'form-ok'}>
          {state.status === 'saved' ? 'Saved.' : state.status === 'invalid' ? 'Not saved: fix the fields marked above.' : ''}
        </span>
      </div>
    </form>
  );
}
