// A POST's JSON-RPC messages, each message's members the endpoint looks at read once into a typed record. Everything
// the endpoint decides about a request (its requests' ids, the client's name, the SDK workarounds) works on these
// records, not on raw JSON.

export interface Message {
  /** The message as it arrived (what the SDK is given, unless a workaround replaces it). */
  raw: unknown;
  method?: string;
  /** Present on requests (and answers); notifications have none. */
  id?: unknown;
  params?: Record<string, unknown>;
}

export interface Messages {
  list: Message[];
  /** Sent as a JSON array (a 2025-era batch). */
  batch: boolean;
}

export const propertyOf = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** One message's typed record. */
export function messageOf(raw: unknown): Message {
  const fields = record(raw);
  if (!fields) return { raw };
  return {
    raw,
    ...(typeof fields.method === 'string' ? { method: fields.method } : {}),
    ...('id' in fields ? { id: fields.id } : {}),
    ...(record(fields.params) ? { params: fields.params as Record<string, unknown> } : {}),
  };
}

/** The messages of a body the gateway read as JSON (step 4): one, or a 2025-era batch. */
export function messagesOf(body: unknown): Messages {
  return Array.isArray(body) ? { list: body.map(messageOf), batch: true } : { list: [messageOf(body)], batch: false };
}

/** The body the SDK is given: the messages as they stand, in the form they came in. */
export function bodyOf(messages: Messages): unknown {
  return messages.batch ? messages.list.map((message) => message.raw) : messages.list[0]?.raw;
}

export const isRequest = (message: Message) => message.method !== undefined && message.id !== undefined;
