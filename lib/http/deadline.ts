// Every request ends: a server-side deadline (REQUEST_DEADLINE_SECONDS) shared by REST, MCP and the OAuth
// endpoints. Work that is still running when it passes is left to finish on its own (its answer is dropped); the
// caller gets the error `late()` makes instead.

/** What a request still running at the deadline of `seconds` is told, on REST, MCP and the OAuth endpoints alike. */
export function deadlineMessage(seconds: number): string {
  return `The request did not finish within ${seconds} s on the service side and was ended. Try again later.`;
}

/** `work`, or the rejection `late()` makes once `ms` have passed, whichever comes first. */
export async function withDeadline<T>(work: Promise<T>, ms: number, late: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(late()), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
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
  const encoder = new TextEncoder();
  /** What has passed through: read only if the deadline comes, the one time its answers' ids matter. */
  const passed: Uint8Array[] = [];
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The ids of the answers in the complete events that have passed. */
  const answeredIds = () => {
    const decoder = new TextDecoder();
    const text = passed.map((chunk) => decoder.decode(chunk, { stream: true })).join('');
    const answered = new Set<unknown>();
    for (const [, data] of text.slice(0, text.lastIndexOf('\n\n') + 1).matchAll(/^data:(.*)$/gm)) {
      try {
        answered.add((JSON.parse(data ?? '') as { id?: unknown } | null)?.id);
      } catch {
        // Not JSON: nothing to note.
      }
    }
    return answered;
  };
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      timer = setTimeout(() => {
        if (closed) return;
        closed = true;
        const answered = answeredIds();
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
      passed.push(value);
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
