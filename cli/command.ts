import type { ParseArgsConfig } from 'node:util';
import type { z } from 'zod';
import { findUserByEmail } from '@/lib/account/users';
import type { Db } from '@/lib/db/client';
import type { Root } from '@/lib/root';

// What every `jev` command is (./main.ts parses its options, runs it and reports its failure) and the helpers the
// commands of ./commands share.

export class UsageError extends Error {}

type Options = NonNullable<ParseArgsConfig['options']>;

export interface Command {
  usage: string;
  summary: string;
  options: Options;
  /** Set on `jev db migrate`, which applies the migrations itself; main() migrates before every other command. */
  migrates?: true;
  /** `app`: the services of the composition root (lib/root), built from the environment as the server builds them. */
  run(values: Record<string, string | boolean | undefined>, positionals: string[], app: Root): Promise<void>;
}

export const out = (line: string) => process.stdout.write(`${line}\n`);

export async function userIdFor(db: Db, email: unknown): Promise<string> {
  if (typeof email !== 'string') throw new UsageError('--email is required');
  const user = await findUserByEmail(db, email);
  if (!user) throw new UsageError(`No user with email ${email}. Create one with: jev user create --email ${email}`);
  return user.id;
}

/** Parses options; each refusal names its option (`optionOf` maps a field of the schema to its option name). */
export function parseWith<T>(schema: z.ZodType<T>, values: unknown, optionOf: (field: string) => string = (field) => field): T {
  const result = schema.safeParse(values);
  if (!result.success) {
    throw new UsageError(result.error.issues.map((issue) => `--${optionOf(issue.path.join('.'))}: ${issue.message}`).join('\n'));
  }
  return result.data;
}
