import { andThen } from '@/lib/awaitable';
import { ToolError } from '@/lib/errors';
import { NO_STORE, restErrorResponse, restMethodNotAllowedResponse } from '@/lib/http/errors';
import { INSTRUCTIONS } from '@/lib/tools/instructions';
import { openApiJson } from './openapi';
import type { Gateway } from './pipeline';

// The REST front end: the gateway's steps in the order of docs/contract.md ("Check order"), encoded as `{ data }` or `{ error }`
// (lib/http/errors.ts).

/** GET /api/v1/tools: every tool whatever the token's scope, plus the rules text. Address budget only. */
export async function listTools(gateway: Gateway, request: Request): Promise<Response> {
  try {
    await gateway.withinDeadline(Promise.resolve(gateway.admit(request)).then((token) => gateway.authenticate(token)));
    return Response.json({ instructions: INSTRUCTIONS, tools: gateway.records }, { headers: NO_STORE });
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
export function callTool(gateway: Gateway, request: Request, toolName: string): Promise<Response> {
  let served: Promise<unknown>;
  try {
    // A step that refuses at once (host, budget, token shape, content type) throws here rather than rejecting.
    served = gateway.withinDeadline(serveCall(gateway, request, toolName));
  } catch (error) {
    return Promise.resolve(restErrorResponse(error));
  }
  return served.then((data) => Response.json({ data }, { headers: NO_STORE }), restErrorResponse);
}

/**
 * Steps 1–9 and the tool, in order. Written as a chain rather than an async function: the steps that answer at
 * once (lib/awaitable.ts) then cost no promise, which Next's async-context tracking makes dear on this hot path.
 */
function serveCall(gateway: Gateway, request: Request, toolName: string): Promise<unknown> {
  const afterAdmission = (token: string) =>
    gateway
      .readArguments(request)
      .then((args) =>
        andThen(gateway.authenticate(token), (caller) =>
          gateway.callTool({ caller, toolName, args, clientLabel: () => Promise.resolve(request.headers.get('user-agent') ?? undefined) }),
        ),
      );
  return Promise.resolve(andThen(gateway.admit(request), afterAdmission));
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
