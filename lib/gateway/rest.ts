import { ToolError } from '@/lib/errors';
import { NO_STORE, restErrorResponse, restMethodNotAllowedResponse } from '@/lib/http/errors';
import { accept, call, requestClientLabel, type Gateway } from './gateway';

// The REST front end: the gateway accepts each request and runs the tool within the request deadline
// (lib/gateway/gateway.ts); this module encodes the answer as `{ data }` or `{ error }` (lib/http/errors.ts).

/** GET /api/v1/tools: every tool whatever the token's scope, plus the rules text. Its steps: LIST_ROUTE_STEPS (lib/check-order.ts). */
export async function listTools(gateway: Gateway, request: Request): Promise<Response> {
  try {
    await accept(gateway, request, { body: 'none' });
    return Response.json({ instructions: gateway.guide.instructions, tools: gateway.records }, { headers: NO_STORE });
  } catch (error) {
    return restErrorResponse(error);
  }
}

/**
 * GET /api/v1/openapi.json: the OpenAPI document, readable without a token like the well-known documents, once the
 * request has passed host, origin and the per-address budget (steps 1–2) like every other API request.
 */
export async function serveOpenApi(gateway: Gateway, request: Request): Promise<Response> {
  try {
    await accept(gateway, request, { body: 'none', token: 'none' });
    return new Response(gateway.openApiJson(), { headers: { 'Content-Type': 'application/json', ...NO_STORE } });
  } catch (error) {
    return restErrorResponse(error);
  }
}

/** POST /api/v1/tools/<name>: steps 1–9 and the tool, within the request deadline (else 503 `unavailable`). */
export async function callTool(gateway: Gateway, request: Request, toolName: string): Promise<Response> {
  try {
    const { caller, body, deadline } = await accept(gateway, request, { body: 'arguments' });
    // REST carries no client info: its label is the User-Agent, read without waiting on anything.
    const clientLabel = await requestClientLabel(gateway, caller, request);
    const data = await deadline.bound(call(gateway, { caller, toolName, args: body, clientLabel }));
    return Response.json({ data }, { headers: NO_STORE });
  } catch (error) {
    return restErrorResponse(error);
  }
}

/**
 * A method a REST path does not serve (GET on a tool, POST on the list): 405 with the error object and `Allow`,
 * once the request has passed host, origin and the per-address budget like every other API request.
 */
export async function methodNotAllowed(gateway: Gateway, request: Request, allow: readonly string[]): Promise<Response> {
  try {
    await accept(gateway, request, { body: 'none', token: 'none' });
    return restMethodNotAllowedResponse(request.method, new URL(request.url).pathname, allow);
  } catch (error) {
    return restErrorResponse(error);
  }
}

/** Any path under /api/v1 that names no endpoint: the JSON 404, never Next's HTML page. */
export async function noSuchEndpoint(gateway: Gateway, request: Request): Promise<Response> {
  try {
    await accept(gateway, request, { body: 'none', token: 'none' });
  } catch (error) {
    return restErrorResponse(error);
  }
  const path = new URL(request.url).pathname;
  return restErrorResponse(
    new ToolError(
      'not_found',
      `There is no API endpoint at ${path}. GET /api/v1/tools lists the tools; POST /api/v1/tools/<name> calls one.`,
    ),
  );
}
