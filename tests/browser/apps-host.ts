import { AppBridge, PostMessageTransport, type McpUiDisplayMode, type McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { CallToolResult } from '@modelcontextprotocol/client';

// The test host's page script (tests/browser/apps.spec.ts bundles it for the browser): the MCP Apps extension's own
// host side, AppBridge over its PostMessageTransport, drawing one view at a time in a sandboxed frame on another
// origin, as a web host does. Inline, the frame takes the height the view reports, up to the container's
// maxHeight when the test gives one; full screen, when the host offers it, the frame fills the window. Links the
// view asks the host to open are recorded (and opened, unless the test makes the host refuse). Tool calls the
// view makes go to the test, which makes them with the SDK's MCP client against the real server, as a host's
// backend would.

export interface ShowView {
  /** Where the test serves the view's HTML, with the CSP its resource metadata asks for. */
  src: string;
  args: Record<string, unknown>;
  result: CallToolResult;
  width: number;
  theme: 'light' | 'dark';
  /** The container's maxHeight, if the host sets one. */
  maxHeight?: number;
  /** The display modes the host offers. */
  displayModes: McpUiDisplayMode[];
  /** The host refuses every link (as a host may, by policy). */
  refuseLinks?: boolean;
}

declare global {
  interface Window {
    /** Exposed by the test: a tools/call through the MCP client. */
    jevCallTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<CallToolResult>;
    showView(view: ShowView): Promise<void>;
    setTheme(theme: 'light' | 'dark'): Promise<void>;
    /** What the view asked of the host's frame: the links to open and the display modes, in order. */
    hostLog: { links: string[]; displayModes: McpUiDisplayMode[]; sizes: { width?: number; height?: number }[] };
  }
}

let bridge: AppBridge | undefined;
let context: McpUiHostContext = {};
window.hostLog = { links: [], displayModes: [], sizes: [] };

window.showView = async ({ src, args, result, width, theme, maxHeight, displayModes, refuseLinks }) => {
  await bridge?.close();
  window.hostLog = { links: [], displayModes: [], sizes: [] };
  const frame = document.createElement('iframe');
  frame.title = 'JEV view';
  frame.setAttribute('sandbox', 'allow-scripts allow-same-origin');
  const inlineStyle = `width: ${width}px; height: 120px; border: 1px solid #767676; display: block;`;
  frame.style.cssText = inlineStyle;
  document.getElementById('views')!.replaceChildren(frame);
  const inline = { width, ...(maxHeight === undefined ? {} : { maxHeight }) };
  context = {
    theme,
    displayMode: 'inline',
    availableDisplayModes: displayModes,
    timeZone: 'America/New_York',
    locale: 'en-US',
    platform: 'web',
    containerDimensions: inline,
  };
  const host = new AppBridge(
    null,
    { name: 'jev-test-host', version: '1.0.0' },
    { serverTools: {}, logging: {}, openLinks: {} },
    { hostContext: context },
  );
  host.oncalltool = (params) => window.jevCallTool(params);
  let lastHeight = 120;
  host.onsizechange = ({ width: reportedWidth, height }) => {
    window.hostLog.sizes.push({ width: reportedWidth, height });
    if (height === undefined) return;
    lastHeight = maxHeight === undefined ? height : Math.min(height, maxHeight);
    // Full screen the host decides the size; inline it follows the view, up to the container's maxHeight.
    if (context.displayMode === 'inline') frame.style.height = `${lastHeight}px`;
  };
  host.onopenlink = async ({ url }) => {
    window.hostLog.links.push(url);
    return refuseLinks ? { isError: true } : {};
  };
  host.onrequestdisplaymode = async ({ mode }) => {
    window.hostLog.displayModes.push(mode);
    if (!displayModes.includes(mode) || mode === context.displayMode) return { mode: context.displayMode ?? 'inline' };
    const full = mode === 'fullscreen';
    frame.style.cssText = full
      ? 'position: fixed; inset: 0; width: 100vw; height: 100vh; border: 0; display: block; background: Canvas;'
      : `${inlineStyle} height: ${lastHeight}px;`;
    context = {
      ...context,
      displayMode: mode,
      containerDimensions: full ? { width: window.innerWidth, height: window.innerHeight } : inline,
    };
    host.setHostContext(context);
    return { mode };
  };
  const initialized = new Promise<void>((resolve) => (host.oninitialized = () => resolve()));
  // The frame's window outlives its navigation to `src`: the bridge listens before the view says a word.
  await host.connect(new PostMessageTransport(frame.contentWindow!, frame.contentWindow!));
  frame.src = src;
  bridge = host;
  await initialized;
  await host.sendToolInput({ arguments: args });
  await host.sendToolResult(result);
};

window.setTheme = async (theme) => {
  context = { ...context, theme };
  bridge!.setHostContext(context);
};
