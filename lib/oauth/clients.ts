import { randomBytes } from 'node:crypto';
import type { Db } from '@/lib/db/client';
import { cleanLabel, isStorable, NAME_MAX_CODE_POINTS } from '@/lib/text';
import { fetchMetadataDocument, type MetadataDocument } from './cimd';
import { OAuthFailure } from './errors';

// The two ways a public client becomes known: Dynamic Client Registration (RFC 7591; stored, marked
// unverified on the consent page) and Client ID Metadata Documents (the client_id is an https URL whose
// JSON names the client). A document is fetched only for the authorization page, and kept in this process
// (an hour; a failed fetch a minute, so a URL that fails is not fetched on every request); its client is
// stored once the user allows it, the first step of a flow that succeeds. The token and revocation endpoints
// never fetch: a client with no stored row has no code or token to exchange or revoke.
//
// Anyone signed in can name any URL, and each distinct one (another query string will do) is a fetch that may
// hold a socket for its whole timeout. So a process fetches at most FETCHES_PER_HOST documents from one host at
// once and FETCHES_IN_ALL in all; past that a request is refused at once, not queued (a queue would hold the
// visitor's page and the process's memory instead of the socket), its page answering 503 with Retry-After, and
// the refusal is not kept, so the same URL is fetched when asked again. The counts are per process, not shared
// through the budget store: what they protect is the process's own sockets.

export interface KnownClient {
  /** The stored row; null for a metadata-document client no user has allowed yet. */
  rowId: string | null;
  clientId: string;
  kind: 'dcr' | 'cimd';
  name: string;
  redirectUris: string[];
  logoUri: string | null;
}

const DOCUMENT_KEPT_MS = 60 * 60 * 1000;
const FAILURE_KEPT_MS = 60 * 1000;
/** Documents (and failures) kept per process; the oldest is dropped to make room. */
const MAX_DOCUMENTS = 1000;
const MAX_REDIRECT_URIS = 10;
/** What a registered client is called when it gives no name anyone could read. */
const UNNAMED = 'Unnamed app';

function toKnown(row: {
  id: string | null;
  clientId: string;
  kind: string;
  name: string;
  redirectUris: string;
  logoUri: string | null;
}): KnownClient {
  const kind = row.kind as 'dcr' | 'cimd';
  // Cleaned again as it is read, so a name stored before the sanitiser knew a character is shown as today's rules say.
  const stand = kind === 'cimd' && isMetadataDocumentId(row.clientId) ? hostOf(row.clientId) : UNNAMED;
  return {
    rowId: row.id,
    clientId: row.clientId,
    kind,
    name: cleanLabel(row.name, NAME_MAX_CODE_POINTS) || stand,
    redirectUris: JSON.parse(row.redirectUris) as string[],
    logoUri: row.logoUri,
  };
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'Unnamed app';
  }
}

export function isLoopbackRedirect(url: URL): boolean {
  return url.protocol === 'http:' && ['127.0.0.1', '[::1]', 'localhost'].includes(url.hostname);
}

/** A redirect URI a client may register: https, or http on a loopback address (RFC 8252), no fragment. */
function checkRedirectUri(uri: unknown): string {
  if (typeof uri !== 'string') throw new OAuthFailure('invalid_redirect_uri', 'Every redirect URI must be a string.');
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw new OAuthFailure('invalid_redirect_uri', `${uri} is not a URL.`);
  }
  if (url.hash) throw new OAuthFailure('invalid_redirect_uri', 'A redirect URI must not have a fragment.');
  if (url.protocol !== 'https:' && !isLoopbackRedirect(url)) {
    throw new OAuthFailure('invalid_redirect_uri', 'Redirect URIs must use https, or http on a loopback address.');
  }
  return uri;
}

/** RFC 8252 §7.3: a loopback redirect matches on any port; every other one must match exactly. */
export function redirectUriAllowed(client: KnownClient, requested: string): boolean {
  if (client.redirectUris.includes(requested)) return true;
  let url: URL;
  try {
    url = new URL(requested);
  } catch {
    return false;
  }
  if (!isLoopbackRedirect(url)) return false;
  return client.redirectUris.some((registered) => {
    try {
      const candidate = new URL(registered);
      if (!isLoopbackRedirect(candidate)) return false;
      candidate.port = url.port;
      return candidate.href === url.href;
    } catch {
      return false;
    }
  });
}

/** The first field (a dotted path) holding a string no database stores (NUL, a lone surrogate), or null. */
function unstorableField(value: unknown, path: string): string | null {
  if (typeof value === 'string') return isStorable(value) ? null : path;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = unstorableField(item, `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = isStorable(key) ? unstorableField(item, path ? `${path}.${key}` : key) : path || 'a field name';
      if (found) return found;
    }
  }
  return null;
}

export async function registerClient(db: Db, body: unknown, now: Date): Promise<Record<string, unknown>> {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new OAuthFailure('invalid_client_metadata', 'The body must be a JSON object.');
  const meta = body as Record<string, unknown>;
  // Any field, stored or not: NUL (PostgreSQL refuses it) and lone surrogates (not text) are never metadata.
  const unstorable = unstorableField(meta, '');
  if (unstorable) {
    throw new OAuthFailure('invalid_client_metadata', `${unstorable} holds a NUL or an unpaired surrogate, which no metadata may hold.`);
  }
  if (!Array.isArray(meta.redirect_uris) || meta.redirect_uris.length === 0 || meta.redirect_uris.length > MAX_REDIRECT_URIS) {
    throw new OAuthFailure('invalid_redirect_uri', `redirect_uris must list 1 to ${MAX_REDIRECT_URIS} URIs.`);
  }
  const redirectUris = meta.redirect_uris.map(checkRedirectUri);
  const grantTypes = meta.grant_types ?? ['authorization_code', 'refresh_token'];
  if (!Array.isArray(grantTypes) || !grantTypes.every((g) => g === 'authorization_code' || g === 'refresh_token')) {
    throw new OAuthFailure('invalid_client_metadata', 'grant_types may hold authorization_code and refresh_token only.');
  }
  const authMethod = meta.token_endpoint_auth_method ?? 'none';
  if (authMethod !== 'none') {
    throw new OAuthFailure('invalid_client_metadata', 'Only public clients are registered: token_endpoint_auth_method must be none.');
  }
  const name = (typeof meta.client_name === 'string' && cleanLabel(meta.client_name, NAME_MAX_CODE_POINTS)) || UNNAMED;
  const logoUri = typeof meta.logo_uri === 'string' && meta.logo_uri.startsWith('https://') ? meta.logo_uri : null;
  const clientId = `jevc_${randomBytes(16).toString('base64url')}`;
  await db.oAuthClient.create({
    data: { clientId, kind: 'dcr', name, redirectUris: JSON.stringify(redirectUris), logoUri, createdAt: now },
  });
  return {
    client_id: clientId,
    client_id_issued_at: Math.floor(now.getTime() / 1000),
    client_name: name,
    redirect_uris: redirectUris,
    grant_types: grantTypes,
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
    ...(logoUri ? { logo_uri: logoUri } : {}),
  };
}

export function isMetadataDocumentId(clientId: string): boolean {
  return clientId.startsWith('https://') || clientId.startsWith('http://');
}

type KeptDocument = { until: number; document: Promise<MetadataDocument> };
/** The metadata documents of one process (the root's): those fetched lately and the fetches in flight. */
export interface ClientDocuments {
  /** By client id, failures too (for less time). */
  kept: Map<string, KeptDocument>;
  /** Fetches in flight, by host name. */
  fetching: Map<string, number>;
}

export const createClientDocuments = (): ClientDocuments => ({ kept: new Map(), fetching: new Map() });

/** Metadata documents fetched at once from one host, and from all hosts, by one process. */
export const FETCHES_PER_HOST = 2;
export const FETCHES_IN_ALL = 20;
/** How long a visitor refused for want of a fetch is asked to wait: about one fetch's timeout. */
const BUSY_RETRY_AFTER_SECONDS = 5;

/** Runs `fetch` if a fetch from the host may start now (counted until it settles); otherwise refuses at once. */
function withinFetchLimits<T>(fetching: Map<string, number>, host: string, fetch: () => Promise<T>): Promise<T> {
  const fromHost = fetching.get(host) ?? 0;
  let inAll = 0;
  for (const count of fetching.values()) inAll += count;
  if (fromHost >= FETCHES_PER_HOST || inAll >= FETCHES_IN_ALL) {
    const what = fromHost >= FETCHES_PER_HOST ? `${fromHost} client metadata documents from ${host}` : `${inAll} client metadata documents`;
    throw new OAuthFailure(
      'invalid_client',
      `JEV is already fetching ${what}, as many as it fetches at once. Try again in a few seconds.`,
      503,
      BUSY_RETRY_AFTER_SECONDS,
    );
  }
  fetching.set(host, fromHost + 1);
  return fetch().finally(() => {
    const left = (fetching.get(host) ?? 1) - 1;
    if (left > 0) fetching.set(host, left);
    else fetching.delete(host);
  });
}

export interface ClientLookup {
  allowLoopbackForTests: boolean;
  now: Date;
  documents: ClientDocuments;
}

/**
 * The metadata document at `clientId`, fetched at most once per time it is kept (concurrent asks share a fetch),
 * within the fetch limits (a refusal for want of a fetch is not kept).
 */
function metadataDocument(clientId: string, options: ClientLookup): Promise<MetadataDocument> {
  const { kept, fetching } = options.documents;
  const now = options.now.getTime();
  const known = kept.get(clientId);
  if (known && known.until > now) return known.document;
  const host = URL.parse(clientId)?.hostname ?? '';
  const document = withinFetchLimits(fetching, host, () => fetchMetadataDocument(clientId, options));
  kept.delete(clientId);
  if (kept.size >= MAX_DOCUMENTS) kept.delete(kept.keys().next().value as string);
  const entry: KeptDocument = { until: now + DOCUMENT_KEPT_MS, document };
  document.catch(() => {
    entry.until = now + FAILURE_KEPT_MS;
  });
  kept.set(clientId, entry);
  return document;
}

function rowData(clientId: string, doc: MetadataDocument) {
  if (!doc.redirect_uris.every(isStorable) || (doc.logo_uri !== undefined && !isStorable(doc.logo_uri))) {
    throw new OAuthFailure('invalid_client', 'The client metadata document holds a NUL or an unpaired surrogate in a URI.');
  }
  const redirectUris = doc.redirect_uris.slice(0, MAX_REDIRECT_URIS).map(checkRedirectUri);
  const name = cleanLabel(doc.client_name ?? '', NAME_MAX_CODE_POINTS) || new URL(clientId).host;
  return { kind: 'cimd', name, redirectUris: JSON.stringify(redirectUris), logoUri: doc.logo_uri ?? null };
}

/**
 * The client an authorization request names (client_id): a registered one, or the client its metadata document
 * describes (kept, or fetched), not stored; null when unknown.
 */
export async function findClient(db: Db, clientId: string, options: ClientLookup): Promise<KnownClient | null> {
  if (!clientId || clientId.length > 2048) return null;
  if (!isMetadataDocumentId(clientId)) return findStoredClient(db, clientId);
  const data = rowData(clientId, await metadataDocument(clientId, options));
  return toKnown({ id: null, clientId, ...data });
}

/** The client a token or revocation request names: its stored row only, never a fetch; null when there is none. */
export async function findStoredClient(db: Db, clientId: string): Promise<KnownClient | null> {
  if (!clientId || clientId.length > 2048 || !isStorable(clientId)) return null;
  const row = await db.oAuthClient.findUnique({ where: { clientId } });
  if (!row || row.kind !== (isMetadataDocumentId(clientId) ? 'cimd' : 'dcr')) return null;
  return toKnown(row);
}

/** The client's row, stored (or brought up to date from its document) once a user allows it: its id. */
export async function storeClient(db: Db, client: KnownClient, now: Date): Promise<string> {
  if (client.rowId !== null) return client.rowId;
  const data = {
    kind: client.kind,
    name: client.name,
    redirectUris: JSON.stringify(client.redirectUris),
    logoUri: client.logoUri,
    fetchedAt: now,
  };
  const row = await db.oAuthClient.upsert({
    where: { clientId: client.clientId },
    create: { clientId: client.clientId, ...data },
    update: data,
  });
  return row.id;
}
