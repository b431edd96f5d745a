import { describe, expect, it } from 'vitest';
import { startServer } from '../helpers/server';

// A bad setting stops the production server at start-up, naming the variable, instead of failing requests.

describe('start-up configuration check', () => {
  it('refuses to start without NEXTAUTH_SECRET on a public production host', async () => {
    await expect(startServer({ NODE_ENV: 'production', APP_URL: 'https://jev.example.com', NEXTAUTH_SECRET: '' })).rejects.toThrow(
      /server exited with 1:[\s\S]*NEXTAUTH_SECRET: is required in production/,
    );
  });

  it('refuses to start with a malformed budget', async () => {
    await expect(startServer({ RATE_LIMIT_TOKEN_PER_MINUTE: 'lots' })).rejects.toThrow(/RATE_LIMIT_TOKEN_PER_MINUTE/);
  });
});
