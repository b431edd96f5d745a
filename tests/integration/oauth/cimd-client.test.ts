import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findClient, findStoredClient, redirectUriAllowed, storeClient, type ClientDocuments } from '@/lib/oauth/clients';
import { testDatabase, type TestDatabase } from '../../helpers/fixtures';

// A client known by its metadata document: fetched on first use and kept within its hour (a failed fetch within
// its minute), stored only when storeClient is called (once a user allows it), and never fetched to find a stored
// client; refused over http and on loopback without the test setting.

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
  const documents: ClientDocuments = new Map();
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
