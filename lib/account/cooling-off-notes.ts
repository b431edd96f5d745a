import { formatDateTimeInZone } from '@/lib/time';

// The changes still cooling off, in words (./loss-limits.ts decides them): the same sentences on the Bankroll
// page, from `jev bankroll set` and in get_bankroll's note. The MCP Apps bankroll view has only the note (a field of
// their own would grow the tool catalogue), so it picks them back out of it here, beside their wording. Kept free of
// the database, so the view's bundle can hold it.

/** "Raising the daily loss limit to $200.00 takes effect on Dec 6, 2026, 2:05 PM (UTC); until then $100.00 applies." */
export const limitChangeNote = (change: string, from: Date, timeZone: string, inForce: string) =>
  `${change} takes effect on ${formatDateTimeInZone(from, timeZone)}; until then ${inForce} applies.`;

export const timeZoneChangeNote = (until: Date, timeZone: string, previousZone: string) =>
  `Until ${formatDateTimeInZone(until, timeZone)} each loss-limit day and week starts at the earlier of its starts in ` +
  `${previousZone} and ${timeZone}, so changing the time zone opens no room.`;

const LIMIT_CHANGE_SENTENCE = /^(?:Raising|Removing) the .+ takes effect on .+; until then .+ applies\.$/;
const TIME_ZONE_CHANGE_SENTENCE = /^Until .+ each loss-limit day and week starts at .+\.$/;

/** Whether a cooling-off sentence is the time zone's (timeZoneChangeNote), which names two zones. */
export const isTimeZoneChangeNote = (sentence: string) => TIME_ZONE_CHANGE_SENTENCE.test(sentence);

/** The cooling-off sentences of a get_bankroll note, in its order (none when nothing waits). */
export function coolingOffNotesIn(note: string): string[] {
  return note.split(/(?<=\.) (?=[A-Z])/).filter((sentence) => LIMIT_CHANGE_SENTENCE.test(sentence) || isTimeZoneChangeNote(sentence));
}
