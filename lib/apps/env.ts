import type { McpUiDisplayMode, McpUiHostContext } from '@modelcontextprotocol/ext-apps';

// What a view is drawn for besides its state: the user's time zone, its width, and how the host shows it
// (lib/apps/run.tsx keeps it current from the host's context).

/** The tallest an inline view is, whatever more the host would allow (Anthropic's directory asks for 500 px). */
export const INLINE_MAX_HEIGHT = 500;
/** The most rows the compact form's list shows at once: the top entries. Fewer when they would not fit. */
export const INLINE_MAX_ROWS = 5;

export interface Display {
  /** Inline: the compact form. Full screen: everything. */
  mode: 'inline' | 'fullscreen';
  /** The host offers full screen: the compact form's button asks for it. */
  canFullscreen: boolean;
  /** How many rows the compact form's list shows, fitted by the runtime to the height allowed. */
  rows: number;
  /** Asks the host for another display mode. */
  request(mode: McpUiDisplayMode): void;
  /** Opens a link through the host (a sandboxed view cannot); the view says so when the host would not. */
  openLink(url: string): void;
  /** The link the host last refused to open. */
  refusedLink?: string;
}

export interface Env {
  /** The user's time zone, as the host gives it. */
  timeZone: string;
  /** The width the view has, in CSS pixels. */
  width: number;
  display: Display;
}

/** The height an inline view may take: the directories' limit, or less when the host's container allows less. */
export function inlineLimit(context: McpUiHostContext): number {
  const container = (context.containerDimensions ?? {}) as { height?: number; maxHeight?: number };
  return Math.min(INLINE_MAX_HEIGHT, container.height ?? Infinity, container.maxHeight ?? Infinity);
}
