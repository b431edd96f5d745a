// The contract's fixed numbers and texts (docs/contract.md, "Limits" and "Authentication"), in one place.

export const CONNECT_PAGE_HINT = 'Create one on the Connect page.';

/** The service's version: the MCP server's (docs/contract.md, "MCP") and the OpenAPI document's. */
export const SERVICE_VERSION = '0.1.0';
