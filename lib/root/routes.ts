import { methodNotAllowed } from '@/lib/gateway/rest';
import { root } from './index';

// Route handlers on the process's gateway for the methods a route does not serve.

type Handler = (request: Request) => Promise<Response>;

/** 405, for the methods a route does not serve. */
export function notAllowedRoute(allow: readonly string[]): Handler {
  return (request) => methodNotAllowed(root().gateway, request, allow);
}
