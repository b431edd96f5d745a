// One sanitiser for every label and name JEV stores from someone else's say-so and shows back to people: an
// OAuth client's name, an MCP client's name, a bet's or pick's client label (clientInfo or User-Agent), a
// token's name, a user's name. Such text may carry characters that change what a reader sees rather than what
// it says: bidi controls (U+202E reverses the rest of a sentence, the consent page's own words included),
// zero-width and other invisible format characters, control characters, NUL (which PostgreSQL refuses) and
// lone surrogates (which SQLite refuses). Also the "a, b or c" of messages that list choices and the "a, b and c"
// of texts that list things. It imports nothing, so every layer may use it.

/**
 * Controls (Cc: NUL, C0, DEL, C1) and format characters (Cf: bidi embeddings, overrides and isolates, the
 * left-to-right and right-to-left marks, zero-width spaces and joiners, word joiner, soft hyphen, BOM, tag
 * characters), lone surrogates (Cs), private-use (Co) and unassigned (Cn) code points, which render as
 * nothing or as whatever a font puts there, the default-ignorable code points (Unicode's list of what renders
 * as nothing: the Hangul fillers U+115F, U+1160, U+3164 and U+FFA0, the combining grapheme joiner U+034F,
 * the Mongolian variation selectors …) but for the two emoji variation selectors, which are judged below, and
 * the blank Braille pattern U+2800. Dropped: none of them has a place in a one-line label.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\u2800]|(?![\ufe0e\ufe0f])\p{Default_Ignorable_Code_Point}/gu;
/** A text or emoji variation selector (U+FE0E, U+FE0F) that selects nothing: not after a symbol, digit, # or *. */
const STRAY_SELECTOR = /(?<![\p{S}\p{N}#*])[\ufe0e\ufe0f]/gu;
/** Combining marks with nothing to combine with (at the start, after a space), which stack over their neighbours. */
const STRAY_MARKS = /(^|\s)\p{M}+/gu;
/** More than four combining marks on one character (text piled above and below the line) keep their first four. */
const PILED_MARKS = /(\p{M}{4})\p{M}+/gu;
/** Tabs, newlines and the other separators become one space: a label is one line. */
const SPACES = /[\s\p{Zl}\p{Zp}]+/gu;
/** Something a reader sees: a letter, digit, punctuation or symbol (what is left once the above is dropped). */
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;
/** An unpaired UTF-16 surrogate: not Unicode text at all (SQLite refuses to store it). */
export const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** What no database stores: NUL (PostgreSQL refuses it) and lone surrogates (SQLite refuses them). */
const UNSTORABLE = new RegExp(`\u0000|${LONE_SURROGATE.source}`);

/**
 * Whether text can reach a query as it is. A NUL or lone surrogate in a value a query is asked with (an id from a
 * form, a client_id) fails the query itself, so such input is refused or dropped where it comes in.
 */
export function isStorable(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/** `text` without what no database stores (see isStorable). */
export function storableText(text: string): string {
  return text.replace(new RegExp(UNSTORABLE.source, 'g'), '');
}

/** A client label as stored with a bet or pick, and a token's last MCP client: the client's name or User-Agent. */
export const LABEL_MAX_CODE_POINTS = 200;
/** A name a person or a client gives: a token's, an OAuth client's, a user's. */
export const NAME_MAX_CODE_POINTS = 100;

/**
 * `text` as one visible line: invisible and control characters dropped (and variation selectors and combining
 * marks that attach to nothing, marks past four on one character), runs of white space made one space, trimmed,
 * and cut to at most `maxCodePoints` whole code points (never through a surrogate pair, so an emoji across the
 * cut is dropped whole rather than halved). Empty when nothing visible is left: a name of fillers, blank
 * patterns or marks alone renders blank, so the caller's stand-in ("Unnamed app") is shown instead.
 */
export function cleanLabel(text: string, maxCodePoints: number): string {
  const visible = text
    .replace(SPACES, ' ')
    .replace(INVISIBLE, '')
    .replace(STRAY_SELECTOR, '')
    .replace(SPACES, ' ')
    .replace(STRAY_MARKS, '$1')
    .replace(PILED_MARKS, '$1')
    .trim();
  if (!VISIBLE.test(visible)) return '';
  let cut = '';
  let count = 0;
  for (const codePoint of visible) {
    if (count === maxCodePoints) break;
    cut += codePoint;
    count += 1;
  }
  return cut.trimEnd();
}

/** A client label as stored with a bet or pick: one visible line, null when there is none or nothing is visible. */
export function storedLabel(text: string | undefined): string | null {
  return (text && cleanLabel(text, LABEL_MAX_CODE_POINTS)) || null;
}

/** "a, b or c" (conjunction 'or') or "a, b and c" (conjunction 'and'): the last two joined by the word, the rest by commas. */
function listed(values: readonly string[], conjunction: 'and' | 'or'): string {
  return values.length < 2 ? values.join('') : `${values.slice(0, -1).join(', ')} ${conjunction} ${values.at(-1)}`;
}

/** "a, b or c", for messages that list the choices. */
export const choiceList = (values: readonly string[]): string => listed(values, 'or');

/** "a, b and c", for texts that list things. */
export const andList = (values: readonly string[]): string => listed(values, 'and');
