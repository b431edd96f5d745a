// An answer's relative ages ("19 minutes ago") are worked out from the server's clock when it answers, and a server
// started by the tests runs on the machine's clock, so two calls a moment apart can straddle a minute. Tests that
// hold two answers to each other compare them with the ages blanked; what an age says is tested where it is made.

/** What withoutAges puts in place of an age. */
export const AGE = '<age>';

/** `value` with every `…Ago` field (updatedAgo, reportUpdatedAgo) set to one placeholder, at any depth. */
export function withoutAges<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutAges) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [key, key.endsWith('Ago') && typeof field === 'string' ? AGE : withoutAges(field)]),
  ) as T;
}
