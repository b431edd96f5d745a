import type { Gate } from './fetch-claim';

// Data a tool fetches when it is asked for (a game's props or alternate lines, a league's futures), never by the
// scheduled run: one refresh per key however many callers ask at once. Callers in one process share a promise (an
// InFlight map the repositories keep); a caller finding another process's fetch under way (the database claim,
// ./fetch-claim.ts) waits for it. After a failed fetch the key backs off for a short while, so callers
// meanwhile answer from what is stored at once. When the stored data answer instead of fresh ones, a note says why.

/** The refreshes of one kind running in this process, by key. */
export type InFlight = Map<string, Promise<{ note?: string }>>;

/**
 * `refresh`'s outcome for `key`, shared with every caller asking while it runs; `awaitHolder` waits for another
 * process's fetch. `what` names the data in the note ("props", "alternate lines", "futures").
 */
export function sharedRefresh(
  inFlight: InFlight,
  key: string,
  what: string,
  now: Date,
  refresh: () => Promise<Gate>,
  awaitHolder: (until: Date) => Promise<Gate>,
): Promise<{ note?: string }> {
  let pending = inFlight.get(key);
  if (!pending) {
    pending = refresh()
      .then((gate) => (gate.status === 'busy' ? awaitHolder(gate.until) : gate))
      .then((gate) => storedNote(gate, what, now))
      .finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}

/** Why the stored data answer, when they do; during a back-off, when the provider will be asked again. */
function storedNote(gate: Gate, what: string, now: Date): { note?: string } {
  const stored = `these are the stored ${what}, as old as their updatedAgo says.`;
  if (gate.status === 'failed')
    return {
      note: `${what.charAt(0).toUpperCase()}${what.slice(1)} could not be refreshed from the provider (${gate.error.message}); ${stored}`,
    };
  if (gate.status === 'backoff') {
    const why = gate.after === 'rate limit' ? 'asked us to slow down' : 'failed recently';
    const seconds = Math.max(1, Math.ceil((gate.until.getTime() - now.getTime()) / 1000));
    return { note: `The odds provider ${why}; next try in about ${seconds} s; ${stored}` };
  }
  return {};
}
