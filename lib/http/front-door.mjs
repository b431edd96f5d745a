// What the production server (server.mjs) settles before Next sees a request: the request line and the
// methods Next gets wrong at the HTTP level. Plain JavaScript, loaded by server.mjs without compilation.

/**
 * Methods the web's Request type cannot carry (the Fetch standard forbids them): Next fails to build the
 * request and answers 500, so they are refused here, on every path. CONNECT never gets this far (Node gives it
 * its own event, which nothing here listens to, so the connection is closed).
 */
const UNSERVABLE_METHODS = new Set(['TRACE', 'TRACK']);

const ABSOLUTE_FORM = /^https?:\/\//i;

/** The contract's error object (docs/contract.md, "Errors"), for the refusals made here. */
function refuse(res, status, message, headers = {}) {
  const body = JSON.stringify({ error: { code: 'invalid_input', message, issues: [] } });
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers });
  res.end(body);
}

/**
 * An absolute-form target (`GET http://host/path HTTP/1.1`) names the host the client asks for, and RFC 9112
 * §3.2.2 has the server use that host and ignore the Host header; Next would instead redirect to it. So the
 * target becomes the usual path and its host the Host header, and the host check of the page or API refuses
 * any host but the console's. False when the request was answered here (a target that is no URL).
 */
export function toOriginForm(req, res) {
  const target = req.url ?? '/';
  if (!ABSOLUTE_FORM.test(target)) return true;
  let url;
  try {
    url = new URL(target);
  } catch {
    refuse(res, 400, 'The request target is not a valid URL.');
    return false;
  }
  req.headers.host = url.host;
  req.url = url.pathname + url.search;
  return true;
}

/** True when the method was refused here: 405 with the error object and the methods the service answers. */
export function refuseUnservableMethod(req, res) {
  if (!UNSERVABLE_METHODS.has(req.method)) return false;
  refuse(res, 405, `${req.method} is not served here. The service answers GET, HEAD and POST.`, { Allow: 'GET, HEAD, POST' });
  return true;
}
