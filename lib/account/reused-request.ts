import { MAIN_MARKET_OF } from '@/lib/betting/alternates';
import { normaliseName } from '@/lib/data/sports';
import type { Db } from '@/lib/db/client';
import { invalidInput, type ToolError } from '@/lib/errors';
import { instant } from '@/lib/time';
import { loadGames, normalizeSelection, type NamedSelection, type Wager } from './markets';

// A clientRequestId names one bet or one pick (Stripe's rule for idempotency keys): sent again with the same
// arguments it returns the first record (createOnce, lib/db/unique.ts), sent with others it is refused. Returning the
// first record then would leave the new bet unrecorded and say it was: the room would be overstated by its stake.

/** An argument that defines the record, as sent and as the first record stores it (the same form: keys, cents …). */
export type Compared = readonly [name: string, sent: string | number | null, stored: string | number | null];

/** What is shown of a value in the refusal. */
const shown = (value: string | number | null) => (value === null ? 'none' : String(value));

/**
 * The arguments that differ between what is sent and the first record, its selection read as it is stored
 * (normalizeSelection: "kc" is KC; a player's name without regard to case or punctuation, as grading and pricing
 * read it). Text that describes rather than defines the record (notes, reasoning, risks) is not compared.
 */
export async function differingArguments(
  db: Db,
  earlier: Wager & { sport: string },
  sent: NamedSelection & { gameId: string; sport: string },
  more: readonly Compared[],
): Promise<string[]> {
  // An alternate line's market is read as the main market it is stored in (normalizeSelection).
  const market = MAIN_MARKET_OF[sent.market] ?? sent.market;
  const compared: Compared[] = [
    ['sport', sent.sport, earlier.sport],
    ['gameId', sent.gameId, earlier.gameId],
    ['market', market, earlier.market],
  ];
  const [game] = sent.gameId === earlier.gameId && market === earlier.market ? await loadGames(db, [earlier.gameId]) : [];
  if (game) {
    let selected: ReturnType<typeof normalizeSelection> | undefined;
    try {
      selected = normalizeSelection(game, sent);
    } catch {
      // A selection that does not fit the market is not the first record's.
    }
    compared.push(['selection', selected?.selection ?? sent.selection, earlier.selection]);
    compared.push(['point', selected ? selected.point : (sent.point ?? null), earlier.point]);
    if (selected) {
      const samePlayer =
        (selected.player === null ? null : normaliseName(selected.player)) ===
        (earlier.player === null ? null : normaliseName(earlier.player));
      if (!samePlayer) compared.push(['player', selected.player, earlier.player]);
    }
  }
  compared.push(...more);
  return compared
    .filter(([, theirs, stored]) => theirs !== stored)
    .map(([name, theirs, stored]) => `${name} ${shown(theirs)}, not ${shown(stored)}`);
}

/** The refusal of a clientRequestId sent again with other arguments: 400 on clientRequestId, naming the first record. */
export function reusedRequestId(record: { kind: 'bet' | 'pick'; id: string; at: Date }, differences: readonly string[]): ToolError {
  const anew = record.kind === 'bet' ? 'log a new bet' : 'save a new pick';
  return invalidInput([
    {
      path: 'clientRequestId',
      message:
        `was already used for ${record.kind} ${record.id} (${instant(record.at)}), with other arguments (${differences.join('; ')}): ` +
        `nothing was recorded now. Send a new clientRequestId to ${anew}; the same arguments again return ${record.kind} ${record.id}.`,
    },
  ]);
}
