import type { Config } from '@/lib/config';
import { asToolError } from '@/lib/errors';
import { checkHost } from '@/lib/http/origin';
import { oauthError, oauthJson } from '@/lib/oauth/http';
import { PROTECTED_RESOURCE_METADATA_PATH } from '@/lib/oauth/metadata';
import { root } from '@/lib/root';

// Every /.well-known/* answer is JSON (proxy.ts leaves these paths alone): a client that probes discovery
// must never get the sign-in page's HTML.

/** The configuration when the request is for this service's host, else the 403 to answer. */
export function forThisHost(request: Request): Config | Response {
  const cfg = root().config;
  try {
    checkHost(request.headers, cfg);
    return cfg;
  } catch (error) {
    return oauthError(403, 'forbidden', asToolError(error).message);
  }
}

export function wellKnown(request: Request, document: (cfg: Config) => unknown): Response {
  const cfg = forThisHost(request);
  return cfg instanceof Response ? cfg : oauthJson(document(cfg));
}

export function notFound(request: Request): Response {
  const cfg = forThisHost(request);
  if (cfg instanceof Response) return cfg;
  return oauthError(404, 'not_found', `No such document. OAuth discovery starts at ${cfg.appOrigin}${PROTECTED_RESOURCE_METADATA_PATH}.`);
}
