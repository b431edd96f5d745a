import { AppBridge, PostMessageTransport, type McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { CallToolResult } from '@modelcontextprotocol/client';

// The test host's page script (tests/browser/apps.spec.ts bundles it for the browser): the MCP Apps extension's own
// host side, AppBridge over its PostMessageTransport, drawing one view at a time in a sandboxed frame on another
// origin, as a web host does. Tool calls the view makes go to the test, which makes them with the SDK's MCP
// client against the real server, as a host's backend would.

export interface ShowView {
  /** Where the test serves the view's HTML, with the CSP its resource metadata asks for. */
  src: string;
  args: Record<string, unknown>;
  result: CallToolResult;
  width: number;
  theme: 'light' | 'dark';
}

declare global {
  interface Window {
    /** Exposed by the test: a tools/call through the MCP client. */
    jevCallTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<CallToolResult>;
    showView(view: ShowView): Promise<void>;
    setTheme(theme: 'light' | 'dark'): Promise<void>;
  }
}

let bridge: AppBridge | undefined;
let context: McpUiHostContext = {};

window.showView = async ({ src, args, result, width, theme }) => {
  await bridge?.close();
  const frame = document.createElement('iframe');
  frame.title = 'JEV view';
  frame.setAttribute('sandbox', 'allow-scripts allow-same-origin');
  frame.style.cssText = `width: ${width}px; height: 120px; border: 1px solid #767676; display: block;`;
  document.getElementById('views')!.replaceChildren(frame);
  context = {
    theme,
    displayMode: 'inline',
    timeZone: 'America/New_York',
    locale: 'en-US',
    platform: 'web',
    containerDimensions: { width, maxHeight: 8000 },
  };
  const host = new AppBridge(null, { name: 'jev-test-host', version: '1.0.0' }, { serverTools: {}, logging: {} }, { hostContext: context });
  host.oncalltool = (params) => window.jevCallTool(params);
  host.onsizechange = ({ height }) => {
    if (height !== undefined) frame.style.height = `${height}px`;
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
