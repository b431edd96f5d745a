import { readRequestText, REQUEST_BODY_MAX_BYTES } from '@/lib/capped-body';
import { ToolError } from '@/lib/errors';

// Step 4: content type, size and JSON. The size limit counts bytes as they arrive instead of trusting
// Content-Length (lib/capped-body.ts), so a client that lies about the length is cut off at the limit all the same.

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

/** Step 4's reading: the body's text, counted as it arrives and cut off at the contract's limit. */
export function readBodyText(request: Request): Promise<string> {
  return readRequestText(request, REQUEST_BODY_MAX_BYTES, tooLarge);
}

function tooLarge(): ToolError {
  return new ToolError('payload_too_large', `The body is larger than ${REQUEST_BODY_MAX_BYTES / 1024} KB.`);
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
