import { hash, randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';

// Access token format: `jev_` + 32 base62 characters of randomness (about 190 bits) + a 6-character
// base62 CRC32 checksum. The checksum lets the gateway refuse typos and junk (step 3 of the order)
// without a database read; only the SHA-256 of the whole token is ever stored.

export const TOKEN_PREFIX = 'jev_';
const BODY_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const TOKEN_PATTERN = new RegExp(`^${TOKEN_PREFIX}[0-9A-Za-z]{${BODY_LENGTH + CHECKSUM_LENGTH}}$`);

export type TokenScope = 'read' | 'write';

function base62(value: number, width: number): string {
  let out = '';
  for (let rest = value; out.length < width; rest = Math.floor(rest / 62)) out = ALPHABET[rest % 62] + out;
  return out;
}

function checksum(prefixAndBody: string): string {
  return base62(crc32(prefixAndBody), CHECKSUM_LENGTH);
}

export function mintToken(): string {
  // Rejection sampling keeps every character uniform (256 is not a multiple of 62).
  let body = '';
  while (body.length < BODY_LENGTH) {
    for (const byte of randomBytes(BODY_LENGTH)) {
      if (byte < 248 && body.length < BODY_LENGTH) body += ALPHABET[byte % 62];
    }
  }
  const prefixAndBody = TOKEN_PREFIX + body;
  return prefixAndBody + checksum(prefixAndBody);
}

/** True when the string is shaped like a token this service minted (prefix, length, alphabet, checksum). */
export function isWellFormedToken(token: string): boolean {
  if (!TOKEN_PATTERN.test(token)) return false;
  const split = token.length - CHECKSUM_LENGTH;
  return checksum(token.slice(0, split)) === token.slice(split);
}

export function hashToken(token: string): string {
  return hash('sha256', token, 'hex'); // one-shot: no Hash object per request
}

/** The recognisable parts shown in lists: never the whole token. */
export function tokenDisplayParts(token: string): { displayPrefix: string; last4: string } {
  return { displayPrefix: token.slice(0, TOKEN_PREFIX.length + 4), last4: token.slice(-4) };
}
