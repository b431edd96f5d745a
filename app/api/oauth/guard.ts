import { config } from '@/lib/config';
import { db } from '@/lib/db';
import { asToolError } from '@/lib/errors';
import { checkHostAndOrigin } from '@/lib/gateway/origin';
import { clientAddress } from '@/lib/http/address';
import type { OAuthDeps } from '@/lib/oauth/endpoints';
import { oauthError } from '@/lib/oauth/http';

// The OAuth machine endpoints: host and origin checked as everywhere (no CORS), then the handler.
export async function serve(request: Request, handler: (request: Request, deps: OAuthDeps) => Promise<Response>): Promise<Response> {
  const cfg = config();
  try {
    checkHostAndOrigin(request.headers, cfg);
  } catch (error) {
    return oauthError(403, 'forbidden', asToolError(error).message);
  }
  return handler(request, { db: db(), config: cfg, address: clientAddress(request.headers, cfg), now: new Date() });
}
