import { config } from '@/lib/config';
import { db } from '@/lib/db';
import { createRateLimiter } from '@/lib/ratelimit';
import { findTool } from '@/lib/tools/registry';
import { createGateway, type Gateway } from './pipeline';

export { createGateway, type Gateway } from './pipeline';

let instance: Gateway | undefined;

/** The process-wide gateway, wired to the configured database and rate-limit backend. */
export function gateway(): Gateway {
  if (!instance) {
    const cfg = config();
    instance = createGateway({
      config: cfg,
      db: db(),
      limiter: createRateLimiter({ upstashUrl: cfg.UPSTASH_REDIS_REST_URL, upstashToken: cfg.UPSTASH_REDIS_REST_TOKEN }),
      now: () => new Date(),
      findTool,
    });
  }
  return instance;
}
