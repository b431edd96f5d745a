import { config } from '@/lib/config';
import { shareRequestDeadline } from '@/lib/observe';

// Read the configuration at start-up, so a bad or missing setting (such as NEXTAUTH_SECRET on a public
// production host) stops the server with a message naming it instead of failing every request later
// (Next itself would log the error and go on serving). This part stays synchronous: server.mjs reads the
// shared deadline as soon as Next is prepared.
try {
  shareRequestDeadline(config().REQUEST_DEADLINE_SECONDS * 1000);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

// Then the composition root, imported on its own: the MCP SDK it includes loads asynchronously, which would
// otherwise hold back the lines above. Revocations made on any instance (or by the CLI) reach this one
// through Redis within milliseconds.
import('@/lib/root')
  .then(({ root }) => root().tokens.listen())
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
