// The MCP SDK release every module in lib/mcp/sdk/ was written against. Each one mends something that release
// does; tests/integration/mcp/sdk-workarounds.test.ts checks, for each, that the installed SDK is this release,
// that the raw SDK still does what the module mends (else the module is dead weight and goes), and that the
// endpoint answers right with it. package.json pins the SDK to this exact version: an upgrade is a decision. What
// cannot be mended from outside is patched in the SDK itself for this release (patches/, tests/unit/mcp/sdk-patch.test.ts).
export const SDK_WRITTEN_FOR = '2.4.0';
