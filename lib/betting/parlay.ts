import { assertProbability } from './assert';
import { americanToDecimal, decimalToAmerican, roundAmerican } from './odds';

export type ParlayLeg = { americanOdds: number; probability?: number; gameId?: string };

export type CorrelationWarning = {
  /** 0-based indexes of the two legs, lower first. */
  legs: [number, number];
  gameId: string;
  message: string;
};

export type ParlayResult = {
  legs: number;
  decimalOdds: number;
  /** Whole-number price for display. */
  americanOdds: number;
  impliedProbability: number;
  /** Product of the leg probabilities (independence assumed); null unless every leg has one. */
  combinedProbability: number | null;
  /** Expected profit per unit staked as a fraction; null unless every leg has a probability. */
  expectedValuePercent: number | null;
  /**
   * False when two legs share a game: the product of their probabilities assumes independence they do not have,
   * so combinedProbability and expectedValuePercent must not size a stake. True only when every leg names its game
   * and none shares one; null when unchecked (a leg without its gameId) or when there is no probability.
   */
  combinedProbabilityReliable: boolean | null;
  correlationWarnings: CorrelationWarning[];
};

/**
 * The longest combined price a parlay is answered at: the largest whole number a double holds exactly (2^53 − 1).
 * Past it an American price is no longer a whole number (2^53 + 1 reads as 2^53), and no book takes such a parlay
 * (a chance under 1 in 90 trillion), so legs that combine past it are refused rather than answered rounded.
 */
export const MAX_PARLAY_AMERICAN_ODDS = Number.MAX_SAFE_INTEGER;

/** The legs' combined decimal odds: the product of theirs. */
export const combinedDecimalOdds = (legs: readonly Pick<ParlayLeg, 'americanOdds'>[]) =>
  legs.reduce((product, leg) => product * americanToDecimal(leg.americanOdds), 1);

/** Whether legs combine past MAX_PARLAY_AMERICAN_ODDS (their unrounded combined American price). */
export const pastLongestParlay = (decimalOdds: number) => decimalToAmerican(decimalOdds) > MAX_PARLAY_AMERICAN_ODDS;

/** Combined price of a parlay, and its expected value when every leg has an estimated probability. */
export function parlay(legs: ParlayLeg[]): ParlayResult {
  if (legs.length === 0) {
    throw new RangeError('A parlay needs at least one leg');
  }
  const decimalOdds = combinedDecimalOdds(legs);
  if (pastLongestParlay(decimalOdds)) {
    throw new RangeError(`A parlay's American odds must be at most ${MAX_PARLAY_AMERICAN_ODDS}, got decimal odds ${decimalOdds}`);
  }

  const probabilities = legs.map((leg) => leg.probability);
  for (const probability of probabilities) {
    if (probability !== undefined) assertProbability('leg probability', probability);
  }
  const combinedProbability = probabilities.every((p): p is number => p !== undefined)
    ? probabilities.reduce((product, p) => product * p, 1)
    : null;

  const warnings = correlationWarnings(legs);
  return {
    legs: legs.length,
    decimalOdds,
    americanOdds: roundAmerican(decimalToAmerican(decimalOdds)),
    impliedProbability: 1 / decimalOdds,
    combinedProbability,
    expectedValuePercent: combinedProbability === null ? null : combinedProbability * decimalOdds - 1,
    combinedProbabilityReliable: combinedProbability === null ? null : reliability(legs, warnings),
    correlationWarnings: warnings,
  };
}

/** Known unreliable when two legs share a game; known reliable only when every leg says which game it is. */
function reliability(legs: readonly ParlayLeg[], warnings: readonly CorrelationWarning[]): boolean | null {
  if (warnings.length > 0) return false;
  return legs.every((leg) => leg.gameId !== undefined) ? true : null;
}

// Multiplying leg probabilities assumes independence, which legs of one game break.
function correlationWarnings(legs: readonly ParlayLeg[]): CorrelationWarning[] {
  const warnings: CorrelationWarning[] = [];
  legs.forEach((first, i) => {
    legs.slice(i + 1).forEach((second, offset) => {
      const j = i + 1 + offset;
      const gameId = first.gameId;
      if (gameId === undefined || second.gameId !== gameId) return;
      warnings.push({
        legs: [i, j],
        gameId,
        message:
          `Legs ${i + 1} and ${j + 1} are from the same game (${gameId}): they are correlated, ` +
          'so the combined probability is unreliable and no stake should be suggested.',
      });
    });
  });
  return warnings;
}
