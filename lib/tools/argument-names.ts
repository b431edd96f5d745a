import type { z } from 'zod';
import { editDistance } from '@/lib/data/closest-names';
import { normaliseName } from '@/lib/data/sports';

// "Did you mean": the argument an unknown one was likely meant as, for the 400 that names it. Agents slip on names
// they read elsewhere (fairProbability from an odds answer for calc_kelly_stake's probability, game_id for gameId);
// the error then says what to send instead. Only ever a suggestion: an unknown argument is refused all the same.

/** The parts of a zod schema's definition walked here (zod 4's `_zod.def`). */
interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
}

/** The schema's definition (zod's public `def`), read as the few kinds an argument path passes through. */
const defOf = (schema: z.ZodType) => schema.def as Def;

/** The object schema an argument path leads to (through optional, nullable, default, pipe and array), if one. */
function objectAt(schema: z.ZodType, path: readonly PropertyKey[]): Record<string, z.ZodType> | undefined {
  let at: z.ZodType | undefined = schema;
  let index = 0;
  while (at) {
    const def = defOf(at);
    if (def.type === 'object') {
      if (index === path.length) return def.shape;
      at = def.shape?.[String(path[index++])];
    } else if (def.type === 'array') {
      if (index === path.length || typeof path[index] !== 'number') return undefined;
      index++;
      at = def.element;
    } else {
      at = def.innerType ?? def.in;
    }
  }
  return undefined;
}

const valueAt = (value: unknown, path: readonly PropertyKey[]) =>
  path.reduce<unknown>((at, key) => (typeof at === 'object' && at !== null ? (at as Record<PropertyKey, unknown>)[key] : undefined), value);

/**
 * The argument `typed` (unknown where `path` leads in `args`) was likely meant as, among those the schema takes there
 * and the call did not send: the same name but for case and separators (normaliseName: gameId, game_id, GAME-ID),
 * else the one name either holds inside the other (fairProbability, probability), else the one a letter or two away.
 * Nothing when no one name stands out.
 */
export function meantArgument(schema: z.ZodType, path: readonly PropertyKey[], typed: string, args: unknown): string | undefined {
  const shape = objectAt(schema, path);
  const wanted = normaliseName(typed);
  if (!shape || wanted === '') return undefined;
  const sent = valueAt(args, path);
  const open = Object.keys(shape).filter((name) => !(typeof sent === 'object' && sent !== null && name in sent));
  const only = (names: string[]) => (names.length === 1 ? names[0] : undefined);
  const same = only(open.filter((name) => normaliseName(name) === wanted));
  if (same) return same;
  const inside = only(
    open.filter((name) => {
      const known = normaliseName(name);
      return Math.min(known.length, wanted.length) >= 4 && (known.includes(wanted) || wanted.includes(known));
    }),
  );
  if (inside) return inside;
  const near = open
    .map((name) => ({ name, distance: editDistance(wanted, normaliseName(name)) }))
    .filter(({ name, distance }) => distance <= Math.max(1, Math.floor(normaliseName(name).length / 4)))
    .sort((a, b) => a.distance - b.distance);
  return near.length === 1 || (near.length > 1 && near[0]!.distance < near[1]!.distance) ? near[0]!.name : undefined;
}
