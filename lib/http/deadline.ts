// Every request ends: a server-side deadline (REQUEST_DEADLINE_SECONDS) shared by REST and MCP. Work that
// is still running when it passes is left to finish on its own (its answer is dropped); the caller gets the
// error `late()` makes instead.

/** `work`, or the rejection `late()` makes once `ms` have passed, whichever comes first. */
export function withDeadline<T>(work: Promise<T>, ms: number, late: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(late()), ms);
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}
