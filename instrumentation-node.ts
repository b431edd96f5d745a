import { config } from '@/lib/config';
import { shareRequestDeadline } from '@/lib/observe';
import { processWide } from '@/lib/root/process';
import { moveSampleMarket } from '@/lib/root/sample-market';

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
  moveSampleMarket(cfg);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
