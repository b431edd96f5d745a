import { EXTENSION_ID, registerAppResource, RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps/server';
import type { McpServer } from '@modelcontextprotocol/server';
import { TOOL_VIEWS, VIEW_RESOURCE_META, viewByKey, VIEWS } from '@/lib/apps/catalogue';
import { viewDocument } from '@/lib/apps/documents';

// The MCP Apps extension on the server: the capability, each tool's link to its view, and the views as ui://
// resources (HTML documents built by `npm run build`, lib/apps and scripts/build-views.mts). Hosts without the
// extension ignore all three: the tools answer them exactly as before.

/** The extension as the server declares it (capabilities.extensions, in initialize and server/discover alike). */
export const APPS_EXTENSION = { [EXTENSION_ID]: { mimeTypes: [RESOURCE_MIME_TYPE] } };

/** The view a tool's answers are drawn with, as the tool's `_meta` (registerAppTool adds the older flat key). */
export function viewLink(toolName: string): { ui: { resourceUri: string } } | undefined {
  const key = TOOL_VIEWS[toolName];
  return key ? { ui: { resourceUri: viewByKey(key).uri } } : undefined;
}

/**
 * Registers the views. They are read by URI from a tool's link, never browsed: the extension lets a server leave
 * such UI-only resources out of resources/list, so the list stays the knowledge notes.
 */
export function registerViews(server: McpServer): void {
  for (const view of VIEWS) {
    registerAppResource(
      server,
      view.name,
      view.uri,
      { title: view.title, description: view.description, _meta: VIEW_RESOURCE_META },
      () => ({
        contents: [{ uri: view.uri, mimeType: RESOURCE_MIME_TYPE, text: viewDocument(view), _meta: VIEW_RESOURCE_META }],
      }),
    );
  }
}
