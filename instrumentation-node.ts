import { config } from '@/lib/config';
import { shareRequestDeadline } from '@/lib/observe';
import { processWide } from '@/lib/root/process';

// Read the configuration at start-up, so a bad or missing setting (such as NEXTAUTH_SECRET on a public
// production host) stops the server with a message naming it instead of failing every request later
// (Next itself would log the error and go on serving). Then listen for revocations made on any instance (or by
// the CLI), which reach this one through Redis within milliseconds, and, without a provider key, keep the sample
// slate's prices moving. Only the process-wide parts are loaded here: the routes build the rest of the root
// (lib/root) when first asked.
try {
  const cfg = config();
  shareRequestDeadline(cfg.REQUEST_DEADLINE_SECONDS * 1000);
  processWide(cfg).tokenMemory.bus.listen();
  // Imported here, not above: the sample market reaches the database client, whose driver loads asynchronously,
  // and a static import of it would make this module asynchronous too; Next's prepare() would then return before
  // the lines above ran, and server.mjs would find no request deadline.
  import('@/lib/root/sample-market').then(
    ({ moveSampleMarket }) => moveSampleMarket(cfg),
    (error: unknown) => console.error(`sample market: ${error instanceof Error ? error.message : String(error)}`),
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
