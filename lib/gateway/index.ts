import { budgetStoreSettings, config } from '@/lib/config';
import { providers } from '@/lib/data/providers';
import { db } from '@/lib/db';
import { classifier } from '@/lib/news/classifier';
import { budgetStore } from '@/lib/ratelimit';
import { findTool } from '@/lib/tools/registry';
import { createGateway, type Gateway } from './pipeline';

export { createGateway, type Gateway } from './pipeline';

let instance: Gateway | undefined;

/** The process-wide gateway, wired to the configured database, rate-limit backend, providers and classifier. */
export function gateway(): Gateway {
  if (!instance) {
    const cfg = config();
    instance = createGateway({
      config: cfg,
      db: db(),
      limiter: budgetStore(budgetStoreSettings(cfg)),
      now: () => new Date(),
      findTool,
      providers: providers(),
      classifier: classifier(),
    });
  }
  return instance;
}
