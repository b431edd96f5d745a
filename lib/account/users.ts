import { z } from 'zod';
import type { Db } from '@/lib/db/client';
import { cleanLabel, NAME_MAX_CODE_POINTS } from '@/lib/text';
import { hashPassword, MIN_PASSWORD_LENGTH } from './passwords';

export const emailSchema = z.email('must be a valid email address').transform((email) => email.toLowerCase());
export const passwordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(200, 'must be at most 200 characters');

export class UserExistsError extends Error {}

export async function createUser(db: Db, input: { email: string; password?: string; name?: string }) {
  const email = emailSchema.parse(input.email);
  if (await db.user.findUnique({ where: { email } })) throw new UserExistsError(`A user with email ${email} already exists.`);
  const passwordHash = input.password === undefined ? null : await hashPassword(passwordSchema.parse(input.password));
  return db.user.create({ data: { email, name: (input.name && cleanLabel(input.name, NAME_MAX_CODE_POINTS)) || null, passwordHash } });
}

export function findUserByEmail(db: Db, email: string) {
  return db.user.findUnique({ where: { email: email.toLowerCase() } });
}
