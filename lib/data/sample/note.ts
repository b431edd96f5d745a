// What every answer built on the bundled sample slate says, word for word: the tools put it in their notes, and
// the MCP Apps views recognise it there to show the sample-data notice. Imports nothing, so a view can carry it.

export const SAMPLE_NOTE =
  'Sample data: this answer comes from the bundled sample slate (realistic but invented prices, players and scores), ' +
  'not from a live provider. Say so to the user; do not bet on it.';

/** The same in a line, for a view's compact inline form (its full-screen form says the whole note). */
export const SAMPLE_NOTE_SHORT = 'Sample data: invented prices, not a live provider. Do not bet on it.';
