import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '@/lib/config';

// The key that signs console sessions (next-auth's JWTs). NEXTAUTH_SECRET when set; otherwise, where config
// allows it (see mayGenerateAuthSecret), one generated on first use and kept in data/ so that sessions
// survive restarts.

export const GENERATED_SECRET_FILE = path.join('data', 'nextauth-secret');

/**
 * Reads the secret kept at `file`, creating it first if it does not exist. Several processes may start at
 * once: each writes its own candidate and hard-links it into place, which fails for all but the first, so
 * every process ends up reading the same secret and never a half-written file.
 */
export function loadOrCreateSecret(file: string): string {
  try {
    return readSecret(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const candidate = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(candidate, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600 });
  try {
    linkSync(candidate, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(candidate, { force: true });
  }
  return readSecret(file);
}

function readSecret(file: string): string {
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} holds no usable secret; delete it to generate a new one.`);
  return secret;
}

/**
 * The configuration's session-signing secret (config has already refused a missing one where it is required). A
 * generated one is read from its file on each call: the process keeps it (lib/root/process.ts, keptSecret), so a
 * process reads it once, not on every signed session.
 */
export function authSecret(cfg: Config, file = GENERATED_SECRET_FILE): string {
  if (cfg.NEXTAUTH_SECRET) return cfg.NEXTAUTH_SECRET;
  return loadOrCreateSecret(path.resolve(/*turbopackIgnore: true*/ process.cwd(), file));
}
