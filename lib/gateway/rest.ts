import { asToolError } from '@/lib/errors';
import { INSTRUCTIONS } from '@/lib/tools/instructions';
import { TOOL_RECORDS } from '@/lib/tools/registry';
import type { Gateway } from './pipeline';

// The REST front end: the gateway's steps in the spec's order, encoded as `{ data }` or `{ error }`.

const NO_STORE = { 'Cache-Control': 'no-store' };

function errorResponse(error: unknown): Response {
  const failure = asToolError(error);
  const headers: Record<string, string> = { ...NO_STORE, ...failure.headers };
  if (failure.retryAfterSeconds !== undefined) headers['Retry-After'] = String(failure.retryAfterSeconds);
  return Response.json({ error: failure.toJSON() }, { status: failure.status, headers });
}

async function respond(work: () => Promise<unknown>): Promise<Response> {
  try {
    return Response.json(await work(), { headers: NO_STORE });
  } catch (error) {
    return errorResponse(error);
  }
}

/** GET /api/v1/tools: every tool whatever the token's scope, plus the rules text. Address budget only. */
export function listTools(gateway: Gateway, request: Request): Promise<Response> {
  return respond(async () => {
    await gateway.authenticate(await gateway.admit(request));
    return { instructions: INSTRUCTIONS, tools: TOOL_RECORDS };
  });
}

/** POST /api/v1/tools/<name>. */
export function callTool(gateway: Gateway, request: Request, toolName: string): Promise<Response> {
  return respond(async () => {
    const token = await gateway.admit(request);
    const args = await gateway.readArguments(request);
    const caller = await gateway.authenticate(token);
    const clientLabel = request.headers.get('user-agent') ?? undefined;
    return { data: await gateway.callTool({ caller, toolName, args, clientLabel }) };
  });
}
