// What the production server (server.mjs) settles before Next sees a request: the request line and the
// methods Next gets wrong at the HTTP level. Plain JavaScript, loaded by server.mjs without compilation.
// The rule: no request line, whatever its method or target, is redirected off the console or answered 500.
import { STATUS_CODES } from 'node:http';

/**
 * The methods that reach the app: those the web's Request type carries and a route handler can answer. Any
 * other method Node parses (TRACE, PROPFIND, PURGE, QUERY …) would render a page or fail in Next (TRACE is a
 * 500), so it is refused here, on every path. CONNECT and methods Node's parser does not know (TRACK) never
 * reach a request handler: refuseConnect and answerClientError give them the same refusal.
 */
const ROUTED_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']);
const ALLOW = 'GET, HEAD, POST';

const ABSOLUTE_FORM = /^https?:\/\//i;
const TARGET_REFUSAL =
  'The request target must be a path such as /api/v1/tools, or an http or https URL of this service; ' +
  'other schemes, authority-form and * are not served.';

const methodRefusal = (method) => `${method} is not served here. The service answers GET, HEAD and POST.`;

/** The contract's error object (docs/contract.md, "Errors"), for the refusals made here. */
const errorBody = (message) => JSON.stringify({ error: { code: 'invalid_input', message, issues: [] } });

function refuse(res, status, message, headers = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers });
  res.end(errorBody(message));
}

/** The same refusal written straight to a socket that has no response object (CONNECT, parse errors). */
function refuseOnSocket(socket, status, message, headers = {}) {
  const body = errorBody(message);
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'Content-Type: application/json',
    'Cache-Control: no-store',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
  ];
  socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
}

/**
 * Only two targets reach the app: origin-form (a path) and an absolute-form http or https URL. RFC 9112
 * §3.2.2 has the server take an absolute-form target's host as the request's host and ignore the Host header;
 * Next would instead redirect to it. So the target becomes the usual path and its host the Host header, and the
 * host check of the page or API refuses any host but the console's (403). Every other target (another scheme:
 * ftp:, ws:, file:, javascript:; the asterisk-form `*`, whatever the method, OPTIONS included) is 400 with the
 * error object: Next would redirect to some of them and fail on `*`. False when the request was answered here.
 */
export function toOriginForm(req, res) {
  const target = req.url ?? '/';
  if (target.startsWith('/')) return true;
  let url;
  try {
    url = ABSOLUTE_FORM.test(target) ? new URL(target) : undefined;
  } catch {
    url = undefined;
  }
  if (!url) {
    refuse(res, 400, TARGET_REFUSAL);
    return false;
  }
  req.headers.host = url.host;
  req.url = url.pathname + url.search;
  return true;
}

/** True when the method was refused here: 405 with the error object and the methods the service answers. */
export function refuseUnservableMethod(req, res) {
  if (ROUTED_METHODS.has(req.method)) return false;
  refuse(res, 405, methodRefusal(req.method), { Allow: ALLOW });
  return true;
}

/** CONNECT (the server's 'connect' event): 405 like any other method not served, then the connection ends. */
export function refuseConnect(_req, socket) {
  refuseOnSocket(socket, 405, methodRefusal('CONNECT'), { Allow: ALLOW });
  socket.destroy();
}

/** A request line's method token, when the line starts with one (RFC 9110 §9.1). */
const METHOD_TOKEN = /^([!#$%&'*+.^_`|~0-9A-Za-z-]{1,32}) /;

/** Node's own answers to the parse errors not settled here (its default 'clientError' behaviour, which a listener replaces). */
const NODE_ANSWERS = { HPE_HEADER_OVERFLOW: 431, HPE_CHUNK_EXTENSIONS_OVERFLOW: 413, ERR_HTTP_REQUEST_TIMEOUT: 408 };

/**
 * The server's 'clientError' listener. Node's parser knows a fixed list of methods and targets: a request line
 * with another method (`TRACK / HTTP/1.1`) gets 405 and one with a target it cannot read (`GET mailto:x`,
 * `GET host:443`) 400, each with the error object, as the same lines get when the parser accepts them. Every
 * other error gets Node's bare answer, as without a listener.
 */
export function answerClientError(error, socket) {
  // As Node does: answer only when nothing of a response has been sent on this connection yet.
  if (socket.writable && !socket._httpMessage?._headerSent) {
    const method = METHOD_TOKEN.exec(error.rawPacket?.toString('latin1') ?? '')?.[1];
    if (error.code === 'HPE_INVALID_METHOD' && method) {
      refuseOnSocket(socket, 405, methodRefusal(method), { Allow: ALLOW });
    } else if (error.code === 'HPE_INVALID_URL') {
      refuseOnSocket(socket, 400, TARGET_REFUSAL);
    } else {
      const status = NODE_ANSWERS[error.code] ?? 400;
      socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n\r\n`);
    }
  }
  socket.destroy(error);
}
