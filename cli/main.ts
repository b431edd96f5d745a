import { parseArgs } from 'node:util';
import { parseConfig } from '@/lib/config';
import { dbOptions } from '@/lib/db';
import { migrate } from '@/lib/db/migrate';
import { isDatabaseUnavailable } from '@/lib/errors';
import { closeRedisConnections } from '@/lib/redis';
import { createRoot, type Root } from '@/lib/root';
import { out, UsageError, type Command } from './command';
import { ACCOUNT_COMMANDS } from './commands/account';
import { DATA_COMMANDS } from './commands/data';

// `jev`: headless setup and scripting. Every command validates its options, prints a clear error and
// exits non-zero on failure; `--help` works everywhere. The commands are in ./commands, by what they act on.

/** Every command, in the order the help lists them. */
const COMMANDS: Record<string, Command> = { ...ACCOUNT_COMMANDS, ...DATA_COMMANDS };

function help(): string {
  const lines = Object.values(COMMANDS).map((command) => `  ${command.usage}\n      ${command.summary}`);
  return `Usage: jev <command> [options]\n\nCommands:\n${lines.join('\n')}\n\nEvery command takes --help. The database is DATABASE_URL (default: SQLite at data/jev.db).`;
}

/**
 * One line for a failure: a database that cannot serve (lib/errors.ts: down, stalled, read-only) says so and what
 * to do, with the driver's own last line as the detail (Prisma's messages start with the call, end with the cause).
 */
function failureInWords(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (!isDatabaseUnavailable(error)) return message;
  const detail =
    message
      .split('\n')
      .findLast((line) => line.trim() !== '')
      ?.trim() ?? message;
  return `The database is not answering (${detail}). Check that it is up and that DATABASE_URL points at it, then run the command again.`;
}

export async function main(argv: string[]): Promise<number> {
  // Commands are one word (ingest) or two (token create).
  const words = COMMANDS[argv.slice(0, 2).join(' ')] ? 2 : 1;
  const command = COMMANDS[argv.slice(0, words).join(' ')];
  if (!command) {
    const wantsHelp = argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help';
    (wantsHelp ? process.stdout : process.stderr).write(`${wantsHelp ? '' : `Unknown command: ${argv.join(' ')}\n\n`}${help()}\n`);
    return wantsHelp ? 0 : 2;
  }
  let parsed;
  try {
    parsed = parseArgs({
      args: argv.slice(words),
      options: { ...command.options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\nUsage: ${command.usage}\n`);
    return 2;
  }
  if (parsed.values.help) {
    out(`Usage: ${command.usage}\n\n${command.summary}`);
    return 0;
  }
  let app: Root | undefined;
  try {
    const cfg = parseConfig(process.env);
    if (!command.migrates) {
      const { applied } = await migrate(cfg.DATABASE_URL, { timeouts: dbOptions(cfg).timeouts });
      if (applied.length > 0) process.stderr.write(`Applied database migrations: ${applied.join(', ')}\n`);
    }
    // Its token service announces a revocation to every running instance through Redis when it is configured.
    app = createRoot({ config: cfg });
    await command.run(parsed.values, parsed.positionals, app);
    return 0;
  } catch (error) {
    process.stderr.write(`Error: ${failureInWords(error)}\n`);
    if (!(error instanceof UsageError) && process.env.JEV_DEBUG) console.error(error);
    return error instanceof UsageError ? 2 : 1;
  } finally {
    await app?.db.$disconnect();
    await closeRedisConnections();
  }
}
