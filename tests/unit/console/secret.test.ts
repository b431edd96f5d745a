import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { authSecret, loadOrCreateSecret } from '@/lib/auth/secret';
import { parseConfig } from '@/lib/config';

const execFileAsync = promisify(execFile);

describe('the session secret kept in data/', () => {
  const dirs: string[] = [];
  const tempFile = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'jev-secret-'));
    dirs.push(dir);
    return path.join(dir, 'data', 'nextauth-secret');
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('is generated once, readable by its owner only, and the same on every later start', () => {
    const file = tempFile();
    const first = loadOrCreateSecret(file);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadOrCreateSecret(file)).toBe(first);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
  });

  it('is the same for processes that start at the same moment and all find none', async () => {
    const file = tempFile();
    // tsx loads the module as CommonJS here, so its exports arrive on `default`.
    const script = `const { default: secret } = await import('./lib/auth/secret.ts'); console.log(secret.loadOrCreateSecret(${JSON.stringify(file)}));`;
    const run = () => execFileAsync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]);
    const outputs = await Promise.all(Array.from({ length: 4 }, run));
    const secrets = new Set(outputs.map(({ stdout }) => stdout.trim()));
    expect(secrets.size).toBe(1);
    expect(secrets.has(readFileSync(file, 'utf8').trim())).toBe(true);
  });

  it("is each configuration's own: a second configuration in the process signs with its secret, not the first's (before: the first's)", () => {
    const file = tempFile();
    const [first, second] = ['a'.repeat(32), 'b'.repeat(32)];
    expect(authSecret(parseConfig({ NEXTAUTH_SECRET: first }), file)).toBe(first);
    expect(authSecret(parseConfig({ NEXTAUTH_SECRET: second }), file)).toBe(second);
    const fromFile = authSecret(parseConfig({}), file);
    expect(fromFile).toBe(readFileSync(file, 'utf8').trim());
    expect(authSecret(parseConfig({ NEXTAUTH_SECRET: first }), file)).toBe(first);
  });

  it('refuses a damaged file instead of signing sessions with it', () => {
    const file = tempFile();
    loadOrCreateSecret(file);
    writeFileSync(file, 'short\n');
    expect(() => loadOrCreateSecret(file)).toThrow(/no usable secret/);
  });
});

describe('NEXTAUTH_SECRET in the configuration', () => {
  const production = { NODE_ENV: 'production' };
  const secret = 'x'.repeat(32);

  it('is required by a production server that others can reach', () => {
    expect(() => parseConfig({ ...production, APP_URL: 'https://jev.example.com' })).toThrow(/NEXTAUTH_SECRET: is required in production/);
    expect(parseConfig({ ...production, APP_URL: 'https://jev.example.com', NEXTAUTH_SECRET: secret }).NEXTAUTH_SECRET).toBe(secret);
  });

  it('may be left out on localhost (npm start runs as production there too) and in development', () => {
    for (const APP_URL of ['http://localhost:3000', 'http://127.0.0.1:8080', 'http://[::1]:3000']) {
      expect(parseConfig({ ...production, APP_URL }).NEXTAUTH_SECRET).toBeUndefined();
    }
    expect(parseConfig({ NODE_ENV: 'development', APP_URL: 'http://devbox.lan:3000' }).NEXTAUTH_SECRET).toBeUndefined();
  });

  it('must be long enough, and OAuth apps come in pairs', () => {
    expect(() => parseConfig({ NEXTAUTH_SECRET: 'too short' })).toThrow(/NEXTAUTH_SECRET: must be at least 32/);
    expect(() => parseConfig({ GITHUB_ID: 'id' })).toThrow(/GITHUB_SECRET: GITHUB_ID and GITHUB_SECRET must be set together/);
    expect(() => parseConfig({ GOOGLE_SECRET: 'secret' })).toThrow(/GOOGLE_ID: GOOGLE_ID and GOOGLE_SECRET/);
  });
});
