// Every request ends: a server-side deadline (REQUEST_DEADLINE_SECONDS) shared by REST and MCP. Work that
// is still running when it passes is left to finish on its own (its answer is dropped); the caller gets the
// error `late()` makes instead.

/**
 * `work`, or the rejection `late()` makes once `ms` have passed, whichever comes first. One promise and one
 * reaction rather than Promise.race and finally (five more promises, each tracked by Next's async context).
 */
export function withDeadline<T>(work: Promise<T>, ms: number, late: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(late()), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: Error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
