import { jsonRpcErrorResponse } from '@/lib/http/errors';
import { isRequest, type Messages } from '../messages';

// Written for the SDK release in ./version.ts, which words these refusals misleadingly or gets them wrong: a
// batch under 2026-07-28 (one message per request), initialize batched with other messages, and two requests of
// a batch sharing an id (the SDK matches answers to requests by id, so it would answer only one of them).

const INVALID_REQUEST = -32600;

/** The most messages the SDK answers in one 2025-era batch (its own limit in this release): a longer batch is -32600. */
export const SDK_BATCH_MAX_MESSAGES = 100;

export function batchRefusal(
  messages: Messages,
  protocolVersion: string | null,
  oneMessageVersions: readonly string[],
): Response | undefined {
  if (!messages.batch) return undefined;
  if (protocolVersion !== null && oneMessageVersions.includes(protocolVersion)) {
    return jsonRpcErrorResponse(
      400,
      INVALID_REQUEST,
      `Invalid Request: protocol version ${protocolVersion} takes one JSON-RPC message per request, not a batch. Send each message in its own POST.`,
    );
  }
  if (messages.list.length > 1 && messages.list.some((message) => message.method === 'initialize')) {
    return jsonRpcErrorResponse(
      400,
      INVALID_REQUEST,
      'Invalid Request: initialize must be sent on its own, not in a batch with other messages. Send it first, then the other requests.',
    );
  }
  const ids = messages.list.filter(isRequest).map((message) => JSON.stringify(message.id));
  const repeated = ids.find((id, index) => ids.indexOf(id) !== index);
  if (repeated !== undefined) {
    return jsonRpcErrorResponse(
      400,
      INVALID_REQUEST,
      `Invalid Request: the batch holds more than one request with id ${repeated}. Give each request of a batch its own id.`,
    );
  }
  return undefined;
}
