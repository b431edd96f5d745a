import type { ToolHints } from './types';

// The three kinds of tool, as MCP hints describe them. Every tool uses one of these (or says why it differs).

/** Reads or computes; same answer for the same arguments; nothing outside the service is contacted. */
export const READ_HINTS: ToolHints = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

/** Reads, but may contact an outside service during the call (the odds provider, the classifier's model). */
export const OPEN_WORLD_READ_HINTS: ToolHints = { ...READ_HINTS, openWorldHint: true };

/** Saves to the user's account; each call records something new. */
export const WRITE_HINTS: ToolHints = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };
