// Production server: Next.js behind a thin node:http layer that records the peer address.
// `next start` keeps a client-sent X-Forwarded-For as it is (it only fills the header when absent),
// so a client could choose its own per-address budget. Appending the socket's address here makes the
// last entry of X-Forwarded-For always the hop that really reached us; lib/http/address.ts reads it.
// It also gives every request its X-Request-Id and writes the access log and request metrics
// (lib/observe/runtime.mjs), once here instead of in each route, and settles what Next gets wrong at the HTTP
// level (lib/http/front-door.mjs): request targets other than a path, methods the app does not route.
import './bin/node-runtime.mjs';
import { createServer } from 'node:http';
import next from 'next';
import { answerClientError, refuseConnect, refuseUnservableMethod, toOriginForm } from './lib/http/front-door.mjs';
import { flushLogs, observed, observeRuntime } from './lib/observe/runtime.mjs';

const appUrl = new URL(process.env.APP_URL || 'http://localhost:3000');
const port = Number(process.env.PORT || appUrl.port || (appUrl.protocol === 'https:' ? 443 : 80));
const hostname = process.env.HOSTNAME_BIND || undefined; // undefined: every interface, IPv4 and IPv6

const runtime = observeRuntime(); // before Next loads the app, which finds it on globalThis
const app = next({ dev: false, dir: import.meta.dirname });
const handle = app.getRequestHandler();
await app.prepare(); // runs the app's start-up (instrumentation-node.ts), which fills runtime.settings

// A request must arrive whole within the request deadline (plus a margin for the answer): a body trickled a
// byte at a time is cut off (408, connection closed) instead of holding its connection for Node's default
// five minutes. Node checks every connection this often.
const { requestDeadlineMs } = runtime.settings;
if (!requestDeadlineMs) throw new Error('The app did not share its request deadline at start-up (instrumentation-node.ts).');
const requestTimeout = requestDeadlineMs + 5_000;
const CHECK_EVERY_MS = 2_000;

const serve = observed((req, res) => {
  if (refuseUnservableMethod(req, res)) return;
  const peer = req.socket.remoteAddress ?? 'unknown';
  const sent = req.headers['x-forwarded-for'];
  req.headers['x-forwarded-for'] = sent ? `${Array.isArray(sent) ? sent.join(', ') : sent}, ${peer}` : peer;
  return handle(req, res);
});
const server = createServer(
  { requestTimeout, headersTimeout: Math.min(60_000, requestTimeout), connectionsCheckingInterval: CHECK_EVERY_MS },
  (req, res) => {
    if (toOriginForm(req, res)) serve(req, res);
  },
);
// An idle kept-alive connection stays open past the idle timeout of the balancers usually put in front (60 s), and
// past any pause of a client busy elsewhere: closing it first (Node's default is 5 s) makes a client or balancer
// that reuses it fail with "other side closed" (or a balancer's 502).
server.keepAliveTimeout = 65_000;
server.on('connect', refuseConnect);
server.on('clientError', answerClientError);
server.listen(port, hostname, () => {
  console.log(`JEV is running. Console: ${appUrl.origin}  REST: ${appUrl.origin}/api/v1/tools`);
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () =>
    server.close(() => {
      flushLogs();
      process.exit(0);
    }),
  );
}
