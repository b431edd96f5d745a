import { createHash } from 'node:crypto';
import { expect } from 'vitest';

// What an OAuth-capable MCP client keeps between steps, as both SDKs' OAuthClientProvider interfaces ask
// (v2 `@modelcontextprotocol/client`, v1 `@modelcontextprotocol/sdk`): an in-memory provider that records the
// authorization URL instead of opening a browser. `clientMetadataUrl` makes it register by a Client ID
// Metadata Document where the server supports one; without it the SDKs use Dynamic Client Registration.

export class TestProvider {
  info: any;
  saved: any;
  verifier = '';
  discovery: any;
  authorizationUrl: URL | undefined;
  constructor(
    readonly redirect: string,
    readonly clientMetadataUrl?: string,
  ) {}
  get redirectUrl() {
    return this.redirect;
  }
  get clientMetadata() {
    return {
      client_name: 'Test Agent',
      redirect_uris: [this.redirect],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: any) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: any) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
  // Kept with the verifier, so the v2 SDK checks on the callback leg that the same authorization server answers.
  saveDiscoveryState(state: any) {
    this.discovery = state;
  }
  discoveryState() {
    return this.discovery;
  }
}

/** RFC 7636 S256 code challenge of a verifier. */
export const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/**
 * After a client's first 401: it registered by DCR and was sent to JEV's authorization endpoint with PKCE (S256)
 * and the MCP endpoint as the resource. Returns the authorization URL.
 */
export function expectDcrAuthorization(provider: TestProvider, origin: string, mcpUrl: URL): URL {
  expect(provider.info.client_id).toMatch(/^jevc_/);
  const url = provider.authorizationUrl!;
  expect(url.origin + url.pathname).toBe(`${origin}/oauth/authorize`);
  expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  expect(url.searchParams.get('resource')).toBe(mcpUrl.href);
  return url;
}
