import { describe, expect, it } from 'vitest';
import { parseConfig } from '@/lib/config';
import { dbOptions } from '@/lib/db';

// The settings choose the raw reads' path (lib/db/select.ts; both paths are tested in tests/integration/db/select.test.ts).
describe('dbOptions', () => {
  it('reads through the driver adapter unless DB_PRISMA_READS is on', () => {
    expect(dbOptions(parseConfig({})).adapterReads).toBe(true);
    expect(dbOptions(parseConfig({ DB_PRISMA_READS: 'false' })).adapterReads).toBe(true);
    expect(dbOptions(parseConfig({ DB_PRISMA_READS: 'true' })).adapterReads).toBe(false);
    expect(dbOptions(parseConfig({ DB_PRISMA_READS: '1' })).adapterReads).toBe(false);
  });

  it('gives the PostgreSQL timeouts the settings name', () => {
    expect(
      dbOptions(parseConfig({ DB_CONNECT_TIMEOUT_SECONDS: '2', DB_QUERY_TIMEOUT_SECONDS: '3', DB_IDLE_TIMEOUT_SECONDS: '4' })).timeouts,
    ).toEqual({
      connectSeconds: 2,
      querySeconds: 3,
      idleSeconds: 4,
    });
  });

  it('refuses a switch it cannot read', () => {
    expect(() => parseConfig({ DB_PRISMA_READS: 'yes' })).toThrow(/DB_PRISMA_READS/);
  });
});
