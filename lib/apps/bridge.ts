import type {
  LATEST_PROTOCOL_VERSION,
  McpUiDisplayMode,
  McpUiHostContext,
  McpUiHostContextChangedNotification,
  McpUiInitializedNotification,
  McpUiInitializeRequest,
  McpUiInitializeResult,
  McpUiOpenLinkRequest,
  McpUiOpenLinkResult,
  McpUiRequestDisplayModeRequest,
  McpUiRequestDisplayModeResult,
  McpUiResourceTeardownRequest,
  McpUiSizeChangedNotification,
  McpUiToolCancelledNotification,
  McpUiToolInputNotification,
  McpUiToolResultNotification,
} from '@modelcontextprotocol/ext-apps';
import type { CallToolResult } from '@modelcontextprotocol/client';
import type { ViewAnswers } from './answers';
import { VIEW_CALLABLE_TOOLS, type ViewCallableTool } from './catalogue';

// The view's end of the MCP Apps bridge: JSON-RPC over postMessage with the host (the extension's spec,
// 2026-01-26, "Transport Layer" and "Lifecycle"). Written here rather than taken from the extension's `App`
// class because that class brings the SDK's client protocol and zod into the page: about 590 KB minified
// against a budget of 150 KB a view, for the ten messages a view uses. The messages are typed by the
// extension's own declarations, and the browser tests drive every view with the extension's AppBridge.

const PROTOCOL_VERSION: typeof LATEST_PROTOCOL_VERSION = '2026-01-26';
const INITIALIZE: McpUiInitializeRequest['method'] = 'ui/initialize';
const INITIALIZED: McpUiInitializedNotification['method'] = 'ui/notifications/initialized';
const TOOL_INPUT: McpUiToolInputNotification['method'] = 'ui/notifications/tool-input';
const TOOL_RESULT: McpUiToolResultNotification['method'] = 'ui/notifications/tool-result';
const TOOL_CANCELLED: McpUiToolCancelledNotification['method'] = 'ui/notifications/tool-cancelled';
const HOST_CONTEXT_CHANGED: McpUiHostContextChangedNotification['method'] = 'ui/notifications/host-context-changed';
const SIZE_CHANGED: McpUiSizeChangedNotification['method'] = 'ui/notifications/size-changed';
const TEARDOWN: McpUiResourceTeardownRequest['method'] = 'ui/resource-teardown';
const OPEN_LINK: McpUiOpenLinkRequest['method'] = 'ui/open-link';
const DISPLAY_MODE: McpUiRequestDisplayModeRequest['method'] = 'ui/request-display-mode';

/** How the views can be shown: inline in the conversation, and full screen when the host offers it. */
export const VIEW_DISPLAY_MODES: McpUiDisplayMode[] = ['inline', 'fullscreen'];

/** How long a request to the host may go unanswered; a slow tool call is allowed the minute clients allow. */
const REQUEST_TIMEOUT_MS = 65_000;

export interface ViewEvents {
  /** The arguments the model called the tool with. */
  toolInput(args: Record<string, unknown>): void;
  toolResult(result: CallToolResult): void;
  toolCancelled(reason: string | undefined): void;
  /** The host's context as it stands after a change (theme, locale, time zone, size). */
  hostContext(context: McpUiHostContext): void;
}

export interface Host {
  /**
   * Calls one of JEV's read tools through the host: its answer (structuredContent), typed by the tool and by what the
   * arguments ask for (get_game_odds' form: ViewAnswers), or a ToolCallError thrown.
   */
  callTool<Name extends ViewCallableTool, const Args extends Record<string, unknown>>(
    name: Name,
    args: Args,
  ): Promise<ViewAnswers<Args>[Name]>;
}

/** The host as the view's runtime sees it: the tools, and what the host does for the view's frame. */
export interface HostFrame extends Host {
  /** Asks the host to show the view another way; the mode the host chose (it may keep the current one). */
  requestDisplayMode(mode: McpUiDisplayMode): Promise<McpUiDisplayMode>;
  /** Asks the host to open a link (a sandboxed view cannot): false when the host would not. */
  openLink(url: string): Promise<boolean>;
}

interface Message {
  jsonrpc: '2.0';
  id?: string | number;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
}

/** A tool call that answered with an error: JEV's message, and its code (`not_found`, `rate_limited` …) when it gave one. */
export class ToolCallError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

function toolCallError(result: CallToolResult): ToolCallError {
  const error = (result.structuredContent as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
  const text = result.content.find((item) => item.type === 'text');
  const message = typeof error?.message === 'string' ? error.message : text?.type === 'text' ? text.text : 'The tool call failed.';
  return new ToolCallError(message, typeof error?.code === 'string' ? error.code : undefined);
}

export async function connectToHost(appInfo: { name: string; version: string }, events: ViewEvents): Promise<HostFrame> {
  const host = window.parent;
  let nextId = 1;
  let context: McpUiHostContext = {};
  const pending = new Map<string | number, { resolve(result: Record<string, unknown>): void; reject(error: Error): void }>();

  const post = (message: Omit<Message, 'jsonrpc'>) => host.postMessage({ jsonrpc: '2.0', ...message }, '*');
  const request = (method: string, params: Record<string, unknown>) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error('The host did not answer in time.'));
      }, REQUEST_TIMEOUT_MS);
      pending.set(id, {
        resolve: (result) => (clearTimeout(timer), resolve(result)),
        reject: (error) => (clearTimeout(timer), reject(error)),
      });
      post({ id, method, params });
    });

  const notifications: Record<string, (params: Record<string, unknown>) => void> = {
    [TOOL_INPUT]: (params) => events.toolInput((params as McpUiToolInputNotification['params']).arguments ?? {}),
    [TOOL_RESULT]: (params) => events.toolResult(params as CallToolResult),
    [TOOL_CANCELLED]: (params) => events.toolCancelled((params as McpUiToolCancelledNotification['params']).reason),
    [HOST_CONTEXT_CHANGED]: (params) => {
      context = { ...context, ...(params as McpUiHostContext) };
      events.hostContext(context);
    },
  };

  window.addEventListener('message', (event: MessageEvent<Message>) => {
    // Only the host speaks to the view; anything else (another frame, a page script) is ignored.
    if (event.source !== host || event.data?.jsonrpc !== '2.0') return;
    const { id, method, params = {}, result, error } = event.data;
    if (method === undefined) {
      const waiting = id === undefined ? undefined : pending.get(id);
      if (!waiting) return;
      pending.delete(id!);
      if (error) waiting.reject(new Error(error.message));
      else waiting.resolve(result ?? {});
    } else if (id !== undefined) {
      // The host's requests: a ping, or the teardown it announces (nothing to save: the view holds no state).
      if (method === TEARDOWN || method === 'ping') post({ id, result: {} });
      else post({ id, error: { code: -32601, message: `Method not found: ${method}` } });
    } else {
      notifications[method]?.(params);
    }
  });

  const initialized = (await request(INITIALIZE, {
    appInfo,
    appCapabilities: { availableDisplayModes: VIEW_DISPLAY_MODES },
    protocolVersion: PROTOCOL_VERSION,
  } satisfies McpUiInitializeRequest['params'])) as McpUiInitializeResult;
  context = initialized.hostContext ?? {};
  post({ method: INITIALIZED, params: {} });
  events.hostContext(context);
  reportSize((size) => post({ method: SIZE_CHANGED, params: size }));

  return {
    async callTool<Name extends ViewCallableTool, const Args extends Record<string, unknown>>(name: Name, args: Args) {
      // The list is enforced here too, not only by the type: no view calls a write tool, whatever its data says.
      if (!(VIEW_CALLABLE_TOOLS as readonly string[]).includes(name)) throw new Error(`A view may not call ${name}.`);
      const result = (await request('tools/call', { name, arguments: args })) as unknown as CallToolResult;
      if (result.isError) throw toolCallError(result);
      return result.structuredContent as ViewAnswers<Args>[Name];
    },
    async requestDisplayMode(mode) {
      const result = (await request(DISPLAY_MODE, {
        mode,
      } satisfies McpUiRequestDisplayModeRequest['params'])) as McpUiRequestDisplayModeResult;
      return result.mode;
    },
    async openLink(url) {
      try {
        const result = (await request(OPEN_LINK, { url } satisfies McpUiOpenLinkRequest['params'])) as McpUiOpenLinkResult;
        return result.isError !== true;
      } catch {
        // A host without the capability answers "method not found": it did not open the link either.
        return false;
      }
    },
  };
}

/** The document's height as drawn, whatever height the page's styles give the root element. */
export function documentHeight(): number {
  const root = document.documentElement;
  const height = root.style.height;
  root.style.height = 'max-content';
  const measured = Math.ceil(root.getBoundingClientRect().height);
  root.style.height = height;
  return measured;
}

/** Tells the host the document's size whenever it changes, as the extension's own views do, once a frame. */
function reportSize(send: (size: McpUiSizeChangedNotification['params']) => void): void {
  let scheduled = false;
  let last = '';
  const measure = () => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(() => {
      scheduled = false;
      const size = { width: Math.ceil(window.innerWidth), height: documentHeight() };
      if (`${size.width}x${size.height}` === last) return;
      last = `${size.width}x${size.height}`;
      send(size);
    });
  };
  const observer = new ResizeObserver(measure);
  observer.observe(document.documentElement);
  observer.observe(document.body);
  measure();
}
