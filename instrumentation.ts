// Runs once when the server starts. The Node-only part lives in its own module, as Next recommends, so the
// Edge build never sees it.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === 'nodejs') await import('./instrumentation-node');
}
