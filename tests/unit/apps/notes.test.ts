import { describe, expect, it } from 'vitest';
import { SHOWN_NOTE_FIELDS } from '@/lib/apps/answers';
import { VIEW_CALLABLE_TOOLS } from '@/lib/apps/catalogue';
import { TOOL_RECORDS } from '@/lib/tools/registry';

// Every note field of the answers the views draw (ViewAnswers, lib/apps/answers.ts) is either shown to the user
// (SHOWN_NOTE_FIELDS) or speaks to the agent only, so a new note is placed on purpose, not lost from the views.

/** Notes the views leave out, each with why. */
const AGENT_ONLY_NOTES = [
  // "call again with cursor set to nextCursor": a view pages with a button.
  'pageNote',
  // Explains alternate lines' missing fair price: no view draws an alternates answer (it opens the game's markets).
  'alternatesNote',
  // Points to detail: "full" for texts cut short: an argument for the agent.
  'textNote',
  // Explains a missing closingLineValue to an agent reading the JSON: no view shows closing-line value.
  'closingLineNote',
  // Tells the agent to say a stale close is left out of the average: the bets table marks it in its CLV cell.
  'staleCloseNote',
];

type JsonSchema = Record<string, unknown>;

/** The property names anywhere in a JSON Schema (under any `properties`, whatever keyword holds it) that name a note. */
function noteFieldsIn(schema: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const item of schema) noteFieldsIn(item, found);
  else if (schema && typeof schema === 'object') {
    for (const [keyword, value] of Object.entries(schema)) {
      if (keyword === 'properties' && value && typeof value === 'object') {
        for (const name of Object.keys(value)) if (name === 'note' || name.endsWith('Note')) found.add(name);
      }
      noteFieldsIn(value, found);
    }
  }
  return found;
}

const unplaced = (schema: JsonSchema) =>
  [...noteFieldsIn(schema)].filter((name) => !(SHOWN_NOTE_FIELDS as readonly string[]).includes(name) && !AGENT_ONLY_NOTES.includes(name));

const outputOf = (tool: string) => TOOL_RECORDS.find((record) => record.name === tool)!.outputSchema;

describe("the views' notes", () => {
  it('place every note field of the tools the views call: shown, or for the agent only', () => {
    for (const tool of VIEW_CALLABLE_TOOLS) expect(unplaced(outputOf(tool)), tool).toEqual([]);
  });

  it('fail on a new note field, at the top or nested', () => {
    const weather = outputOf('get_weather') as JsonSchema & { properties: JsonSchema };
    expect(unplaced({ ...weather, properties: { ...weather.properties, windNote: { type: 'string' } } })).toEqual(['windNote']);
    const nested = { type: 'object', properties: { games: { type: 'array', items: { properties: { kickoffNote: {} } } } } };
    expect(unplaced(nested)).toEqual(['kickoffNote']);
  });

  it('list only notes some answer carries, and none twice', () => {
    const carried = new Set(VIEW_CALLABLE_TOOLS.flatMap((tool) => [...noteFieldsIn(outputOf(tool))]));
    for (const name of [...SHOWN_NOTE_FIELDS, ...AGENT_ONLY_NOTES]) expect(carried, name).toContain(name);
    expect(AGENT_ONLY_NOTES.filter((name) => (SHOWN_NOTE_FIELDS as readonly string[]).includes(name))).toEqual([]);
  });
});
