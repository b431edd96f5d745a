import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClientDocuments,
  FETCHES_IN_ALL,
  FETCHES_PER_HOST,
  findClient,
  findStoredClient,
  redirectUriAllowed,
  storeClient,
} from '@/lib/oauth/clients';
import { OAuthFailure } from '@/lib/oauth/errors';
import { testDatabase, type TestDatabase } from '../../helpers/fixtures';

// A client known by its metadata document: fetched on first use and kept within its hour (a failed fetch within
// its minute), stored only when storeClient is called (once a user allows it), and never fetched to find a stored
// client; refused over http and on loopback without the test setting; and fetched a few at a time, per host and in
// all, whatever URLs are asked for.

describe('clients known by a metadata document', () => {
  let database: TestDatabase;
  let server: Server;
  let url: string;
  let broken: string;
  const fetches = new Map<string, number>();

  beforeAll(async () => {
    database = await testDatabase('sqlite');
    server = createServer((req, res) => {
      fetches.set(req.url ?? '', (fetches.get(req.url ?? '') ?? 0) + 1);
      if (req.url !== '/oauth/client.json') return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ client_id: url, client_name: 'Doc \u202eAgent', redirect_uris: ['https://agent.example/cb'] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    url = `${origin}/oauth/client.json`;
    broken = `${origin}/oauth/missing.json`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await database?.close();
  });

  /** One set of kept documents for the file, as a process keeps one (the composition root's). */
  const documents = createClientDocuments();
  const at = (start: Date, ms: number) => ({ allowLoopbackForTests: true, now: new Date(start.getTime() + ms), documents });

  it('fetches and keeps the document without storing it; storeClient stores it', async () => {
    const now = new Date();
    const client = await findClient(database.db, url, at(now, 0));
    expect(client).toMatchObject({ rowId: null, kind: 'cimd', name: 'Doc Agent', redirectUris: ['https://agent.example/cb'] });
    expect(redirectUriAllowed(client!, 'https://agent.example/cb')).toBe(true);
    await Promise.all([findClient(database.db, url, at(now, 60_000)), findClient(database.db, url, at(now, 60_000))]);
    expect(fetches.get('/oauth/client.json')).toBe(1);
    expect(await database.db.oAuthClient.count()).toBe(0);
    expect(await findStoredClient(database.db, url)).toBeNull();

    const rowId = await storeClient(database.db, client!, now);
    expect(await findStoredClient(database.db, url)).toMatchObject({ rowId, kind: 'cimd', name: 'Doc Agent' });
    expect(fetches.get('/oauth/client.json')).toBe(1);

    await findClient(database.db, url, at(now, 2 * 3600_000));
    expect(fetches.get('/oauth/client.json')).toBe(2);
  });

  it('keeps a failed fetch for a minute, then tries again', async () => {
    const now = new Date();
    for (let i = 0; i < 5; i += 1) await expect(findClient(database.db, broken, at(now, i * 1000))).rejects.toThrow(/HTTP 404/);
    expect(fetches.get('/oauth/missing.json')).toBe(1);
    await expect(findClient(database.db, broken, at(now, 61_000))).rejects.toThrow(/HTTP 404/);
    expect(fetches.get('/oauth/missing.json')).toBe(2);
  });

  it('refuses the same document without the test setting (http, loopback)', async () => {
    const later = { allowLoopbackForTests: false, now: new Date(Date.now() + 3 * 3600_000), documents };
    await expect(findClient(database.db, url, later)).rejects.toThrow(/https/);
    await expect(findClient(database.db, url.replace('http://', 'https://'), later)).rejects.toThrow(/private or reserved/);
  });
});

describe('metadata documents are fetched a few at a time', () => {
  // Document servers on hosts of their own (127.0.0.2 and up: all loopback) that hold every request until released,
  // then serve each path as its own document. Each counts the connections it was asked for.
  const HOSTS = Array.from({ length: FETCHES_IN_ALL / FETCHES_PER_HOST + 1 }, (_, i) => `127.0.0.${i + 2}`);
  const servers: Server[] = [];
  const origins: string[] = [];
  const connections = new Map<string, number>();
  const held: Socket[] = [];
  let holding = true;
  let database: TestDatabase;

  beforeAll(async () => {
    database = await testDatabase('sqlite');
    for (const host of HOSTS) {
      const server = createServer((req, res) => {
        if (holding) return;
        const origin = `http://${req.headers.host}`;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ client_id: `${origin}${req.url}`, redirect_uris: ['https://agent.example/cb'] }));
      });
      server.on('connection', (socket: Socket) => {
        connections.set(host, (connections.get(host) ?? 0) + 1);
        if (holding) held.push(socket);
      });
      await new Promise<void>((resolve) => server.listen(0, host, resolve));
      servers.push(server);
      origins.push(`http://${host}:${(server.address() as AddressInfo).port}`);
    }
  });
  afterAll(async () => {
    for (const socket of held) socket.destroy();
    await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    await database?.close();
  });

  const documents = createClientDocuments();
  const lookup = () => ({ allowLoopbackForTests: true, now: new Date(), documents });
  /** Asks for each URL at once; the answers, as each settles (pending until then). */
  function ask(urls: string[]) {
    const answers: ({ state: 'pending' } | { state: 'found' } | { state: 'refused'; error: unknown })[] = urls.map(() => ({
      state: 'pending',
    }));
    const settled = urls.map((url, i) =>
      findClient(database.db, url, lookup()).then(
        () => void (answers[i] = { state: 'found' }),
        (error: unknown) => void (answers[i] = { state: 'refused', error }),
      ),
    );
    return { answers, settled };
  }
  const busy = (answer: { state: string; error?: unknown }) =>
    answer.state === 'refused' &&
    answer.error instanceof OAuthFailure &&
    answer.error.error === 'invalid_client' &&
    answer.error.status === 503 &&
    answer.error.retryAfterSeconds === 5 &&
    /already fetching .* Try again in a few seconds/.test(answer.error.description);
  const tick = () => new Promise((resolve) => setImmediate(resolve));
  const until = async (what: string, done: () => boolean) => {
    for (const started = Date.now(); !done(); await new Promise((resolve) => setTimeout(resolve, 20)))
      if (Date.now() - started > 10_000) throw new Error(`still waiting for ${what}`);
  };

  it('30 URLs on one host: two fetches, the rest refused at once and not kept; other hosts up to the cap in all', async () => {
    const [first, ...others] = origins as [string, ...string[]];
    const oneHost = Array.from({ length: 30 }, (_, i) => `${first}/client.json?n=${i}`);
    const crowd = ask(oneHost);
    await tick();
    expect(crowd.answers.filter(busy)).toHaveLength(30 - FETCHES_PER_HOST);
    expect(crowd.answers.slice(0, FETCHES_PER_HOST).every((answer) => answer.state === 'pending')).toBe(true);
    await until('the two fetches to connect', () => connections.get(HOSTS[0]!) === FETCHES_PER_HOST);

    // Other hosts fetch, FETCHES_PER_HOST each, until FETCHES_IN_ALL are in flight; past that every host is refused.
    const spread = ask(others.flatMap((origin) => [1, 2, 3].map((n) => `${origin}/client.json?n=${n}`)));
    await tick();
    const pending = spread.answers.filter((answer) => answer.state === 'pending');
    expect(pending).toHaveLength(FETCHES_IN_ALL - FETCHES_PER_HOST);
    expect(spread.answers.filter(busy)).toHaveLength(spread.answers.length - pending.length);
    const refusedInAll = spread.answers.at(-1) as { error: OAuthFailure };
    expect(refusedInAll.error.description).toBe(
      `JEV is already fetching ${FETCHES_IN_ALL} client metadata documents, as many as it fetches at once. Try again in a few seconds.`,
    );
    await until('every fetch to connect', () => [...connections.values()].reduce((a, b) => a + b, 0) === FETCHES_IN_ALL);
    for (const host of HOSTS) expect(connections.get(host) ?? 0).toBeLessThanOrEqual(FETCHES_PER_HOST);

    // The held fetches fail when their connections drop (and those failures are kept); then the slots are free, and a
    // URL refused for want of one is fetched when asked again.
    holding = false;
    for (const socket of held) socket.destroy();
    await Promise.all([...crowd.settled, ...spread.settled]);
    expect(documents.fetching.size).toBe(0);
    const again = await findClient(database.db, oneHost[29]!, lookup());
    expect(again).toMatchObject({ kind: 'cimd', redirectUris: ['https://agent.example/cb'] });
    await expect(findClient(database.db, oneHost[0]!, lookup())).rejects.toThrow(/could not be fetched/);
  });
});
