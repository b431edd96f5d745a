import { formatDateTimeInZone } from '@/lib/time';

// The changes still cooling off, in words (lib/account/bankroll.ts decides them): the same sentences on the Bankroll
// page, from `jev bankroll set` and in get_bankroll's note. Kept free of the database.

/** "Raising the daily loss limit to $200.00 takes effect on Dec 6, 2026, 2:05 PM (UTC); until then $100.00 applies." */
export const limitChangeNote = (change: string, from: Date, timeZone: string, inForce: string) =>
  `${change} takes effect on ${formatDateTimeInZone(from, timeZone)}; until then ${inForce} applies.`;

export const timeZoneChangeNote = (until: Date, timeZone: string, previousZone: string) =>
  `Until ${formatDateTimeInZone(until, timeZone)} each loss-limit day and week starts at the earlier of its starts in ` +
  `${previousZone} and ${timeZone}, so changing the time zone opens no room.`;
