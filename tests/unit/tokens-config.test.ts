import { describe, expect, it } from 'vitest';
import { hashToken, isWellFormedToken, mintToken, tokenDisplayParts } from '@/lib/account/token-format';
import { parseConfig } from '@/lib/config';

describe('access tokens', () => {
  it('mints unique, well-formed tokens with the jev_ prefix', () => {
    const tokens = new Set(Array.from({ length: 1000 }, mintToken));
    expect(tokens.size).toBe(1000);
    for (const token of tokens) {
      expect(token).toMatch(/^jev_[0-9A-Za-z]{38}$/);
      expect(isWellFormedToken(token)).toBe(true);
    }
  });
  it('refuses a changed character, a wrong prefix, a wrong length and junk without a database', () => {
    const token = mintToken();
    const flipped = token.slice(0, 10) + (token[10] === 'a' ? 'b' : 'a') + token.slice(11);
    expect(isWellFormedToken(flipped)).toBe(false);
    expect(isWellFormedToken(`xev_${token.slice(4)}`)).toBe(false);
    expect(isWellFormedToken(token.slice(0, -1))).toBe(false);
    expect(isWellFormedToken(`${token}0`)).toBe(false);
    expect(isWellFormedToken('jev_')).toBe(false);
    expect(isWellFormedToken('')).toBe(false);
  });
  it('hashes to SHA-256 hex and shows only a prefix and the last 4', () => {
    const token = mintToken();
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(tokenDisplayParts(token)).toEqual({ displayPrefix: token.slice(0, 8), last4: token.slice(-4) });
  });
});

describe('configuration', () => {
  it('has working defaults', () => {
    const cfg = parseConfig({});
    expect(cfg.appOrigin).toBe('http://localhost:3000');
    expect(cfg.appHostname).toBe('localhost');
    expect(cfg.RATE_LIMIT_ADDRESS_PER_MINUTE).toBe(300);
    expect(cfg.RATE_LIMIT_TOKEN_PER_MINUTE).toBe(60);
    expect(cfg.RATE_LIMIT_USER_PER_MINUTE).toBe(120);
    expect(cfg.TRUSTED_PROXY_HOPS).toBe(0);
    expect(cfg.DATABASE_URL).toBeUndefined();
  });
  it('stops with a message naming the bad variable', () => {
    expect(() => parseConfig({ APP_URL: 'not a url' })).toThrow(/APP_URL/);
    expect(() => parseConfig({ RATE_LIMIT_TOKEN_PER_MINUTE: 'lots' })).toThrow(/RATE_LIMIT_TOKEN_PER_MINUTE/);
    expect(() => parseConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => parseConfig({ ODDS_API_REGIONS: 'us,us_dfs' })).toThrow(/ODDS_API_REGIONS.*us_ex/);
  });

  it("asks The Odds API for its US exchanges' region, us_ex, when told to", () => {
    expect(parseConfig({ ODDS_API_REGIONS: 'us,us_ex,uk' }).ODDS_API_REGIONS).toBe('us,us_ex,uk');
    expect(() => parseConfig({ UPSTASH_REDIS_REST_URL: 'https://x.upstash.io' })).toThrow(/UPSTASH_REDIS_REST_TOKEN/);
  });
  it("names the operator and support address the policy pages show, from APP_URL's hostname unless set", () => {
    expect(parseConfig({ APP_URL: 'https://jev.example.com' })).toMatchObject({
      operatorName: 'the operator of jev.example.com',
      supportEmail: 'support@jev.example.com',
      LOG_RETENTION_DAYS: 30,
    });
    expect(parseConfig({ OPERATOR_NAME: ' Acme Analytics LLC ', SUPPORT_EMAIL: 'help@acme.example' })).toMatchObject({
      operatorName: 'Acme Analytics LLC',
      supportEmail: 'help@acme.example',
    });
    expect(() => parseConfig({ SUPPORT_EMAIL: 'not an address' })).toThrow(/SUPPORT_EMAIL: must be an email address/);
    expect(() => parseConfig({ OPERATOR_NAME: 'x'.repeat(101) })).toThrow(/OPERATOR_NAME/);
    expect(() => parseConfig({ LOG_RETENTION_DAYS: '0' })).toThrow(/LOG_RETENTION_DAYS/);
  });
  it("takes OpenAI's domain-verification token as one word of visible ASCII, trimmed", () => {
    expect(parseConfig({ OPENAI_APPS_CHALLENGE: ' abc-DEF_123.xyz\n' }).OPENAI_APPS_CHALLENGE).toBe('abc-DEF_123.xyz');
    for (const bad of ['two words', 'tab\there', 'ünïcode', 'x'.repeat(1025)]) {
      expect(() => parseConfig({ OPENAI_APPS_CHALLENGE: bad }), bad).toThrow(/OPENAI_APPS_CHALLENGE: must be the token/);
    }
  });
});
