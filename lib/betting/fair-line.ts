/**
 * Which fair line the odds tools price against (their `fairLine` argument): by default the seed's consensus (each
 * joining book de-vigged multiplicatively, the books averaged); on request another de-vig method applied to each
 * joining book, `worst_case` (per book and outcome the lowest fair probability of the methods, calc_no_vig_odds'
 * worstCase), and/or `sharp`: the books averaged with the weights of ./sharp-books.ts.
 */
import { compareDevig, devigBy, FAIR_METHODS } from './devig-methods';

export const FAIR_LINE_METHODS = [...FAIR_METHODS, 'worst_case'] as const;
export type FairLineMethod = (typeof FAIR_LINE_METHODS)[number];

export interface FairLine {
  method: FairLineMethod;
  /** Books weighted by SHARP_BOOK_WEIGHTS instead of counted alike. */
  sharp: boolean;
}

export const DEFAULT_FAIR_LINE: FairLine = { method: 'multiplicative', sharp: false };

const SHARP = 'sharp';

/** The line's name as the answers say it and fairLine reads it: "power", "sharp", "sharp+power". */
export function fairLineName({ method, sharp }: FairLine): string {
  if (!sharp) return method;
  return method === 'multiplicative' ? SHARP : `${SHARP}+${method}`;
}

const CHOICES =
  `a calc_no_vig_odds method (${FAIR_METHODS.join(', ')}), worst_case, or sharp, alone or with one of the others ` +
  `joined by + ('sharp+power')`;

/** An answer's field naming the fair line it is on, when the call chose one (none: the default's answer). */
export const fairLineField = (line: FairLine | undefined) => (line ? { fairLine: fairLineName(line) } : {});

/** A fairLine as typed ("Sharp + power" reads as "sharp+power"), or why it names no fair line. */
export function parseFairLine(typed: string): FairLine | { problem: string } {
  const parts = typed
    .toLowerCase()
    .split('+')
    .map((part) => part.trim());
  const unknown = parts.find((part) => part !== SHARP && !(FAIR_LINE_METHODS as readonly string[]).includes(part));
  if (unknown !== undefined) return { problem: `"${unknown.slice(0, 40)}" is no fair line: use ${CHOICES}` };
  const methods = parts.filter((part) => part !== SHARP) as FairLineMethod[];
  const sharps = parts.length - methods.length;
  if (methods.length > 1)
    return { problem: `names ${methods.length} methods (${methods.join(', ')}): a fair line has one, alone or with sharp` };
  if (sharps > 1) return { problem: 'names sharp twice' };
  return { method: methods[0] ?? 'multiplicative', sharp: sharps === 1 };
}

/**
 * One book's fair probabilities under the line's method, in the order given. Throws DevigRefused when the method
 * cannot price the market (additive, goto, balanced_books, jensen_shannon on a long shot); worst_case never refuses,
 * multiplicative pricing every market. worst_case's do not sum to 1: each is a bound, not a distribution.
 */
export function bookFair(implied: number[], method: FairLineMethod): number[] {
  return method === 'worst_case' ? compareDevig(implied).ranges.map((range) => range.min) : devigBy(implied, method);
}
