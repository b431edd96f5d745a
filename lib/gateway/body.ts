import { ToolError } from '@/lib/errors';
import { MAX_BODY_BYTES } from './limits';

// Step 4: content type, size and JSON. The size limit counts bytes as they arrive instead of trusting
// Content-Length, so a client that lies about the length is cut off at the limit all the same.

export function checkJsonContentType(headers: Headers): void {
  const contentType = headers.get('content-type');
  if (contentType === null) return; // no Content-Type is read as JSON
  const mediaType = contentType.split(';')[0]?.trim().toLowerCase();
  if (mediaType !== 'application/json') throw unsupportedMediaType();
}

/** The MCP rule: Content-Type: application/json must be sent (REST reads a missing one as JSON). */
export function requireJsonContentType(headers: Headers): void {
  if (headers.get('content-type') === null) throw unsupportedMediaType();
  checkJsonContentType(headers);
}

function unsupportedMediaType(): ToolError {
  return new ToolError('unsupported_media_type', 'Send the body as JSON with Content-Type: application/json.');
}

/** How much of an oversized body is still read and thrown away before the connection is given up. */
const DISCARD_LIMIT_BYTES = 4 * 1024 * 1024;

/**
 * Reads and drops the rest of an oversized body in the background. A client that is still sending
 * then receives the 413; closing on unread data would reset the connection and lose the answer.
 */
async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
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

export async function readBodyText(request: Request): Promise<string> {
  if (!request.body) return '';
  const header = request.headers.get('content-length');
  const declaredLength = header === null ? undefined : Number(header);
  const reader = request.body.getReader();
  if (declaredLength !== undefined && declaredLength > MAX_BODY_BYTES) {
    void discardRest(reader);
    throw tooLarge();
  }
  // Counted as the bytes arrive: a chunked body declares no length. (Read through the reader rather than
  // request.text(), which costs a few microseconds more per request.) Once the declared length has arrived the
  // body is complete (Node's parser holds the framing to it), so the stream's end is not waited for.
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size !== declaredLength) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      void discardRest(reader);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size).toString('utf8');
}

function tooLarge(): ToolError {
  return new ToolError('payload_too_large', `The body is larger than ${MAX_BODY_BYTES / 1024} KB.`);
}

/** The body as the tool's arguments: a JSON object, `{}` when empty. */
export function parseArgumentsObject(text: string): Record<string, unknown> {
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ToolError('invalid_input', 'The body is not valid JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ToolError('invalid_input', "The body must be a JSON object of the tool's arguments.");
  }
  return value as Record<string, unknown>;
}
