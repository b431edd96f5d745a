// One sanitiser for every label and name JEV stores from someone else's say-so and shows back to people: an
// OAuth client's name, an MCP client's name, a bet's or pick's client label (clientInfo or User-Agent), a
// token's name, a user's name. Such text may carry characters that change what a reader sees rather than what
// it says: bidi controls (U+202E reverses the rest of a sentence, the consent page's own words included),
// zero-width and other invisible format characters, control characters, NUL (which PostgreSQL refuses) and
// lone surrogates (which SQLite refuses). It imports nothing, so every layer may use it.

/**
 * Controls (Cc: NUL, C0, DEL, C1) and format characters (Cf: bidi embeddings, overrides and isolates, the
 * left-to-right and right-to-left marks, zero-width spaces and joiners, word joiner, soft hyphen, BOM, tag
 * characters), and lone surrogates (Cs). Dropped: none of them has a place in a one-line label.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}]/gu;
/** Tabs, newlines and the other separators become one space: a label is one line. */
const SPACES = /[\s\p{Zl}\p{Zp}]+/gu;

/** A client label as stored with a bet or pick, and a token's last MCP client: the client's name or User-Agent. */
export const LABEL_MAX_CODE_POINTS = 200;
/** A name a person or a client gives: a token's, an OAuth client's, a user's. */
export const NAME_MAX_CODE_POINTS = 100;

/**
 * `text` as one visible line: invisible and control characters dropped, runs of white space made one space,
 * trimmed, and cut to at most `maxCodePoints` whole code points (never through a surrogate pair, so an emoji
 * across the cut is dropped whole rather than halved). Empty when nothing visible is left.
 */
export function cleanLabel(text: string, maxCodePoints: number): string {
  const visible = text.replace(SPACES, ' ').replace(INVISIBLE, '').replace(SPACES, ' ').trim();
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
