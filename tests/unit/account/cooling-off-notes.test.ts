import { describe, expect, it } from 'vitest';
import { coolingOffNotesIn, isTimeZoneChangeNote, limitChangeNote, timeZoneChangeNote } from '@/lib/account/cooling-off-notes';
import { PAST_LIMITS_RULE, STAKE_CAPS_RULE } from '@/lib/responsible-gambling';

// get_bankroll's note is the cooling-off sentences, then the staking rules; the bankroll view picks the first back out.

const AT = new Date('2026-12-06T14:05:00Z');

describe('the cooling-off sentences of a note', () => {
  it('are written with the one date-time form, the zone named', () => {
    expect(limitChangeNote('Raising the daily loss limit to $1,200.00', AT, 'Europe/London', '$100.00')).toBe(
      'Raising the daily loss limit to $1,200.00 takes effect on Dec 6, 2026, 2:05 PM (Europe/London); until then $100.00 applies.',
    );
  });

  it('are picked out of the note in order, the staking rules left out; none when nothing waits', () => {
    const raise = limitChangeNote('Raising the daily loss limit to $1,200.00', AT, 'Pacific/Kiritimati', '$100.00');
    const removal = limitChangeNote('Removing the max stake', AT, 'Pacific/Kiritimati', '$50.00');
    const zone = timeZoneChangeNote(AT, 'Pacific/Kiritimati', 'UTC');
    const rules = [STAKE_CAPS_RULE, PAST_LIMITS_RULE];
    expect(coolingOffNotesIn([raise, removal, zone, ...rules].join(' '))).toEqual([raise, removal, zone]);
    expect(coolingOffNotesIn(rules.join(' '))).toEqual([]);
  });

  it("tell the time zone's sentence from a limit's", () => {
    expect(isTimeZoneChangeNote(timeZoneChangeNote(AT, 'Pacific/Kiritimati', 'UTC'))).toBe(true);
    expect(isTimeZoneChangeNote(limitChangeNote('Removing the max stake', AT, 'Pacific/Kiritimati', '$50.00'))).toBe(false);
  });
});
