import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { createUser } from '@/lib/account/users';
import { saveBankroll } from '@/lib/account/bankroll-save';
import { runJevHere } from '../../helpers/cli';
import { addPricedGame } from '../../helpers/games';
import { raw } from '../../helpers/http';
import { testApp } from '../../helpers/test-app';

// A SQLite database the process can no longer write (a full or read-only volume, a file locked by the host):
// the file, its WAL and its folder made immutable, which binds root too (tests run as root, so file modes would
// not). Writes are refused the way a read-only PostgreSQL is: 503 `unavailable` with Retry-After on REST, a one-line
// message from the CLI; reads still serve; nothing refused was stored, and writes serve again once it is lifted.

const BET = { sport: 'nfl', gameId: 'nfl-next', market: 'h2h', selection: 'NYG', americanOdds: -150, book: 'draftkings', stake: 10 };

let readToken: string;
let writeToken: string;
const app = testApp('sqlite', {
  seed: async (database) => {
    const user = await createUser(database.db, { email: 'ida@example.com' });
    await saveBankroll(database.db, user.id, { balance: 1000, unit: 10 }, new Date());
    ({ token: readToken } = await database.token(user.id, 'read'));
    ({ token: writeToken } = await database.token(user.id, 'write'));
    await addPricedGame(database.db, { now: Date.now() });
  },
  env: { TOKEN_CACHE_SECONDS: '60' },
});

const folder = () => path.dirname(new URL(app.database.url).pathname);
/** `chattr` on the database's folder and every file in it. */
function immutable(on: boolean): void {
  const files = readdirSync(folder()).map((name) => path.join(folder(), name));
  execFileSync('chattr', [on ? '+i' : '-i', folder(), ...files]);
}
const rest = (name: string, token: string, args: unknown) =>
  raw(app.server.port, {
    path: `/api/v1/tools/${name}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });

it('refuses writes with 503 and Retry-After (REST) and one line (CLI), serves reads, and stores nothing refused', async () => {
  // Both tokens read once, as a running server would have them.
  expect((await rest('get_bankroll', readToken, {})).status).toBe(200);
  expect((await rest('get_bankroll', writeToken, {})).status).toBe(200);
  immutable(true);
  try {
    const refused = await rest('log_bet', writeToken, { ...BET, clientRequestId: 'during' });
    expect(refused.status, refused.body).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json().error).toMatchObject({ code: 'unavailable', retryAfterSeconds: 5, message: expect.stringContaining('database') });
    const read = await rest('get_bankroll', readToken, {});
    expect(read.status, read.body).toBe(200);
    const cli = await runJevHere(['bankroll', 'set', '--email', 'ida@example.com', '--balance', '5', '--unit', '1'], {
      DATABASE_URL: app.database.url,
    });
    expect(cli.code, cli.stderr).toBe(1);
    expect(cli.stderr).toMatch(/^Error: The database is not answering \(.+\)\. Check that it is up .+\n$/);
  } finally {
    immutable(false);
  }
  const logged = await rest('log_bet', writeToken, { ...BET, clientRequestId: 'after' });
  expect(logged.status, logged.body).toBe(200);
  const bets = await app.database.db.bet.findMany({ select: { clientRequestId: true } });
  expect(bets.map((bet) => bet.clientRequestId)).toEqual(['after']);
  const bankroll = await app.database.db.bankroll.findFirstOrThrow();
  expect(bankroll.balanceCents).toBe(100_000);
}, 60_000);
