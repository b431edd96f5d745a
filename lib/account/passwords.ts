import bcrypt from 'bcryptjs';

// Password hashing: accounts store the hash (users.ts), the console's sign-in (lib/auth) checks against it.

export const MIN_PASSWORD_LENGTH = 10;
const COST = 12;

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, COST);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash);
}
