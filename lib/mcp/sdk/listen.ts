import { ProtocolError, ProtocolErrorCode, type Server } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { messageOf, type Message, type Messages } from '../messages';

// Written for the SDK release in ./version.ts, which serves subscriptions/listen itself: as a change stream
// under 2026-07-28, as a bare "Method not found" under the 2025-era versions. JEV offers no subscriptions, and
// the contract's refusal is -32601 "Method not found: subscriptions/listen.". Each listen request is renamed to
// a private method the server refuses with that error, so the SDK frames the answer like any other (its header
// checks, the 2025-era event stream, a batch's other answers).

const LISTEN = 'subscriptions/listen';
const REFUSED_LISTEN_METHOD = 'jev/refused/subscriptions/listen';
const LISTEN_REFUSED = 'Method not found: subscriptions/listen.';
/** Made once: a schema is an object graph, and the refusal is registered on every request's server. */
const ANY_PARAMS = { params: z.unknown() };

const isListenRequest = (message: Message) => message.method === LISTEN && message.id !== undefined;

/** The messages and headers with each listen request renamed; the same objects when there is none. */
export function renameListenRequests(messages: Messages, headers: Headers): { messages: Messages; headers: Headers; renamed: boolean } {
  if (!messages.list.some(isListenRequest)) return { messages, headers, renamed: false };
  const list = messages.list.map((message) =>
    isListenRequest(message) ? messageOf({ ...(message.raw as object), method: REFUSED_LISTEN_METHOD }) : message,
  );
  const renamedHeaders = new Headers(headers);
  // Under 2026-07-28 the Mcp-Method header must match the body's method.
  if (renamedHeaders.get('mcp-method') === LISTEN) renamedHeaders.set('mcp-method', REFUSED_LISTEN_METHOD);
  return { messages: { ...messages, list }, headers: renamedHeaders, renamed: true };
}

/** The server's refusal of the renamed requests. */
export function refuseListen(server: Server): void {
  server.setRequestHandler(REFUSED_LISTEN_METHOD, ANY_PARAMS, () => {
    throw new ProtocolError(ProtocolErrorCode.MethodNotFound, LISTEN_REFUSED);
  });
}
