import { createHash, timingSafeEqual } from 'node:crypto';
import { ToolError } from '@/lib/errors';

/**
 * Refuses a request whose `Authorization: Bearer …` is not `secret` (the operator's METRICS_TOKEN or CRON_SECRET,
 * named by `name` in the error). Digests are compared, so the time taken says nothing about the secret.
 */
export function requireBearerSecret(request: Request, secret: string, name: string): void {
  const given = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1] ?? '';
  const digest = (value: string) => createHash('sha256').update(value).digest();
  if (!timingSafeEqual(digest(given), digest(secret))) throw new ToolError('invalid_token', `Send Authorization: Bearer <${name}>.`);
}
