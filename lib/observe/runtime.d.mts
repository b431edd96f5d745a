// Types of lib/observe/runtime.mjs (plain JavaScript, loaded by server.mjs without compilation).
import type { IncomingMessage, ServerResponse } from 'node:http';

export declare const OBSERVE_KEY: unique symbol;
export declare function requestIdOf(sent: unknown): string;
export declare function routeOf(pathname: string): string;
export declare function observeRuntime(env?: Record<string, string | undefined>): unknown;
export declare function observed(
  handler: (req: IncomingMessage, res: ServerResponse) => unknown,
): (req: IncomingMessage, res: ServerResponse) => void;
export declare function flushLogs(): void;
