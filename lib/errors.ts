// The one error type every layer throws, and the one table of its codes: each code's HTTP status and when it is
// answered (docs/contract.md's error table and the OpenAPI document's error responses are written from it). It
// imports nothing of ours but the neutral lib/observe (the log) and lib/capped-body.ts (the body limit), so the
// gateway, the tools and the data layer can all depend on it.
import { REQUEST_BODY_MAX_BYTES } from '@/lib/capped-body';
import { logUnexpected, logWarning } from '@/lib/observe';

/** Every error code: its HTTP status, and when it is answered (Markdown, one or more sentences). */
export const ERRORS = {
  invalid_input: {
    status: 400,
    when:
      'The body is not JSON or not an object, or an argument is wrong. `message` is the first issue as `<path>: <message>`; ' +
      '`issues` lists all (unknown arguments one by one, each with the argument it was likely meant as when one stands out).',
  },
  invalid_token: { status: 401, when: 'No token, or a malformed, unknown, revoked or expired one.' },
  forbidden: { status: 403, when: 'Wrong host, or a browser on another site.' },
  insufficient_scope: { status: 403, when: 'A write tool called with a read-only token.' },
  unknown_tool: { status: 404, when: 'No tool by that name.' },
  not_found: {
    status: 404,
    when: "The game, bet or pick does not exist or is not the caller's, or a stake-sizing tool finds no bankroll set up.",
  },
  payload_too_large: { status: 413, when: `The body is over ${REQUEST_BODY_MAX_BYTES / 1024} KB.` },
  unsupported_media_type: { status: 415, when: 'A `Content-Type` other than `application/json` (a body without one is read as JSON).' },
  limit: {
    status: 422,
    when:
      'A rule refused the request (`message` says which), such as a date range over its maximum, grading a bet whose game ' +
      'is not final, voiding one in play, logging a bet on a finished game, saving a pick after kick-off, settling a settled bet differently without `correct`, a ' +
      '`jev_classify` source outside the allowlist or a de-vig method that cannot price a market.',
  },
  rate_limited: {
    status: 429,
    when: 'A budget is spent (per address, per token or per user); `Retry-After` (and `retryAfterSeconds`) say when to retry.',
  },
  internal: { status: 500, when: 'Anything unexpected on the service side; logged, details hidden.' },
  unavailable: {
    status: 503,
    when:
      'The service cannot serve the call (a database that does not answer comes with `Retry-After`), or the tool needs ' +
      'something not set up (e.g. `jev_classify` without `CLASSIFIER_API_KEY`).',
  },
} as const satisfies Record<string, { status: number; when: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** Each code's HTTP status. */
export const ERROR_STATUS = Object.fromEntries(Object.entries(ERRORS).map(([code, { status }]) => [code, status])) as {
  readonly [C in ErrorCode]: (typeof ERRORS)[C]['status'];
};

/** Every code, in the table's order. */
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

type JsonSchema = Record<string, unknown>;

/** One element of a failure's `issues`, as JSON Schema (the OpenAPI document and MCP's output schemas). */
export const ISSUE_JSON_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    path: {
      type: 'string',
      description: 'The argument, dotted when nested (`legs.0.americanOdds`); empty for the arguments as a whole.',
    },
    message: { type: 'string' },
  },
  required: ['path', 'message'],
};

/**
 * A failure (`ToolError.toJSON` under `error`) as JSON Schema, its issues as `issue` gives them (inline or a $ref),
 * with any code of the table or only those given (the OpenAPI document's answers with one status).
 */
export function failureJsonSchema(issue: JsonSchema = ISSUE_JSON_SCHEMA, codes: readonly ErrorCode[] = ERROR_CODES): JsonSchema {
  return {
    type: 'object',
    description: 'Every failure: the code fixes the HTTP status.',
    properties: {
      error: {
        type: 'object',
        properties: {
          code: { type: 'string', enum: codes },
          message: { type: 'string', description: 'What went wrong and what to do next.' },
          issues: { type: 'array', items: issue, description: 'Empty when there is nothing to list.' },
          retryAfterSeconds: { type: 'number', description: 'With `rate_limited` (and a database that does not answer): when to retry.' },
        },
        required: ['code', 'message', 'issues'],
      },
    },
    required: ['error'],
  };
}

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

/** How long a caller is asked to wait when the database cannot be reached. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

// The database could not be reached, would not serve, or did not answer in time (lib/db/client.ts sets the
// timeouts): Prisma's connection and pool codes (P2037: its driver adapter's name for PostgreSQL's 53300, too many
// connections for the server, the role or the database); PostgreSQL's connection, shutdown and cancelled-statement codes,
// its refusals of a database not accepting connections (55000, only with that message: the code is generic), of
// writes on a read-only standby or transaction (25006, a failover in progress) and its resource limits (53xxx);
// pg's and Node's network failures (a pg.Client's own connect timeout is a bare 'timeout expired'); and SQLite's busy
// timeout and its file refusing to open, be written or grow (each code with its extended forms: SQLITE_IOERR_WRITE).
// Matched anywhere in the error's cause chain.
const DATABASE_DOWN_CODES = new Set([
  'P1001',
  'P1002',
  'P1008',
  'P1017',
  'P2024',
  'P2037',
  '57014',
  '57P01',
  '57P02',
  '57P03',
  '25006',
  '53000',
  '53100',
  '53200',
  '53300',
  '53400',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'EAI_AGAIN',
]);
const SQLITE_DOWN_CODE = /^SQLITE_(BUSY|CANTOPEN|READONLY|IOERR|FULL)(_[A-Z_]+)?$/;
const DATABASE_DOWN_TEXT =
  /timeout exceeded when trying to connect|^timeout expired$|Connection terminated|Query read timeout|canceling statement due to statement timeout|Can't reach database server|server closed the connection unexpectedly|Connection is not open|database is locked|the database system is (starting up|shutting down)|is not currently accepting connections|too many clients already|too many (database )?connections|read-only transaction/i;

/** Whether an error says the database is unreachable or too slow (as opposed to a bug or bad data). */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let current = error; typeof current === 'object' && current !== null && !seen.has(current);) {
    seen.add(current);
    const { code, name, message, cause, originalCode, originalMessage } = current as Record<string, unknown>;
    if (name === 'PrismaClientInitializationError') return true;
    for (const value of [code, originalCode])
      if (typeof value === 'string' && (DATABASE_DOWN_CODES.has(value) || value.startsWith('08') || SQLITE_DOWN_CODE.test(value)))
        return true;
    for (const value of [message, originalMessage]) if (typeof value === 'string' && DATABASE_DOWN_TEXT.test(value)) return true;
    current = cause;
  }
  return false;
}

/**
 * Anything that is not a ToolError becomes one, in this one place: a database that cannot be reached or
 * answers too slowly is 503 `unavailable` with Retry-After (the service could not serve the call; logged as a
 * warning); anything else is our fault, 500 `internal`, logged in full with the details hidden.
 */
export function asToolError(error: unknown): ToolError {
  if (error instanceof ToolError) return error;
  if (isDatabaseUnavailable(error)) {
    logWarning('database unavailable', { err: error instanceof Error ? error.message : String(error) });
    return new ToolError('unavailable', 'The database is not answering. Try again in a few seconds.', {
      retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
    });
  }
  logUnexpected(error);
  return new ToolError('internal', 'Something failed on the service side. Try again; if it keeps failing, report it.');
}
