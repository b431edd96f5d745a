import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { OAuthFailure } from './errors';

// Fetching a Client ID Metadata Document is an outbound request whose URL a stranger chose, so it is
// fenced: https only; the host is resolved first and every address checked (no private, loopback,
// link-local, shared, multicast or reserved ranges), then the connection goes to the checked address (no
// second resolution an attacker's DNS could answer differently); 5 seconds; 64 KB; no redirects at all.
// `allowLoopbackForTests` (OAUTH_CIMD_ALLOW_LOOPBACK_FOR_TESTS) lifts the https and address rules for a
// test's own loopback server; it is off by default.

const TIMEOUT_MS = 5_000;
const MAX_BYTES = 64 * 1024;

// IANA's special-purpose registries: every range that is not globally reachable, and every range that carries an
// IPv4 address inside an IPv6 one (IPv4-compatible, NAT64, 6to4, Teredo), which would reach a private IPv4
// address through a public-looking IPv6 one.
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 96], // unspecified, loopback and IPv4-compatible (::7f00:1 is 127.0.0.1)
  ['::ffff:0:0:0', 96], // IPv4-translated
  ['64:ff9b::', 96], // NAT64
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['100:0:0:1::', 64], // dummy prefix
  ['2001::', 23], // IETF protocol assignments: Teredo (2001::/32), benchmarking, ORCHID…
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['3fff::', 20], // documentation
  ['5f00::', 16], // SRv6 SIDs
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** True when an address may be fetched from: public unicast only (IPv4-mapped IPv6 judged by its IPv4). */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPublicAddress(mapped[1] as string);
  const family = isIP(address);
  if (family === 4) return !blocked.check(address, 'ipv4');
  if (family === 6) return !address.toLowerCase().startsWith('::ffff:') && !blocked.check(address, 'ipv6');
  return false;
}

interface ResolvedAddress {
  address: string;
  family: number;
}

/**
 * A lookup that answers only the addresses already checked, so the connection cannot be sent elsewhere by a
 * second DNS answer. Asked for all of them (Node's default family autoselection), it gives all, in the
 * resolver's order, so a host whose first address is unreachable is still fetched from the next.
 */
export function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  const first = addresses[0] as ResolvedAddress;
  return (_host, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as (e: null, a: ResolvedAddress[]) => void)(null, [...addresses]);
    else callback(null, first.address, first.family);
  };
}

export interface MetadataDocument {
  client_id: string;
  client_name?: string;
  redirect_uris: string[];
  logo_uri?: string;
}

export async function fetchMetadataDocument(clientId: string, options: { allowLoopbackForTests: boolean }): Promise<MetadataDocument> {
  let url: URL;
  try {
    url = new URL(clientId);
  } catch {
    throw new OAuthFailure('invalid_client', 'client_id is not a valid URL.');
  }
  const insecureOk = options.allowLoopbackForTests;
  if (url.protocol !== 'https:' && !(insecureOk && url.protocol === 'http:')) {
    throw new OAuthFailure('invalid_client', 'A client metadata document must be served over https.');
  }
  if (url.username || url.password || url.hash)
    throw new OAuthFailure('invalid_client', 'client_id must not carry credentials or a fragment.');
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let checked: ResolvedAddress[];
  try {
    checked = isIP(hostname) ? [{ address: hostname, family: isIP(hostname) }] : await dnsLookup(hostname, { all: true, verbatim: true });
    if (checked.length === 0) throw new Error('no address');
    if (!insecureOk && checked.some((answer) => !isPublicAddress(answer.address))) {
      throw new OAuthFailure('invalid_client', 'The client metadata document’s host resolves to a private or reserved address.');
    }
  } catch (error) {
    if (error instanceof OAuthFailure) throw error;
    throw new OAuthFailure('invalid_client', 'The client metadata document’s host does not resolve.');
  }
  const pinned = pinnedLookup(checked);
  const body = await new Promise<string>((resolve, reject) => {
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
      url,
      { method: 'GET', headers: { accept: 'application/json', 'user-agent': 'jev-oauth' }, lookup: pinned, timeout: TIMEOUT_MS },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          // Redirects are not followed: a document must be served at its own URL.
          reject(new OAuthFailure('invalid_client', `The client metadata document answered HTTP ${response.statusCode}.`));
          return;
        }
        let size = 0;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_BYTES) {
            request.destroy();
            reject(new OAuthFailure('invalid_client', 'The client metadata document is larger than 64 KB.'));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        response.on('error', reject);
      },
    );
    const timer = setTimeout(() => request.destroy(new Error('timeout')), TIMEOUT_MS);
    request.on('close', () => clearTimeout(timer));
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', () => reject(new OAuthFailure('invalid_client', 'The client metadata document could not be fetched.')));
    request.end();
  });
  let document: unknown;
  try {
    document = JSON.parse(body);
  } catch {
    throw new OAuthFailure('invalid_client', 'The client metadata document is not JSON.');
  }
  const doc = document as Partial<MetadataDocument> | null;
  if (!doc || typeof doc !== 'object' || doc.client_id !== clientId) {
    throw new OAuthFailure('invalid_client', 'The client metadata document’s client_id must equal its URL.');
  }
  if (!Array.isArray(doc.redirect_uris) || doc.redirect_uris.length === 0 || !doc.redirect_uris.every((u) => typeof u === 'string')) {
    throw new OAuthFailure('invalid_client', 'The client metadata document lists no redirect_uris.');
  }
  return {
    client_id: doc.client_id,
    client_name: typeof doc.client_name === 'string' ? doc.client_name : undefined,
    redirect_uris: doc.redirect_uris,
    logo_uri: typeof doc.logo_uri === 'string' && doc.logo_uri.startsWith('https://') ? doc.logo_uri : undefined,
  };
}
