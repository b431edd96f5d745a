import { Agent, request } from 'node:http';
import { saveBankroll } from '@/lib/account/bankroll-save';
import { createAccessToken } from '@/lib/account/token-store';
import { createUser } from '@/lib/account/users';
import { loadSample } from '@/lib/data/sample/load';
import { createDb } from '@/lib/db/client';
import { migrate } from '@/lib/db/migrate';
import { freshDatabase } from '../tests/helpers/db';
import { serversClock, startBenchServer } from './clock';
import { processSeconds } from './cpu';
import { rssMb } from './measure';
import { BENCH_ENV, NO_VIG_BODY } from './slate';
import { fetchOddsWorkload } from './workload';

// The soak row of `npm run bench` (BENCH_ONLY=soak runs it alone): mixed agent traffic at a fixed rate for
// BENCH_SOAK_SECONDS (600) at BENCH_SOAK_RATE requests a second (100), on PostgreSQL with Redis budgets, from
// twenty users with write tokens, each running the whole mix: calculators over REST and MCP, get_bankroll,
// get_game_odds on the sample slate, log_bet with a client request id each, and settle_bet voiding the
// user's oldest bet still open, as a user cancels one (so each user's open bets stay a handful, as a
// bettor's do, and the ledger is written both ways). Requests are sent on a schedule, whatever the answers
// take (an open loop, so a slow spell shows in the latencies instead of lowering the load). Reported per
// minute: requests, errors, p50 and p99 latency, the server's resident memory; then whether every bet the
// server said it logged is stored, every void answered is stored, and no balance moved (a void moves none).

const SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 600);
const RATE = Number(process.env.BENCH_SOAK_RATE ?? 100);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const USERS = 20;
const TIMEOUT_MS = 60_000;
const START_BALANCE = 100_000;

interface Call {
  kind: string;
  path: string;
  /** For a settle_bet: the bet it voids, whose void the report checks. */
  voids?: string;
  body: string;
  headers?: Record<string, string>;
}

/** The mix, in the order it repeats (twenty calls). */
function mix(gameId: string, selection: string, openBets: (user: number) => string[]): ((seq: number, user: number) => Call)[] {
  const rest = (tool: string, args: unknown) => (): Call => ({ kind: tool, path: `/api/v1/tools/${tool}`, body: JSON.stringify(args) });
  const mcp = (): Call => ({
    kind: 'mcp calc_implied_probability',
    path: '/api/mcp',
    headers: {
      accept: 'application/json',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': 'calc_implied_probability',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: {
        name: 'calc_implied_probability',
        arguments: { americanOdds: 150 },
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientInfo': { name: 'jev-soak', version: '1.0.0' },
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    }),
  });
  const noVig = (): Call => ({ kind: 'calc_no_vig_odds', path: '/api/v1/tools/calc_no_vig_odds', body: NO_VIG_BODY });
  const logBet = (seq: number): Call => ({
    kind: 'log_bet',
    path: '/api/v1/tools/log_bet',
    body: JSON.stringify({ sport: 'nfl', gameId, market: 'h2h', selection, americanOdds: -110, stake: 10, clientRequestId: `soak-${seq}` }),
  });
  const odds = rest('get_game_odds', { sport: 'nfl' });
  const ev = rest('calc_ev', { probability: 0.55, americanOdds: 100 });
  const kelly = rest('calc_kelly_stake', { probability: 0.55, americanOdds: 100 });
  const bankroll = rest('get_bankroll', {});
  // The user's oldest bet answered as logged and not yet voided; none yet (at the start), get_bankroll in its place.
  const settle = (_seq: number, user: number): Call => {
    const betId = openBets(user).shift();
    if (betId === undefined) return bankroll();
    return { kind: 'settle_bet', path: '/api/v1/tools/settle_bet', body: JSON.stringify({ betId, result: 'void' }), voids: betId };
  };
  return [
    noVig,
    odds,
    kelly,
    logBet,
    mcp,
    ev,
    odds,
    bankroll,
    noVig,
    logBet,
    settle,
    odds,
    mcp,
    noVig,
    settle,
    logBet,
    odds,
    kelly,
    bankroll,
    settle,
  ];
}

interface Minute {
  latencies: number[];
  /** Latencies by kind of call, to tell which calls a slower minute came from. */
  byKind: Map<string, number[]>;
  errors: number;
  rssMb: number;
  /** The server's CPU seconds (user + system) when the minute ended: it says whether the server worked harder. */
  cpuSeconds: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number);
}

export async function runSoak(): Promise<void> {
  const database = await freshDatabase('postgres');
  await migrate(database.url);
  const db = createDb(database.url);
  const now = serversClock().clock.now();
  process.stderr.write('soak: loading the sample slate into PostgreSQL …\n');
  await loadSample(db, now.toISOString().slice(0, 10), now);
  const game = await db.game.findFirstOrThrow({
    where: { sport: 'nfl', status: 'scheduled', startsAt: { gt: now } },
    include: { homeTeam: true },
    orderBy: { startsAt: 'asc' },
  });
  const tokens: string[] = [];
  for (let i = 0; i < USERS; i++) {
    const user = await createUser(db, { email: `soak${i}@example.com` });
    await saveBankroll(
      db,
      user.id,
      { balance: START_BALANCE, unit: 100, maxStake: 5000, dailyLossLimit: 50_000, weeklyLossLimit: 200_000 },
      now,
    );
    tokens.push((await createAccessToken(db, { userId: user.id, name: 'soak', scope: 'write', now })).token);
  }
  const server = await startBenchServer({ DATABASE_URL: database.url, REDIS_URL, ...BENCH_ENV, ODDS_API_KEY: '' }, { keepOutput: false });
  const odds = await fetchOddsWorkload({
    url: `${server.origin}/api/v1/tools/get_game_odds`,
    headers: { authorization: `Bearer ${tokens[0]}`, 'content-type': 'application/json' },
    body: JSON.stringify({ sport: 'nfl' }),
  });
  // Idle sockets are dropped before the server's own 5 s keep-alive timeout would close them under a new request.
  const agent = new Agent({ keepAlive: true, maxSockets: 64, timeout: 4000 });
  // Per user, the bets answered as logged and not yet voided, oldest first.
  const openBets: string[][] = tokens.map(() => []);
  const calls = mix(game.id, game.homeTeam.abbreviation, (user) => openBets[user] as string[]);
  const minutes: Minute[] = Array.from({ length: Math.ceil(SECONDS / 60) }, () => ({
    latencies: [],
    byKind: new Map<string, number[]>(),
    errors: 0,
    rssMb: 0,
    cpuSeconds: 0,
  }));
  const logged = { sent: 0, stored: 0 };
  const voided = { sent: 0, answered: 0 };
  const errorKinds = new Map<string, number>();
  let startedAt = 0;

  const send = (seq: number): Promise<void> => {
    // Each user moves one place along the mix every round of it, so every user runs every kind of call.
    const user = (seq + Math.floor(seq / calls.length)) % USERS;
    const call = (calls[seq % calls.length] as (seq: number, user: number) => Call)(seq, user);
    const token = tokens[user] as string;
    const started = performance.now();
    const minute = minutes[Math.min(minutes.length - 1, Math.floor((Date.now() - startedAt) / 60_000))] as Minute;
    if (call.kind === 'log_bet') logged.sent++;
    if (call.voids !== undefined) voided.sent++;
    return new Promise((resolve) => {
      const fail = (why: string) => {
        minute.errors++;
        errorKinds.set(`${call.kind}: ${why}`, (errorKinds.get(`${call.kind}: ${why}`) ?? 0) + 1);
        resolve();
      };
      const req = request(
        {
          agent,
          host: '127.0.0.1',
          port: server.port,
          method: 'POST',
          path: call.path,
          timeout: TIMEOUT_MS,
          headers: {
            host: `localhost:${server.port}`,
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            ...call.headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const ms = performance.now() - started;
            minute.latencies.push(ms);
            const ofKind = minute.byKind.get(call.kind) ?? [];
            ofKind.push(ms);
            minute.byKind.set(call.kind, ofKind);
            if (res.statusCode !== 200) return fail(`HTTP ${res.statusCode}`);
            if (call.kind === 'log_bet') {
              const answer = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { duplicate: boolean; bet: { id: string } } };
              if (!answer.data.duplicate) logged.stored++;
              openBets[user]?.push(answer.data.bet.id);
            }
            if (call.voids !== undefined) {
              const answer = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { id: string; status: string } };
              if (answer.data.id === call.voids && answer.data.status === 'void') voided.answered++;
            }
            resolve();
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', (error) => fail(error.message));
      req.end(call.body);
    });
  };

  process.stderr.write(`soak: ${SECONDS} s at ${RATE} requests a second …\n`);
  startedAt = Date.now();
  const sampler = setInterval(() => {
    const minute = minutes[Math.min(minutes.length - 1, Math.floor((Date.now() - startedAt) / 60_000))] as Minute;
    minute.rssMb = rssMb(server.pid);
    minute.cpuSeconds = processSeconds(server.pid);
  }, 1000);
  const cpuAtStart = processSeconds(server.pid);
  const inFlight = new Set<Promise<void>>();
  let seq = 0;
  try {
    await new Promise<void>((resolve) => {
      const tick = setInterval(() => {
        const elapsed = (Date.now() - startedAt) / 1000;
        if (elapsed >= SECONDS) {
          clearInterval(tick);
          return resolve();
        }
        for (const due = Math.floor(elapsed * RATE); seq < due; seq++) {
          const sending = send(seq);
          inFlight.add(sending);
          void sending.then(() => inFlight.delete(sending));
        }
      }, 5);
    });
    await Promise.all(inFlight);
    clearInterval(sampler);
    const ours = { clientRequestId: { startsWith: 'soak-' } };
    const stored = await db.bet.count({ where: ours });
    const voids = await db.bet.count({ where: { ...ours, status: 'void' } });
    const balances = await db.bankroll.findMany({ select: { balanceCents: true } });
    const moved = balances.filter((bankroll) => bankroll.balanceCents !== START_BALANCE * 100).length;
    report(minutes, cpuAtStart, seq, errorKinds, { ...logged, inDatabase: stored }, { ...voided, inDatabase: voids, moved }, odds);
  } finally {
    clearInterval(sampler);
    agent.destroy();
    await server.stop();
    await db.$disconnect();
    await database.drop();
  }
}

function report(
  minutes: Minute[],
  cpuAtStart: number,
  sent: number,
  errorKinds: Map<string, number>,
  bets: { sent: number; stored: number; inDatabase: number },
  voids: { sent: number; answered: number; inDatabase: number; moved: number },
  odds: string,
) {
  console.log(
    `\nSoak: ${SECONDS} s of mixed agent traffic at ${RATE} requests a second (${sent} sent), PostgreSQL, Redis budgets, ${USERS} users; ` +
      `get_game_odds on the NFL week answers ${odds}\n`,
  );
  console.log('| minute | requests | errors | p50 ms | p99 ms | server RSS MB (end of minute) | server CPU per request |');
  console.log('|---:|---:|---:|---:|---:|---:|---:|');
  minutes.forEach((minute, i) => {
    const sorted = [...minute.latencies].sort((x, y) => x - y);
    const cpu = minute.cpuSeconds - (i === 0 ? cpuAtStart : (minutes[i - 1] as Minute).cpuSeconds);
    console.log(
      `| ${i + 1} | ${minute.latencies.length} | ${minute.errors} | ${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 99).toFixed(1)} | ` +
        `${minute.rssMb.toFixed(0)} | ${((cpu / Math.max(1, minute.latencies.length)) * 1000).toFixed(2)} ms |`,
    );
  });
  const byKind = (minute: Minute | undefined) =>
    [...(minute?.byKind ?? [])]
      .map(([kind, ms]) => {
        const sorted = [...ms].sort((x, y) => x - y);
        return `${kind} ${percentile(sorted, 50).toFixed(1)}/${percentile(sorted, 99).toFixed(1)}`;
      })
      .join(', ');
  console.log(`\np50/p99 ms by call, minute 2: ${byKind(minutes[1])}`);
  console.log(`p50/p99 ms by call, last minute: ${byKind(minutes.at(-1))}`);
  const steady = minutes.slice(1);
  if (steady.length > 1) {
    const p99s = steady.map((minute) =>
      percentile(
        [...minute.latencies].sort((x, y) => x - y),
        99,
      ),
    );
    const rss = steady.map((minute) => minute.rssMb);
    console.log(
      `\nFrom minute 2 to the last: RSS ${rss[0]?.toFixed(0)} → ${rss.at(-1)?.toFixed(0)} MB (range ${Math.min(...rss).toFixed(0)}–${Math.max(...rss).toFixed(0)}), ` +
        `p99 ${p99s[0]?.toFixed(1)} → ${p99s.at(-1)?.toFixed(1)} ms (range ${Math.min(...p99s).toFixed(1)}–${Math.max(...p99s).toFixed(1)}).`,
    );
  }
  const errors = minutes.reduce((sum, minute) => sum + minute.errors, 0);
  console.log(`Errors: ${errors}${errors ? ` (${[...errorKinds].map(([kind, n]) => `${kind} × ${n}`).join(', ')})` : ''}.`);
  console.log(
    `Bets: ${bets.sent} log_bet calls sent, ${bets.stored} answered as logged, ${bets.inDatabase} stored: ` +
      `${bets.stored === bets.inDatabase && bets.sent === bets.stored ? 'nothing lost' : 'MISMATCH'}.`,
  );
  console.log(
    `Voids: ${voids.sent} settle_bet calls sent, ${voids.answered} answered as voided, ${voids.inDatabase} stored; ` +
      `${voids.moved} of ${USERS} balances moved: ` +
      `${voids.sent === voids.answered && voids.answered === voids.inDatabase && voids.moved === 0 ? 'exactly once' : 'MISMATCH'}.`,
  );
}
