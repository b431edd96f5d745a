// Money is stored as integer cents; tools speak in currency units with at most two decimals.

export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

export function fromCents(cents: number): number {
  return cents / 100;
}

/** Rounds down to whole cents: a suggested stake must never exceed what the math allows. */
export function floorToCents(amount: number): number {
  return Math.floor(amount * 100 + 1e-9) / 100;
}
