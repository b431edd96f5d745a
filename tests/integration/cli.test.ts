import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJev } from '../helpers/cli';
import { freshDatabase } from '../helpers/db';
import { raw } from '../helpers/http';
import { startServer, type RunningServer } from '../helpers/server';

// The jev CLI as a user runs it, against a real database and a running server.

describe('jev CLI', () => {
  let url: string;
  let drop: () => Promise<void>;
  let server: RunningServer;

  const jev = (...args: string[]) => runJev(args, { ...process.env, DATABASE_URL: url });

  beforeAll(async () => {
    ({ url, drop } = await freshDatabase('sqlite'));
    // A fresh database: the CLI migrates it before its first command.
    expect((await jev('user', 'create', '--email', 'Erin@Example.com')).code).toBe(0);
    server = await startServer({ DATABASE_URL: url, TOKEN_CACHE_SECONDS: '1' });
  });
  afterAll(async () => {
    await server?.stop();
    await drop?.();
  });

  it('prints help for every command and exits non-zero with a clear error on bad input', async () => {
    const help = await jev('--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('jev token create');
    for (const command of [['user', 'create'], ['token', 'create'], ['token', 'list'], ['token', 'revoke'], ['bankroll', 'set']]) {
      const result = await jev(...command, '--help');
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(`Usage: jev ${command.join(' ')}`);
    }
    expect((await jev('nope')).code).not.toBe(0);
    const duplicate = await jev('user', 'create', '--email', 'erin@example.com');
    expect(duplicate.code).not.toBe(0);
    expect(duplicate.stderr).toContain('already exists');
    const badScope = await jev('token', 'create', '--email', 'erin@example.com', '--scope', 'admin');
    expect(badScope.code).not.toBe(0);
    expect(badScope.stderr).toContain("--scope: must be 'read' or 'write'");
    const noUser = await jev('token', 'create', '--email', 'nobody@example.com', '--scope', 'read');
    expect(noUser.stderr).toContain('No user with email nobody@example.com');
    const badBankroll = await jev('bankroll', 'set', '--email', 'erin@example.com', '--balance', 'lots', '--unit', '10', '--time-zone', 'Mars/Olympus');
    expect(badBankroll.code).not.toBe(0);
    expect(badBankroll.stderr).toContain('--balance: Enter a number.');
    expect(badBankroll.stderr).toContain('--time-zone: Choose a time zone');
    expect((await jev('token', 'revoke', 'no-such-id')).stderr).toContain('No token with id no-such-id');
  });

  it('creates a token printed alone, lists it masked, sets a bankroll the tools see, and revokes it', async () => {
    const created = await jev('token', 'create', '--email', 'erin@example.com', '--scope', 'read', '--name', 'laptop', '--expires-days', '30');
    expect(created.code).toBe(0);
    const token = created.stdout.trim();
    expect(created.stdout).toBe(`${token}\n`);
    expect(token).toMatch(/^jev_[0-9A-Za-z]{38}$/);

    const listed = await jev('token', 'list', '--email', 'erin@example.com');
    expect(listed.stdout).toContain(`${token.slice(0, 8)}…${token.slice(-4)}`);
    expect(listed.stdout).not.toContain(token);
    expect(listed.stdout).toContain('laptop');
    const id = listed.stdout.split('\n').find((line) => line.includes('laptop'))?.split('\t')[0] as string;

    expect((await jev('bankroll', 'set', '--email', 'erin@example.com', '--balance', '500', '--unit', '5', '--max-stake', '12.5', '--time-zone', 'Europe/London')).code).toBe(0);
    const kelly = async () =>
      raw(server.port, {
        path: '/api/v1/tools/calc_kelly_stake',
        headers: { authorization: `Bearer ${token}` },
        body: '{"probability":0.6,"americanOdds":100}',
      });
    const sized = await kelly();
    expect(sized.status).toBe(200);
    expect(sized.json().data).toMatchObject({ bankroll: 500, kellyFraction: 0.25, stake: 25, stakeUnits: 5, cappedStake: 12.5 });

    expect((await jev('token', 'revoke', id)).code).toBe(0);
    // Revoked from another process: refused within TOKEN_CACHE_SECONDS (1 s here).
    const deadline = Date.now() + 3000;
    let status = 200;
    while (status === 200 && Date.now() < deadline) {
      status = (await kelly()).status;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(401);
  });
});
