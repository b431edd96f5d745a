import { readRequestText, REQUEST_BODY_MAX_BYTES } from '@/lib/capped-body';
import { ToolError } from '@/lib/errors';

// Step 4 of docs/contract.md's check order: content type, then size, then JSON. The size limit counts bytes as they
// arrive instead of trusting Content-Length (lib/capped-body.ts), so a client that lies about the length is cut off
// at the limit all the same. REST and MCP differ only in their rules for the type and the JSON.

/** What a request's body is read as: a tool's arguments (REST), JSON-RPC messages (MCP), or nothing at all. */
export type BodyRule = 'arguments' | 'messages' | 'none';

/** The body each rule gives: a JSON object of arguments, any JSON value (MCP reads its messages from it), none. */
export interface BodyOf {
  arguments: Record<string, unknown>;
  messages: unknown;
  none: undefined;
}

/** Step 4 under `rule`. */
export async function readBody<Rule extends BodyRule>(request: Request, rule: Rule): Promise<BodyOf[Rule]> {
  if (rule === 'none') return undefined as BodyOf[Rule];
  // REST reads a missing Content-Type as JSON; MCP requires it to be sent.
  checkJsonContentType(request.headers, { required: rule === 'messages' });
  const text = await readBodyText(request);
  return (rule === 'arguments' ? argumentsObject(text) : jsonRpcValue(text)) as BodyOf[Rule];
}

function checkJsonContentType(headers: Headers, { required }: { required: boolean }): void {
  const contentType = headers.get('content-type');
  if (contentType === null && !required) return;
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase();
  if (mediaType !== 'application/json') {
    throw new ToolError('unsupported_media_type', 'Send the body as JSON with Content-Type: application/json.');
  }
}

/** The body's text, counted as it arrives and cut off at the contract's limit. */
export function readBodyText(request: Request): Promise<string> {
  return readRequestText(request, REQUEST_BODY_MAX_BYTES, tooLarge);
}

function tooLarge(): ToolError {
  return new ToolError('payload_too_large', `The body is larger than ${REQUEST_BODY_MAX_BYTES / 1024} KB.`);
}

/** The body as the tool's arguments: a JSON object, `{}` when empty. */
function argumentsObject(text: string): Record<string, unknown> {
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

/** The body as JSON-RPC reads it: any JSON value, else a parse error (-32700 over MCP). */
function jsonRpcValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ToolError('invalid_input', 'Parse error: the body is not valid JSON.');
  }
}
