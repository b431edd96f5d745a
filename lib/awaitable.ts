// A value that is either ready now or on its way. The in-process paths of a request (the memory rate limiter,
// a token found in the recent look-ups) answer at once; returning their answer unwrapped spares the hot path an
// async function per step, which under Next's async-context tracking costs microseconds each.

export type Awaitable<T> = T | Promise<T>;

/** `next(value)`, at once when the value is ready, else when it arrives. */
export function andThen<T, U>(value: Awaitable<T>, next: (ready: T) => U): Awaitable<Awaited<U>> {
  return (value instanceof Promise ? value.then(next) : next(value)) as Awaitable<Awaited<U>>;
}
