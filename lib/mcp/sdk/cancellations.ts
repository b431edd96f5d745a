import { isRequest, type Messages } from '../messages';

// Written for the SDK release in ./version.ts: given a batch holding a request and a cancellation of that same
// request, it drops the request's answer and keeps the 2025-era event stream open for it forever. A stateless
// server serves a POST's requests together, so the request is answered (the protocol lets a receiver answer a
// request whose processing it does not stop) and the notification is dropped.

const CANCELLED = 'notifications/cancelled';

export function dropSelfCancellations(messages: Messages): Messages {
  if (!messages.batch) return messages;
  const ids = new Set(messages.list.filter(isRequest).map((message) => message.id));
  const list = messages.list.filter((message) => !(message.method === CANCELLED && ids.has(message.params?.requestId)));
  return list.length === messages.list.length ? messages : { ...messages, list };
}
