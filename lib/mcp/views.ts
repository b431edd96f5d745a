import { EXTENSION_ID, RESOURCE_MIME_TYPE, RESOURCE_URI_META_KEY } from '@modelcontextprotocol/ext-apps/server';
import type { ReadResourceResult } from '@modelcontextprotocol/server';
import { VIEW_OF_TOOL, VIEW_RESOURCE_META, viewByKey, VIEWS } from '@/lib/apps/catalogue';
import { viewDocument } from '@/lib/apps/documents';

// The MCP Apps extension on the server: the capability, each tool's link to its view, and the views as ui://
// resources (HTML documents built by `npm run build`, lib/apps and scripts/build-views.mts). Hosts without the
// extension ignore all three: the tools answer them exactly as before.

/** The extension as the server declares it (capabilities.extensions, in initialize and server/discover alike). */
export const APPS_EXTENSION = { [EXTENSION_ID]: { mimeTypes: [RESOURCE_MIME_TYPE] } };

/** The view a tool's answers are drawn with, as the tool's `_meta`: the extension's key and its older flat one. */
export function viewLink(toolName: string): Record<string, unknown> | undefined {
  const key = VIEW_OF_TOOL[toolName];
  if (!key) return undefined;
  const resourceUri = viewByKey(key).uri;
  return { ui: { resourceUri }, [RESOURCE_URI_META_KEY]: resourceUri };
}

/**
 * The views, by URI. They are read from a tool's link, never browsed: the extension lets a server leave such
 * UI-only resources out of resources/list, so the list stays the knowledge notes.
 */
export const VIEW_READS: ReadonlyMap<string, () => ReadResourceResult> = new Map(
  VIEWS.map((view) => [
    view.uri,
    () => ({
      contents: [{ uri: view.uri, mimeType: RESOURCE_MIME_TYPE, text: viewDocument(view), _meta: VIEW_RESOURCE_META }],
    }),
  ]),
);
