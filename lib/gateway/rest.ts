import { ToolError } from '@/lib/errors';
import { NO_STORE, restErrorResponse, restMethodNotAllowedResponse } from '@/lib/http/errors';
import { INSTRUCTIONS } from '@/lib/tools/instructions';
import { TOOL_RECORDS } from '@/lib/tools/registry';
import { openApiJson } from './openapi';
import type { Gateway } from './pipeline';

// The REST front end: the gateway's steps in the order of docs/contract.md ("Check order"), encoded as `{ data }` or `{ error }`
// (lib/http/errors.ts).

/** GET /api/v1/tools: every tool whatever the token's scope, plus the rules text. Address budget only. */
export async function listTools(gateway: Gateway, request: Request): Promise<Response> {
  try {
    await gateway.withinDeadline(Promise.resolve(gateway.admit(request)).then((token) => gateway.authenticate(token)));
    return Response.json({ instructions: INSTRUCTIONS, tools: TOOL_RECORDS }, { headers: NO_STORE });
  } catch (error) {
    return restErrorResponse(error);
  }
}

/**
 * GET /api/v1/openapi.json: the OpenAPI document, readable without a token like the well-known documents, once the
 * request has passed host, origin and the per-address budget like every other API request.
 */
export async function serveOpenApi(gateway: Gateway, request: Request, appOrigin: string): Promise<Response> {
  try {
    await gateway.screen(request);
    return new Response(openApiJson(appOrigin), { headers: { 'Content-Type': 'application/json', ...NO_STORE } });
  } catch (error) {
    return restErrorResponse(error);
  }
}

/** POST /api/v1/tools/<name>: the steps and the tool, within the request deadline (else 503 `unavailable`). */
export async function callTool(gateway: Gateway, request: Request, toolName: string): Promise<Response> {
  try {
    const data = await gateway.withinDeadline(serveCall(gateway, request, toolName));
    return Response.json({ data }, { headers: NO_STORE });
  } catch (error) {
    return restErrorResponse(error);
  }
}

async function serveCall(gateway: Gateway, request: Request, toolName: string): Promise<unknown> {
  const token = await gateway.admit(request);
  const args = await gateway.readArguments(request);
  const caller = await gateway.authenticate(token);
  const clientLabel = request.headers.get('user-agent') ?? undefined;
  return gateway.callTool({ caller, toolName, args, clientLabel });
}

/**
 * A method a REST path does not serve (GET on a tool, POST on the list): 405 with the error object and `Allow`,
 * once the request has passed host, origin and the per-address budget like every other API request.
 */
export async function methodNotAllowed(gateway: Gateway, request: Request, allow: readonly string[]): Promise<Response> {
  try {
    await gateway.screen(request);
    return restMethodNotAllowedResponse(request.method, new URL(request.url).pathname, allow);
  } catch (error) {
    return restErrorResponse(error);
  }
}

/** Any path under /api/v1 that names no endpoint: the JSON 404, never Next's HTML page. */
export async function noSuchEndpoint(gateway: Gateway, request: Request): Promise<Response> {
  try {
    await gateway.screen(request);
    const path = new URL(request.url).pathname;
    throw new ToolError(
      'not_found',
      `There is no API endpoint at ${path}. GET /api/v1/tools lists the tools; POST /api/v1/tools/<name> calls one.`,
    );
  } catch (error) {
    return restErrorResponse(error);
  }
}
