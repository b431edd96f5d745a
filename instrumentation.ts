import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '@/lib/errors';
import { noteUnavailable } from '@/lib/observe';

// Runs once when the server starts. The Node-only part lives in its own module, as Next recommends, so the
// Edge build never sees it.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === 'nodejs') await import('./instrumentation-node');
}

/**
 * Next reports every error of a page, server action or route handler here, while the request is still being
 * answered. A database that could not answer makes that answer 503 with Retry-After (server.mjs) instead of a
 * 500, with the error page (app/error.tsx): pages and actions fail like the API does. Synchronous, so the mark
 * is set before Next writes the failure.
 */
export function onRequestError(error: unknown): void {
  if (isDatabaseUnavailable(error)) noteUnavailable(DATABASE_RETRY_AFTER_SECONDS);
}
