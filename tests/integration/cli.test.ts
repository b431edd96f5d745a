import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANKROLL_OPTIONS } from '@/cli/commands/account';
import type { OwnerLedger } from '@/lib/account/ledger';
import { saveBankrollFromForm } from '@/lib/console/bankroll';
import { readMigrations } from '@/lib/db/migrate';
import { runJev, runJevHere } from '../helpers/cli';
import { freshDatabase } from '../helpers/db';
import { PROVIDERS } from '../helpers/fixtures';
import { raw } from '../helpers/http';
import { startServer, type RunningServer } from '../helpers/server';

// The jev CLI against a real database and a running server. Each `jev` process costs about 1.5 s under tsx
// (far more on a loaded machine), so only two tests start one (the command as a process: a fresh database
// migrated, help and exit code); the rest run main() in-process (runJevHere), with no bound that needs an
// idle machine.

describe('jev CLI', () => {
  let url: string;
  let drop: () => Promise<void>;
  let server: RunningServer;

  const jev = (...args: string[]) => runJev(args, { ...process.env, DATABASE_URL: url });
  const jevHere = (...args: string[]) => runJevHere(args, { DATABASE_URL: url });

  beforeAll(async () => {
    ({ url, drop } = await freshDatabase('sqlite'));
    // A fresh database: the CLI migrates it before its first command.
    const created = await jev('user', 'create', '--email', 'Erin@Example.com');
    expect(created.code, created.stderr).toBe(0);
    // and says nothing else on stderr (no library's warnings: the MCP SDK's about JSON answers printed here once).
    const migrations = readMigrations('sqlite').map((migration) => migration.name);
    expect(created.stderr).toBe(`Applied database migrations: ${migrations.join(', ')}\n`);
    server = await startServer({ DATABASE_URL: url, TOKEN_CACHE_SECONDS: '1' });
  });
  afterAll(async () => {
    await server?.stop();
    await drop?.();
  });

  it("jev --help lists every command's usage, and each command's --help prints it", async () => {
    const help = await jev('--help');
    expect(help.code).toBe(0);
    const usages = help.stdout
      .split('\n')
      .filter((line) => line.startsWith('  jev '))
      .map((line) => line.trim());
    expect(usages).toContain('jev token create --email E --scope read|write [--name N] [--expires-days D]');
    expect(usages).toContain('jev db migrate');
    expect(usages.length).toBeGreaterThanOrEqual(10);
    for (const usage of usages) {
      const words = usage.split(' ').slice(1); // `token create --email E …` → the command is `token create`
      const end = words.findIndex((word) => !/^[a-z][a-z-]*$/.test(word));
      const name = end === -1 ? words : words.slice(0, end);
      const result = await jevHere(...name, '--help');
      expect(result.code, usage).toBe(0);
      expect(result.stdout).toContain(`Usage: ${usage}\n`);
    }
  });

  it('exits non-zero with a clear error on bad input', async () => {
    const unknown = await jevHere('nope');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown command: nope');
    const duplicate = await jevHere('user', 'create', '--email', 'erin@example.com');
    expect(duplicate.code).not.toBe(0);
    expect(duplicate.stderr).toContain('already exists');
    const badScope = await jevHere('token', 'create', '--email', 'erin@example.com', '--scope', 'admin');
    expect(badScope.code).not.toBe(0);
    expect(badScope.stderr).toContain("--scope: must be 'read' or 'write'");
    const noUser = await jevHere('token', 'create', '--email', 'nobody@example.com', '--scope', 'read');
    expect(noUser.stderr).toContain('No user with email nobody@example.com');
    const badBankroll = await jevHere(
      'bankroll',
      'set',
      '--email',
      'erin@example.com',
      '--balance',
      'lots',
      '--unit',
      '10',
      '--time-zone',
      'Mars/Olympus',
    );
    expect(badBankroll.code).toBe(2);
    expect(badBankroll.stderr).toContain('--balance: Enter an amount such as 250 or 12.50');
    expect(badBankroll.stderr).toContain('--time-zone: Choose a time zone');
    expect((await jevHere('token', 'revoke', 'no-such-id')).stderr).toContain('No token with id no-such-id');
  });

  it('jev bankroll set refuses what the Bankroll page refuses, with the same message', async () => {
    const valid = {
      balance: '500',
      unit: '5',
      kellyFraction: '0.25',
      maxStake: '',
      dailyLossLimit: '',
      weeklyLossLimit: '',
      referenceBook: '',
      timeZone: 'UTC',
    };
    const option: Record<keyof typeof valid, string> = BANKROLL_OPTIONS;
    const refusals: [Partial<typeof valid>, keyof typeof valid][] = [
      [{ balance: 'lots' }, 'balance'],
      [{ balance: '-1' }, 'balance'],
      [{ balance: '20000000' }, 'balance'],
      [{ unit: '0' }, 'unit'],
      [{ unit: '600' }, 'unit'],
      [{ kellyFraction: '0' }, 'kellyFraction'],
      [{ kellyFraction: '1.5' }, 'kellyFraction'],
      [{ maxStake: '-5' }, 'maxStake'],
      [{ maxStake: '10000001' }, 'maxStake'],
      [{ dailyLossLimit: '100', weeklyLossLimit: '50' }, 'weeklyLossLimit'],
      [{ referenceBook: 'b'.repeat(51) }, 'referenceBook'],
      [{ timeZone: 'Mars/Olympus' }, 'timeZone'],
    ];
    for (const [change, field] of refusals) {
      const values = { ...valid, ...change };
      const form = new FormData();
      for (const [key, value] of Object.entries(values)) form.set(key, value);
      const page = await saveBankrollFromForm({} as OwnerLedger, 'user-id', form, new Date());
      if (page.status !== 'invalid') throw new Error(`the Bankroll page took ${JSON.stringify(change)}`);
      const message = page.errors[field];
      expect(message, JSON.stringify(change)).toBeTruthy();

      const args = Object.entries(values).map(([key, value]) => `--${option[key as keyof typeof valid]}=${value}`); // `=`: a value may start with a dash
      const cli = await jevHere('bankroll', 'set', '--email', 'erin@example.com', ...args);
      expect(cli.code, JSON.stringify(change)).toBe(2);
      expect(cli.stderr).toContain(`--${option[field]}: ${message}`);
    }
  });

  it('creates a token printed alone, lists it masked, sets a bankroll the tools see, and revokes it', { timeout: 60_000 }, async () => {
    const created = await jevHere(
      'token',
      'create',
      '--email',
      'erin@example.com',
      '--scope',
      'read',
      '--name',
      'laptop',
      '--expires-days',
      '30',
    );
    expect(created.code).toBe(0);
    const token = created.stdout.trim();
    expect(created.stdout).toBe(`${token}\n`);
    expect(token).toMatch(/^jev_[0-9A-Za-z]{38}$/);

    const listed = await jevHere('token', 'list', '--email', 'erin@example.com');
    expect(listed.stdout).toContain(`${token.slice(0, 8)}…${token.slice(-4)}`);
    expect(listed.stdout).not.toContain(token);
    expect(listed.stdout).toContain('laptop');
    const id = listed.stdout
      .split('\n')
      .find((line) => line.includes('laptop'))
      ?.split('\t')[0] as string;

    const bankroll = await jevHere(
      'bankroll',
      'set',
      '--email',
      'erin@example.com',
      '--balance',
      '500',
      '--unit',
      '5',
      '--max-stake',
      '12.5',
      '--time-zone',
      'Europe/London',
    );
    expect(bankroll.code, bankroll.stderr).toBe(0);
    const kelly = async () =>
      raw(server.port, {
        path: '/api/v1/tools/calc_kelly_stake',
        headers: { authorization: `Bearer ${token}` },
        body: '{"probability":0.6,"americanOdds":100}',
      });
    const sized = await kelly();
    expect(sized.status).toBe(200);
    expect(sized.json().data).toMatchObject({ bankroll: 500, kellyFraction: 0.25, stake: 25, stakeUnits: 5, cappedStake: 12.5 });
    // A higher max stake cools off: the command says when it applies, and the server keeps capping at 12.5 meanwhile.
    const raised = await jevHere('bankroll', 'set', '--email', 'erin@example.com', '--balance', '500', '--unit', '5', '--max-stake', '40');
    expect(raised.stdout).toMatch(
      /^Saved the bankroll of erin@example\.com\nRaising the max stake to \$40\.00 takes effect on [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d\s[AP]M \(Europe\/London\); until then \$12\.50 applies\.\n$/,
    );
    expect((await kelly()).json().data).toMatchObject({ cappedStake: 12.5 });

    expect((await jevHere('token', 'revoke', id)).code).toBe(0);
    // Revoked outside the server's process: refused within TOKEN_CACHE_SECONDS (1 s here). The deadline
    // only stops a broken server from looping forever; the loop ends at the first refusal.
    const deadline = Date.now() + 20_000;
    let status = 200;
    while (status === 200 && Date.now() < deadline) {
      status = (await kelly()).status;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(401);
  });
});

describe.each(PROVIDERS)('jev db migrate on %s', (provider) => {
  it('applies the pending migrations and names them; run again, says none are pending', async () => {
    const fresh = await freshDatabase(provider);
    try {
      const names = readMigrations(provider).map((migration) => migration.name);
      const first = await runJevHere(['db', 'migrate'], { DATABASE_URL: fresh.url });
      expect(first.code, first.stderr).toBe(0);
      expect(first.stdout).toBe(
        `Applied ${names.length} migration${names.length === 1 ? '' : 's'}:\n${names.map((name) => `  ${name}\n`).join('')}`,
      );
      const again = await runJevHere(['db', 'migrate'], { DATABASE_URL: fresh.url });
      expect(again.code).toBe(0);
      expect(again.stdout).toBe('No pending migrations: the database schema is up to date.\n');
      expect(again.stderr).toBe('');
    } finally {
      await fresh.drop();
    }
  });
});
