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

// MCP's 2025-era answers are event streams the SDK may still be writing when the deadline passes: boundEventStream
// ends them at the deadline.

/** JSON-RPC's internal error: what a request still running at the deadline is answered with. */
export const INTERNAL_ERROR = -32603;

/** The event answering a request still running at the deadline: -32603. */
const lateEvent = (id: unknown, message: string) =>
  `event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', id, error: { code: INTERNAL_ERROR, message } })}\n\n`;

/**
 * Ends a 2025-era event stream at the deadline: each request not answered by then gets a -32603 error event,
 * then the stream closes (the SDK's own stream is cancelled). Streams that end in time pass through as they are.
 */
export function boundEventStream(response: Response, ms: number, requestIds: readonly unknown[], message: string): Response {
  const source = response.body;
  if (!source || !response.headers.get('content-type')?.startsWith('text/event-stream')) return response;
  const reader = source.getReader();
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  const answered = new Set<unknown>();
  let pending = '';
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Notes the ids of the answers in the stream's complete events. */
  const note = (chunk: string) => {
    pending += chunk;
    const end = pending.lastIndexOf('\n\n');
    if (end < 0) return;
    for (const [, data] of pending.slice(0, end).matchAll(/^data:(.*)$/gm)) {
      try {
        answered.add((JSON.parse(data ?? '') as { id?: unknown } | null)?.id);
      } catch {
        // Not JSON: nothing to note.
      }
    }
    pending = pending.slice(end + 2);
  };
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      timer = setTimeout(() => {
        if (closed) return;
        closed = true;
        for (const id of requestIds) if (!answered.has(id)) controller.enqueue(encoder.encode(lateEvent(id, message)));
        controller.close();
        reader.cancel().catch(() => undefined);
      }, ms);
    },
    async pull(controller) {
      const { done, value } = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (closed) return;
      if (done) {
        closed = true;
        clearTimeout(timer);
        controller.close();
        return;
      }
      note(decoder.decode(value, { stream: true }));
      controller.enqueue(value);
    },
    cancel(reason) {
      closed = true;
      clearTimeout(timer);
      return reader.cancel(reason);
    },
  });
  return new Response(stream, { status: response.status, headers: response.headers });
}
