import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findClient, redirectUriAllowed } from '@/lib/oauth/clients';
import { testDatabase, type TestDatabase } from '../../helpers/fixtures';

// A client known by its metadata document: fetched on first use, stored as kind 'cimd', served from the cache
// within its hour; refused over http and on loopback without the test setting.

describe('clients known by a metadata document', () => {
  let database: TestDatabase;
  let server: Server;
  let url: string;
  let fetches = 0;

  beforeAll(async () => {
    database = await testDatabase('sqlite');
    server = createServer((_req, res) => {
      fetches += 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ client_id: url, client_name: 'Doc Agent', redirect_uris: ['https://agent.example/cb'] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/oauth/client.json`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await database?.close();
  });

  it('fetches, stores and caches the document', async () => {
    const now = new Date();
    const client = await findClient(database.db, url, { allowLoopbackForTests: true, now });
    expect(client).toMatchObject({ kind: 'cimd', name: 'Doc Agent', redirectUris: ['https://agent.example/cb'] });
    expect(redirectUriAllowed(client!, 'https://agent.example/cb')).toBe(true);
    await findClient(database.db, url, { allowLoopbackForTests: true, now: new Date(now.getTime() + 60_000) });
    expect(fetches).toBe(1);
    await findClient(database.db, url, { allowLoopbackForTests: true, now: new Date(now.getTime() + 2 * 3600_000) });
    expect(fetches).toBe(2);
  });

  it('refuses the same document without the test setting (http, loopback)', async () => {
    await expect(findClient(database.db, url, { allowLoopbackForTests: false, now: new Date(Date.now() + 3 * 3600_000) })).rejects.toThrow(
      /https/,
    );
    await expect(
      findClient(database.db, url.replace('http://', 'https://'), { allowLoopbackForTests: false, now: new Date() }),
    ).rejects.toThrow(/private or reserved/);
  });
});
