// The contract's fixed numbers and texts (docs/contract.md, "Limits" and "Authentication"), in one place.

export const MAX_BODY_BYTES = 256 * 1024;
export const CONNECT_PAGE_HINT = 'Create one on the Connect page.';
