// The one error type every layer throws, and the one table that turns its code into an HTTP status.
// It imports nothing of ours but the neutral lib/observe (the log), so the gateway, the tools and the data
// layer can all depend on it.
import { logUnexpected } from '@/lib/observe';

export const ERROR_STATUS = {
  invalid_input: 400,
  invalid_token: 401,
  forbidden: 403,
  insufficient_scope: 403,
  unknown_tool: 404,
  not_found: 404,
  payload_too_large: 413,
  unsupported_media_type: 415,
  limit: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface Issue {
  path: string;
  message: string;
}

export interface ToolErrorOptions {
  issues?: Issue[];
  retryAfterSeconds?: number;
}

export class ToolError extends Error {
  readonly code: ErrorCode;
  readonly issues: Issue[];
  readonly retryAfterSeconds?: number;

  constructor(code: ErrorCode, message: string, options: ToolErrorOptions = {}) {
    super(message);
    this.name = 'ToolError';
    this.code = code;
    this.issues = options.issues ?? [];
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  /** The error object clients see: `{ code, message, issues }` plus `retryAfterSeconds` when they should wait. */
  toJSON(): { code: ErrorCode; message: string; issues: Issue[]; retryAfterSeconds?: number } {
    return {
      code: this.code,
      message: this.message,
      issues: this.issues,
      ...(this.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: this.retryAfterSeconds }),
    };
  }
}

/** A 400 whose message is the first issue as `<path>: <message>`, as docs/contract.md ("Errors") describes. */
export function invalidInput(issues: Issue[]): ToolError {
  const first = issues[0];
  const message = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : 'Invalid input.';
  return new ToolError('invalid_input', message, { issues });
}

/** Anything that is not a ToolError is our fault: log it (with the request's id), hide the details. */
export function asToolError(error: unknown): ToolError {
  if (error instanceof ToolError) return error;
  logUnexpected(error);
  return new ToolError('internal', 'Something failed on the service side. Try again; if it keeps failing, report it.');
}
