import packageJson from '@/package.json';

// The service's version is package.json's: the MCP server gives it in its serverInfo (docs/contract.md, "MCP") and
// the OpenAPI document in its info.

export const SERVICE_VERSION: string = packageJson.version;
