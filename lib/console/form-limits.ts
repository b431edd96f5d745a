// Imports nothing: next.config.ts reads it, and Next loads that file on its own, without the app's module paths.

/**
 * The largest body a console page, server action or sign-in post may send: forms are a few hundred bytes.
 * next.config.ts gives Next the same bound (server actions, and what it buffers for the proxy); the proxy refuses
 * a larger declared length with 413 before Next reads it (Next itself would answer 500).
 */
export const FORM_MAX_BYTES = 1024 * 1024;
