import { consolePage } from '@/app/components/ConsolePage';
import { SiteHeader } from '@/app/components/SiteHeader';
import { askedLimits, coolingOffNotes, type BankrollView } from '@/lib/account/bankroll';
import { COOLING_OFF_HOURS } from '@/lib/account/loss-limits';
import { requireUser } from '@/lib/root/session';
import type { BankrollFormValues } from '@/lib/console/bankroll';
import { money } from '@/lib/present/format';
import { root } from '@/lib/root';
import { DEFAULT_TIME_ZONE } from '@/lib/time';
import { BankrollForm } from './BankrollForm';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Bankroll · JEV' };

const DEFAULTS: BankrollFormValues = {
  balance: '',
  unit: '',
  kellyFraction: '0.25',
  maxStake: '',
  dailyLossLimit: '',
  weeklyLossLimit: '',
  referenceBook: '',
  timeZone: DEFAULT_TIME_ZONE,
};

// Intl lists canonical zones only, which leaves out UTC itself.
const TIME_ZONES = ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')];

function formValuesOf(bankroll: BankrollView | null): BankrollFormValues {
  if (!bankroll) return DEFAULTS;
  const text = (value: number | string | null) => (value === null ? '' : String(value));
  // The fields show what the user asked for, a raise still cooling off included, so saving again keeps it waiting.
  const asked = askedLimits(bankroll);
  return {
    balance: text(bankroll.balance),
    unit: text(bankroll.unit),
    kellyFraction: text(bankroll.kellyFraction),
    maxStake: text(asked.maxStake),
    dailyLossLimit: text(asked.dailyLossLimit),
    weeklyLossLimit: text(asked.weeklyLossLimit),
    referenceBook: text(bankroll.referenceBook),
    timeZone: bankroll.timeZone,
  };
}

function LimitRoom({
  label,
  limit,
  lost,
  open,
  room,
  currency,
}: {
  label: string;
  limit: number | null;
  lost: number;
  open: number;
  room: number | null;
  currency: string;
}) {
  return (
    <div className="card">
      <h3>{label}</h3>
      {limit === null || room === null ? (
        <p className="muted">No limit set. Set one below and agents will keep stakes within it.</p>
      ) : (
        <dl className="figures">
          <dt>Limit</dt>
          <dd>{money(limit, currency)}</dd>
          <dt>Lost so far</dt>
          <dd>{money(lost, currency)}</dd>
          <dt>At risk in open bets</dt>
          <dd>{money(open, currency)}</dd>
          <dt>Room left</dt>
          <dd>
            <strong>{money(room, currency)}</strong>
          </dd>
        </dl>
      )}
    </div>
  );
}

export default consolePage(async function BankrollPage() {
  const user = await requireUser();
  const bankroll = await root().ledger.readBankroll(user.id, root().now());
  const waiting = bankroll ? coolingOffNotes(bankroll) : [];

  return (
    <>
      <SiteHeader user={user} current="/bankroll" />
      <main id="main" className="inner">
        <h1>Bankroll</h1>
        <p className="lead">
          Agents call get_bankroll before suggesting any stake, and never suggest more than your max stake or the room left under your loss
          limits. A lower limit applies at once; a higher one, a removal or a new time zone only after {COOLING_OFF_HOURS} hours.
        </p>
        {waiting.length > 0 && (
          <div className="callout" role="note" aria-label="Changes cooling off">
            {waiting.map((note) => (
              <p key={note}>{note}</p>
            ))}
          </div>
        )}
        {bankroll ? (
          <>
            <h2>Room left</h2>
            <p className="muted">
              Balance {money(bankroll.balance, bankroll.currency)}, unit {money(bankroll.unit, bankroll.currency)}, max stake{' '}
              {bankroll.maxStake === null ? 'not set' : money(bankroll.maxStake, bankroll.currency)}. Days and weeks in {bankroll.timeZone}.
              Room left is the limit less the net settled loss and the stakes of bets still open that were placed in the period, or whose
              game starts by its end: settle the ended ones on the Bets page. A win offsets losses only once the stored result confirms it:
              not a cashout, a bet placed in play, or a prop graded by hand before its stat line is stored.
            </p>
            <div className="grid-2">
              <LimitRoom
                label="Today"
                limit={bankroll.dailyLossLimit}
                lost={bankroll.lossToday}
                open={bankroll.openStakesToday}
                room={bankroll.dailyLossRoom}
                currency={bankroll.currency}
              />
              <LimitRoom
                label="This week"
                limit={bankroll.weeklyLossLimit}
                lost={bankroll.lossThisWeek}
                open={bankroll.openStakesThisWeek}
                room={bankroll.weeklyLossRoom}
                currency={bankroll.currency}
              />
            </div>
          </>
        ) : (
          <p className="empty">No bankroll yet. Enter your balance and unit size below; loss limits are optional but recommended.</p>
        )}
        <h2>Settings</h2>
        <BankrollForm stored={formValuesOf(bankroll)} timeZones={TIME_ZONES} />
      </main>
    </>
  );
});
