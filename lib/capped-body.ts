// Reading a body with a cap on its size, counted as the bytes arrive (after any decompression), so a body of
// any size never holds more than the cap in memory: the answers of providers and the classifier's model
// (readTextCapped), and the body of every request a route reads (readRequestText: the REST API, MCP and the
// OAuth endpoints), whatever Content-Length says or leaves out (a chunked body declares none).

/** The cap on a REST or MCP request body (docs/contract.md, "Limits"; the OAuth endpoints take less). */
export const REQUEST_BODY_MAX_BYTES = 256 * 1024;

/** Default cap on one provider answer: 20 MB (the largest real answers, a full odds slate, are a few MB). */
export const DEFAULT_MAX_BODY_BYTES = 20 * 1024 * 1024;

export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`answer larger than ${formatBytes(maxBytes)}`);
    this.name = 'BodyTooLargeError';
  }
}

export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${+(bytes / (1024 * 1024)).toFixed(2)} MB` : `${bytes} bytes`;
}

type Reader = ReadableStreamDefaultReader<Uint8Array>;

/**
 * The chunks of a body up to `maxBytes` in all, or undefined once it passes them (the caller then lets go of the
 * reader). Once a request's `declared` bytes have arrived its body is complete (Node's parser holds the framing
 * to its Content-Length), so the stream's end is not waited for: that would cost another read round trip.
 * A chain of reads rather than an async loop: every request body comes through here, and under Next's async-context
 * tracking each promise an `await` adds costs time.
 */
function readUpTo(reader: Reader, maxBytes: number, declared: number | undefined): Promise<Buffer | undefined> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const take = ({ done, value }: ReadableStreamReadResult<Uint8Array>): Buffer | undefined | Promise<Buffer | undefined> => {
    if (!done) {
      size += value.byteLength;
      if (size > maxBytes) return undefined;
      chunks.push(value);
      if (size !== declared) return reader.read().then(take);
    }
    return Buffer.concat(chunks, size);
  };
  return declared === 0 ? Promise.resolve(Buffer.alloc(0)) : reader.read().then(take);
}

/** The body as text, at most `maxBytes` bytes of it; past that the stream is cancelled and BodyTooLargeError thrown. */
export async function readTextCapped(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  // A compressed answer's length is not the length read, so only a plain one is refused by it.
  if (!response.headers.get('content-encoding') && Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new BodyTooLargeError(maxBytes);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const body = await readUpTo(reader, maxBytes, undefined);
  if (body === undefined) {
    await reader.cancel().catch(() => undefined);
    throw new BodyTooLargeError(maxBytes);
  }
  return body.toString('utf8');
}

/** How much of an oversized request body is still read and thrown away before the connection is given up. */
const DISCARD_LIMIT_BYTES = 4 * 1024 * 1024;

/**
 * Reads and drops the rest of an oversized request body in the background. A client that is still sending
 * then receives the refusal; closing on unread data would reset the connection and lose the answer.
 */
async function discardRest(reader: Reader): Promise<void> {
  let discarded = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      discarded += value.byteLength;
      if (discarded > DISCARD_LIMIT_BYTES) return void (await reader.cancel());
    }
  } catch {
    // The client went away: nothing left to drain.
  }
}

/**
 * A request's body as text, at most `maxBytes` of it: a larger Content-Length is refused at once, and a body
 * that grows past the cap as it arrives is refused there; either way `tooLarge()` is thrown (each surface
 * words its own 413) and the rest is drained in the background. How long the body may take to arrive is the
 * caller's request deadline.
 */
export function readRequestText(request: Request, maxBytes: number, tooLarge: () => Error): Promise<string> {
  if (!request.body) return Promise.resolve('');
  const header = request.headers.get('content-length');
  const declared = header === null ? undefined : Number(header);
  // A body already read is a caller's mistake, reported to its promise handlers like any failure (getReader throws).
  if (request.body.locked) return Promise.reject(new TypeError('The request body was already read.'));
  // Read through the reader rather than request.text(), which reads all there is and costs a few microseconds more.
  const reader = request.body.getReader();
  const body = declared !== undefined && declared > maxBytes ? Promise.resolve(undefined) : readUpTo(reader, maxBytes, declared);
  return body.then((bytes) => {
    if (bytes === undefined) {
      void discardRest(reader);
      throw tooLarge();
    }
    return bytes.toString('utf8');
  });
}
