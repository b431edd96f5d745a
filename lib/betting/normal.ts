/**
 * The standard normal distribution function Φ and its inverse, for the probit de-vig. No magic coefficients: a
 * series near the centre and Laplace's continued fraction in the tails, each summed until it stops changing, so
 * the relative error stays within about 1e-13 over the whole line (tests/unit/betting/normal.test.ts).
 */
import { bisectFalling } from './devig';

const SQRT_2PI = Math.sqrt(2 * Math.PI);

/** Where the series hands over to the continued fraction: the series loses accuracy to cancellation beyond it. */
const TAIL_FROM = 3;

/** Beyond this Φ is 0 or 1 to the last bit (Φ(−40) is about 4e-350). */
const FAR = 40;

function density(x: number): number {
  return Math.exp(-(x * x) / 2) / SQRT_2PI;
}

/**
 * 1 − Φ(t) for t ≥ TAIL_FROM: φ(t) / (t + 1/(t + 2/(t + 3/(t + …)))), evaluated from the front by the modified
 * Lentz method until a step changes it by less than a rounding error (about 150 terms at t = 3, fewer further out).
 */
function upperTail(t: number): number {
  const tiny = 1e-300;
  let value = t;
  let c = t;
  let d = 0;
  for (let n = 1; n < 10_000; n += 1) {
    d = t + n * d;
    d = d === 0 ? tiny : d;
    c = t + n / c;
    c = c === 0 ? tiny : c;
    d = 1 / d;
    const delta = c * d;
    value *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return density(t) / value;
}

/** Φ(x), the probability that a standard normal variable is at most x. */
export function normalCdf(x: number): number {
  if (x <= -FAR) return 0;
  if (x >= FAR) return 1;
  if (x < -TAIL_FROM) return upperTail(-x);
  if (x > TAIL_FROM) return 1 - upperTail(x);
  // Φ(x) = ½ + φ(x)(x + x³/3 + x⁵/(3·5) + …) (Marsaglia 2004): every term has the sign of x.
  let term = x;
  let sum = x;
  for (let k = 3; sum + term * ((x * x) / k) !== sum; k += 2) {
    term *= (x * x) / k;
    sum += term;
  }
  return 0.5 + density(x) * sum;
}

/** Φ⁻¹(p) for p in (0, 1), to adjacent doubles by bisection on Φ. */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`normalQuantile needs a probability in (0, 1), got ${p}`);
  return bisectFalling((x) => p - normalCdf(x), -FAR, FAR);
}
