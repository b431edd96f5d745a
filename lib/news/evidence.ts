import type { ArticleTypeAnswer, ModelAnswer, ReportsAnswer } from './questions';

// Every evidence quote the model gives must really occur in the article. Matching forgives only what a
// faithful copy may change (case, runs of whitespace, curly versus straight quotes, dash variants, NFKC
// forms); the quote returned is the article's own text, not the model's rendering of it.

/** A name alone ("Mahomes") occurs in the text but supports nothing. */
export const MIN_QUOTE_CHARS = 10;

const EQUIVALENTS: Readonly<Record<string, string>> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u201b': "'",
  '\u2032': "'",
  '\u0060': "'",
  '\u00b4': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u201f': '"',
  '\u2033': '"',
  '\u00ab': '"',
  '\u00bb': '"',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2015': '-',
  '\u2212': '-',
};

interface Folded {
  text: string;
  /** For each code unit of `text`, where its source character starts and ends in the original. */
  starts: number[];
  ends: number[];
}

function fold(original: string): Folded {
  const folded: Folded = { text: '', starts: [], ends: [] };
  let offset = 0;
  for (const char of original) {
    const start = offset;
    offset += char.length;
    const isSpace = /\s/u.test(char);
    if (isSpace && (folded.text === '' || folded.text.endsWith(' '))) continue;
    const piece = isSpace ? ' ' : (EQUIVALENTS[char] ?? char.normalize('NFKC')).toLowerCase();
    for (let unit = 0; unit < piece.length; unit++) {
      folded.starts.push(start);
      folded.ends.push(offset);
    }
    folded.text += piece;
  }
  return folded;
}

export interface Article {
  /** The article's own text for a quote, or undefined when the quote is too short or does not occur in it. */
  quote(candidate: string): string | undefined;
}

export function article(text: string): Article {
  const folded = fold(text);
  return {
    quote(candidate) {
      const needle = fold(candidate).text.trimEnd();
      if (needle.length < MIN_QUOTE_CHARS) return undefined;
      const at = folded.text.indexOf(needle);
      if (at === -1) return undefined;
      return text.slice(folded.starts[at], folded.ends[at + needle.length - 1]);
    },
  };
}

export interface Dropped {
  /** Quotes that do not occur in the text. */
  quotes: number;
  /** Reports left without a single quote that does. */
  reports: number;
}

/** Keeps only quotes found in the text, and only reports that still rest on one. */
export function verifyEvidence(text: string, answer: ModelAnswer): { answers: ModelAnswer; dropped: Dropped } {
  const source = article(text);
  const dropped: Dropped = { quotes: 0, reports: 0 };
  const found = (quotes: readonly string[]): string[] =>
    quotes.flatMap((candidate) => {
      const quote = source.quote(candidate);
      if (quote === undefined) dropped.quotes++;
      return quote === undefined ? [] : [quote];
    });
  const verify = (value: ReportsAnswer | ArticleTypeAnswer): ReportsAnswer | ArticleTypeAnswer => {
    if (!('reports' in value)) return { ...value, evidence: found(value.evidence) };
    const reports = value.reports.map((item) => ({ ...item, evidence: found(item.evidence) })).filter((item) => item.evidence.length > 0);
    dropped.reports += value.reports.length - reports.length;
    return { reports } as ReportsAnswer;
  };
  const answers = Object.fromEntries(
    Object.entries(answer).map(([id, value]: [string, ReportsAnswer | ArticleTypeAnswer]) => [id, verify(value)]),
  ) as ModelAnswer;
  return { answers, dropped };
}
