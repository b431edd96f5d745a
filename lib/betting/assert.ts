/** Internal argument checks shared by the betting modules (not re-exported). */

export function assertProbability(name: string, value: number): void {
  if (!(value >= 0 && value <= 1)) {
    throw new RangeError(`${name} must be a probability in [0, 1], got ${value}`);
  }
}
