import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('.', import.meta.url)) } },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Two files at a time even on two cores (Vitest's default there is one): an integration file spends about half
    // its time waiting on its server, PostgreSQL or a timer, so the whole suite takes about 14 minutes instead of 20.5.
    maxWorkers: 2,
  },
});
