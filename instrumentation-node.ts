import { shareRequestDeadline } from '@/lib/observe';
import { root } from '@/lib/root';

// Read the configuration at start-up, so a bad or missing setting (such as NEXTAUTH_SECRET on a public
// production host) stops the server with a message naming it instead of failing every request later
// (Next itself would log the error and go on serving).
try {
  const { config, tokens } = root();
  shareRequestDeadline(config.REQUEST_DEADLINE_SECONDS * 1000);
  // Revocations made on any instance (or by the CLI) reach this one through Redis within milliseconds.
  tokens.listen();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
