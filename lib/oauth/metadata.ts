import type { TokenScope } from '@/lib/account/token-format';
import type { Config } from '@/lib/config';

// Discovery documents: RFC 9728 protected resource metadata (what the MCP endpoint is and who issues its
// tokens) and RFC 8414 authorization server metadata (where the OAuth endpoints are). JEV is both the
// resource and its authorization server, so both live at APP_URL's origin.

export const OAUTH_SCOPES = ['read', 'write'] as const;

/** A request's space-separated `scope`: write (which includes read), read, undefined when none, 'invalid' for any other name. */
export function requestedScope(value: string | null | undefined): TokenScope | undefined | 'invalid' {
  const scopes = (value ?? '').split(' ').filter(Boolean);
  if (scopes.some((scope) => !(OAUTH_SCOPES as readonly string[]).includes(scope))) return 'invalid';
  if (scopes.length === 0) return undefined;
  return scopes.includes('write') ? 'write' : 'read';
}

/** The MCP endpoint's URL: the `resource` every OAuth request must name (RFC 8707). */
export function mcpResourceUrl(cfg: Pick<Config, 'appOrigin'>): string {
  return `${cfg.appOrigin}/api/mcp`;
}

export const OAUTH_PATHS = {
  authorize: '/oauth/authorize',
  token: '/api/oauth/token',
  register: '/api/oauth/register',
  revoke: '/api/oauth/revoke',
} as const;

/** Where MCP clients find the protected resource metadata of /api/mcp (RFC 9728, with the resource's path). */
export const PROTECTED_RESOURCE_METADATA_PATH = '/.well-known/oauth-protected-resource/api/mcp';

export function protectedResourceMetadata(cfg: Pick<Config, 'appOrigin'>) {
  return {
    resource: mcpResourceUrl(cfg),
    authorization_servers: [cfg.appOrigin],
    scopes_supported: [...OAUTH_SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: 'JEV',
  };
}

export function authorizationServerMetadata(cfg: Pick<Config, 'appOrigin'>) {
  return {
    issuer: cfg.appOrigin,
    authorization_endpoint: cfg.appOrigin + OAUTH_PATHS.authorize,
    token_endpoint: cfg.appOrigin + OAUTH_PATHS.token,
    registration_endpoint: cfg.appOrigin + OAUTH_PATHS.register,
    revocation_endpoint: cfg.appOrigin + OAUTH_PATHS.revoke,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint_auth_methods_supported: ['none'],
    scopes_supported: [...OAUTH_SCOPES],
    client_id_metadata_document_supported: true,
  };
}
