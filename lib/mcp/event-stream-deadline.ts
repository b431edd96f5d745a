// The request deadline (REQUEST_DEADLINE_SECONDS) for a 2025-era answer, which is an event stream the SDK may
// still be writing when the deadline passes.

/** JSON-RPC's internal error: what a request still running at the deadline is answered with. */
export const INTERNAL_ERROR = -32603;

/** The headers the SDK's 2025-era transport answers an event stream with (Cache-Control is set by the endpoint). */
const EVENT_STREAM_HEADERS = { 'Content-Type': 'text/event-stream', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' };

/** One event of a 2025-era answer, as the SDK writes it. */
const eventOf = (message: unknown) => `event: message\ndata: ${JSON.stringify(message)}\n\n`;

/** A whole 2025-era answer: an event stream of `messages`, already ended. */
export function eventStreamOf(messages: readonly unknown[]): Response {
  return new Response(messages.map(eventOf).join(''), { headers: EVENT_STREAM_HEADERS });
}

/** The answer to requests still running at the deadline: -32603 for each. */
export function lateAnswers(requestIds: readonly unknown[], message: string) {
  return requestIds.map((id) => ({ jsonrpc: '2.0', id, error: { code: INTERNAL_ERROR, message } }));
}

const member = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;

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
  const note = (chunk: string) => {
    pending += chunk;
    const events = pending.split('\n\n');
    pending = events.pop() ?? '';
    for (const event of events) {
      for (const line of event.split('\n')) {
        if (!line.startsWith('data:')) continue;
        try {
          const id: unknown = member(JSON.parse(line.slice(5)), 'id');
          if (id !== undefined) answered.add(id);
        } catch {
          // Not JSON: nothing to note.
        }
      }
    }
  };
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      timer = setTimeout(() => {
        if (closed) return;
        closed = true;
        const unanswered = requestIds.filter((id) => !answered.has(id));
        for (const late of lateAnswers(unanswered, message)) controller.enqueue(encoder.encode(eventOf(late)));
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
