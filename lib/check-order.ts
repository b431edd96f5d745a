import type { ErrorCode } from '@/lib/errors';

// docs/contract.md's "Check order": the steps every request passes, in the order lib/gateway/gateway.ts runs them.
// The contract's table and its GET /api/v1/tools line (lib/docs/generate.ts) and the OpenAPI document's answers of
// that route (lib/gateway/openapi.ts) are written from here. Neutral, like lib/errors.ts: the gateway and the docs
// generator both import it.

export interface CheckStep {
  /** Markdown. */
  check: string;
  /** The codes the step answers with when it fails, in the order it checks for them. */
  codes: readonly ErrorCode[];
}

export type CheckStepNumber = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

/** Each step by its number. */
export const CHECK_STEPS: Readonly<Record<CheckStepNumber, CheckStep>> = {
  1: {
    check: "Host is `APP_URL`'s hostname; no browser on another site (see [Authentication](#authentication))",
    codes: ['forbidden'],
  },
  2: {
    check: 'Per-address budget, before the token is looked at',
    codes: ['rate_limited'],
  },
  3: {
    check: 'A token is present and shaped like a JEV token (no database read)',
    codes: ['invalid_token'],
  },
  4: {
    check: 'Body: content type, then size, then valid JSON that is an object',
    codes: ['unsupported_media_type', 'payload_too_large', 'invalid_input'],
  },
  5: { check: 'The token is live: known, not revoked, not expired', codes: ['invalid_token'] },
  6: { check: 'The tool name exists', codes: ['unknown_tool'] },
  7: { check: 'Per-token budget, then per-user budget', codes: ['rate_limited'] },
  8: { check: 'Scope: a write tool needs a write token', codes: ['insufficient_scope'] },
  9: { check: "Arguments against the tool's schema", codes: ['invalid_input'] },
};

/** The steps GET /api/v1/tools runs: it has no body (step 4) and calls no tool (steps 6–9). */
export const LIST_ROUTE_STEPS: readonly CheckStepNumber[] = [1, 2, 3, 5];

/** What any request can answer whatever its steps: a failure of ours, or a database or deadline that gave out. */
export const ANY_REQUEST_CODES: readonly ErrorCode[] = ['internal', 'unavailable'];
