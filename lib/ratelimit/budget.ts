import type { Budget } from './types';

/** Both backends do integer window arithmetic, so a bad budget is a configuration bug worth failing loudly on. */
export function assertValidBudget(budget: Budget): void {
  if (!Number.isSafeInteger(budget.limit) || budget.limit < 1) {
    throw new RangeError(`rate-limit budget "${budget.name}": limit must be a positive integer, got ${budget.limit}`);
  }
  if (!Number.isSafeInteger(budget.windowSeconds) || budget.windowSeconds < 1) {
    throw new RangeError(`rate-limit budget "${budget.name}": windowSeconds must be a positive integer, got ${budget.windowSeconds}`);
  }
}
