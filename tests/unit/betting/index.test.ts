import { describe, expect, it } from 'vitest';
import * as betting from '@/lib/betting';
import * as consensus from '@/lib/betting/consensus';
import * as devig from '@/lib/betting/devig';
import * as devigMethods from '@/lib/betting/devig-methods';
import * as ev from '@/lib/betting/ev';
import * as grading from '@/lib/betting/grading';
import * as kelly from '@/lib/betting/kelly';
import * as odds from '@/lib/betting/odds';
import * as parlay from '@/lib/betting/parlay';
import * as propGrading from '@/lib/betting/prop-grading';

describe('lib/betting index', () => {
  it('re-exports every module', () => {
    for (const source of [odds, devig, devigMethods, ev, kelly, parlay, consensus, grading, propGrading]) {
      for (const [name, value] of Object.entries(source)) {
        expect(betting).toHaveProperty(name, value);
      }
    }
  });

  it('exposes the agreed API', () => {
    expect(Object.keys(betting).sort()).toEqual(
      [
        'EVEN_MONEY_ODDS',
        'MAX_AMERICAN_ODDS',
        'MIN_FAIR_PROBABILITY',
        'MIN_AMERICAN_ODDS',
        'americanToDecimal',
        'bisectFalling',
        'boundedAmerican',
        'consensus',
        'VALUE_MIN_BOOKS',
        'decimalToAmerican',
        'devig',
        'devigBy',
        'devigShin',
        'DevigRefused',
        'FAIR_METHODS',
        'BLEND_OF',
        'METHODS_PRICING_EVERY_MARKET',
        'solveFallingFrom',
        'compareDevig',
        'shinProbability',
        'solveShinZ',
        'withExactUnitSum',
        'withoutFloatNoise',
        'expectedValue',
        'priceExpectedValue',
        'fullKellyFraction',
        'gradeSelection',
        'GAME_MARKETS',
        'isGameMarket',
        'gradeLine',
        'gradeOverUnder',
        'gradeProp',
        'halfLines',
        'payoutPerUnit',
        'actionStakeCents',
        'PROP_STATS',
        'PROP_MARKET_NAMES',
        'impliedProbability',
        'isOutsideEvenMoneyGap',
        'isValidAmericanOdds',
        'overround',
        'parlay',
        'MAX_PARLAY_AMERICAN_ODDS',
        'combinedDecimalOdds',
        'pastLongestParlay',
        'probabilityToAmerican',
        'probabilityToDecimal',
        'roundAmerican',
        'roundFraction',
        'roundTo',
        'roundTo6',
        'settlement',
        'winningsCents',
      ].sort(),
    );
  });
});
