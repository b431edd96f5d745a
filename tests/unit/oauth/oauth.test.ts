import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { connect, createServer as createTcpServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchMetadataDocument, isPublicAddress, pinnedLookup } from '@/lib/oauth/cimd';
import { redirectUriAllowed, type KnownClient } from '@/lib/oauth/clients';
import { pkceMatches } from '@/lib/oauth/grants';

describe('metadata document addresses', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '::',
    '::7f00:1',
    '::a9fe:a9fe',
    '::ffff:0:7f00:1',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b:1::a00:1',
    '2002:7f00:1::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '2001:db8::1',
    '3fff::1',
    '5f00::1',
    '192.88.99.1',
  ])('refuses %s', (address) => expect(isPublicAddress(address)).toBe(false));
  it.each(['8.8.8.8', '93.184.216.34', '2606:4700::1111', '2001:4860:4860::8888', '2620:fe::fe'])('allows %s', (address) =>
    expect(isPublicAddress(address)).toBe(true),
  );
});

describe('fetching a client metadata document', () => {
  let server: Server;
  let base: string;
  let documents: Record<string, unknown>;

  beforeAll(async () => {
    documents = {};
    server = createServer((req, res) => {
      if (req.url === '/redirect') {
        res.writeHead(302, { location: 'http://169.254.169.254/' }).end();
        return;
      }
      if (req.url === '/big') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ pad: 'x'.repeat(70_000) }));
        return;
      }
      const doc = documents[req.url ?? ''];
      res.writeHead(doc ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify(doc ?? {}));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    documents['/client.json'] = { client_id: `${base}/client.json`, client_name: 'Doc Client', redirect_uris: ['https://app.example/cb'] };
    documents['/liar.json'] = { client_id: 'https://someone-else.example/client.json', redirect_uris: ['https://app.example/cb'] };
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const testing = { allowLoopbackForTests: true };
  const real = { allowLoopbackForTests: false };

  it('reads a document whose client_id is its own URL (test origin allowed)', async () => {
    await expect(fetchMetadataDocument(`${base}/client.json`, testing)).resolves.toMatchObject({
      client_name: 'Doc Client',
      redirect_uris: ['https://app.example/cb'],
    });
  });
  it('refuses http without the test setting', async () => {
    await expect(fetchMetadataDocument(`${base}/client.json`, real)).rejects.toThrow(/https/);
  });
  it('refuses a host that resolves to a loopback or private address', async () => {
    await expect(fetchMetadataDocument('https://localhost/client.json', real)).rejects.toThrow(/private or reserved/);
    await expect(fetchMetadataDocument('https://10.0.0.1/client.json', real)).rejects.toThrow(/private or reserved/);
    await expect(fetchMetadataDocument('https://[::1]/client.json', real)).rejects.toThrow(/private or reserved/);
  });
  it('refuses a document naming another client_id', async () => {
    await expect(fetchMetadataDocument(`${base}/liar.json`, testing)).rejects.toThrow(/must equal its URL/);
  });
  it('follows no redirects', async () => {
    await expect(fetchMetadataDocument(`${base}/redirect`, testing)).rejects.toThrow(/HTTP 302/);
  });
  it('stops at 64 KB', async () => {
    await expect(fetchMetadataDocument(`${base}/big`, testing)).rejects.toThrow(/64 KB/);
  });
});

describe('the pinned lookup of a metadata document host', () => {
  it('lets a connection move on from an unreachable first address to the next checked one', async () => {
    // Listening on IPv4 loopback only: the first checked address (IPv6 loopback) refuses the connection.
    const listener = createTcpServer((socket) => socket.end());
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const { port } = listener.address() as AddressInfo;
    const lookup = pinnedLookup([
      { address: '::1', family: 6 },
      { address: '127.0.0.1', family: 4 },
    ]);
    try {
      const reached = await new Promise<string>((resolve, reject) => {
        const socket = connect({ host: 'documents.example', port, lookup, autoSelectFamily: true }, () => {
          resolve(socket.remoteAddress ?? '');
          socket.destroy();
        });
        socket.once('error', reject);
      });
      expect(reached).toBe('127.0.0.1');
    } finally {
      listener.close();
    }
  });
});

describe('redirect URIs and PKCE', () => {
  const client: KnownClient = {
    rowId: 'r',
    clientId: 'c',
    kind: 'dcr',
    name: 'n',
    redirectUris: ['https://app.example/cb', 'http://127.0.0.1:3333/callback'],
    logoUri: null,
  };
  it('matches exactly, except a loopback port (RFC 8252)', () => {
    expect(redirectUriAllowed(client, 'https://app.example/cb')).toBe(true);
    expect(redirectUriAllowed(client, 'https://app.example/cb/')).toBe(false);
    expect(redirectUriAllowed(client, 'https://app.example/cb?x=1')).toBe(false);
    expect(redirectUriAllowed(client, 'http://127.0.0.1:49152/callback')).toBe(true);
    expect(redirectUriAllowed(client, 'http://127.0.0.1:49152/other')).toBe(false);
    expect(redirectUriAllowed(client, 'http://evil.example:3333/callback')).toBe(false);
  });
  it('checks S256 only', () => {
    const verifier = 'x'.repeat(43);
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    expect(pkceMatches(verifier, challenge)).toBe(true);
    expect(pkceMatches('y'.repeat(43), challenge)).toBe(false);
    expect(pkceMatches(verifier, verifier)).toBe(false); // plain
    expect(pkceMatches('short', challenge)).toBe(false);
  });
});
