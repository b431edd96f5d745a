import { describe, expect, it } from 'vitest';
import { parseConfig } from '@/lib/config';
import { ToolError } from '@/lib/errors';
import { checkSource } from '@/lib/news/allowlist';
import { DEFAULT_ALLOWLIST, parseAllowlist, type Allowlist } from '@/lib/news-sources';

function refusal(url: string, allowlist: Allowlist = DEFAULT_ALLOWLIST): ToolError {
  try {
    checkSource(url, allowlist);
  } catch (error) {
    if (error instanceof ToolError) return error;
    throw error;
  }
  throw new Error(`${url} was accepted`);
}

describe('the source rule', () => {
  it('accepts allowlisted outlets and their subdomains, naming the outlet', () => {
    expect(checkSource('https://www.espn.com/nfl/story/_/id/1/x', DEFAULT_ALLOWLIST)).toEqual({
      url: 'https://www.espn.com/nfl/story/_/id/1/x',
      domain: 'espn.com',
      outlet: 'ESPN',
    });
    expect(checkSource('http://apnews.com/article/x', DEFAULT_ALLOWLIST)).toMatchObject({
      domain: 'apnews.com',
      outlet: 'Associated Press',
    });
    expect(checkSource('https://www.bbc.co.uk/sport/football/1', DEFAULT_ALLOWLIST)).toMatchObject({ domain: 'bbc.co.uk', outlet: 'BBC' });
  });

  it('normalises case, a trailing dot and ports', () => {
    expect(checkSource('HTTPS://WWW.ESPN.COM/NFL', DEFAULT_ALLOWLIST)).toMatchObject({
      url: 'https://www.espn.com/NFL',
      domain: 'espn.com',
    });
    expect(checkSource('https://espn.com./nfl', DEFAULT_ALLOWLIST)).toMatchObject({ url: 'https://espn.com./nfl', domain: 'espn.com' });
    expect(checkSource('https://espn.com:8443/nfl', DEFAULT_ALLOWLIST)).toMatchObject({ domain: 'espn.com' });
  });

  it('allows only the sports part of a site listed by subdomain', () => {
    expect(checkSource('https://sports.yahoo.com/nba/news/x', DEFAULT_ALLOWLIST)).toMatchObject({
      domain: 'sports.yahoo.com',
      outlet: 'Yahoo Sports',
    });
    expect(refusal('https://yahoo.com/news/x').message).toContain('not on the allowlist');
    expect(refusal('https://finance.yahoo.com/x').message).toContain('not on the allowlist');
  });

  it.each([
    'https://espn.com.evil.example/nfl',
    'https://evilespn.com/nfl',
    'https://espn-com.example/nfl',
    'https://espn.co/nfl',
    'https://espn.com%2eevil.example/nfl',
    'https://espn.com@evil.example/nfl',
    'https://espn.com:443@evil.example/nfl',
    'https://evil.example/espn.com',
    'https://evil.example/?u=https://espn.com',
    'https://evil.example#@espn.com',
    'https://\u0435spn.com/nfl', // Cyrillic е
    'https://xn--spn-qdd.com/nfl',
    'https://espn\u3002com.evil.example/nfl', // ideographic full stop
    'http://199.181.132.250/nfl',
    'http://[::1]/nfl',
  ])('refuses the look-alike %s with 422 limit', (url) => {
    const error = refusal(url);
    expect(error.code).toBe('limit');
    expect(error.status).toBe(422);
    expect(error.issues[0]?.path).toBe('url');
  });

  it('refuses userinfo even on an allowlisted host', () => {
    expect(refusal('https://user:pass@espn.com/nfl').message).toContain('user name or password');
    expect(refusal('https://espn.com@espn.com/nfl').message).toContain('user name or password');
  });

  it('sends a homograph to the not-allowlisted refusal under its punycode name', () => {
    expect(refusal('https://\u0435spn.com/nfl').message).toMatch(/^xn--spn-qdd\.com is not on the allowlist/);
  });

  it.each([
    'https://x.com/AdamSchefter/status/1',
    'https://twitter.com/x/status/1',
    'https://mobile.twitter.com/x',
    'https://www.facebook.com/espn/posts/1',
    'https://m.facebook.com/espn',
    'https://www.instagram.com/p/1',
    'https://www.tiktok.com/@espn/video/1',
    'https://old.reddit.com/r/nfl/comments/1',
    'https://www.threads.net/@espn',
    'https://bsky.app/profile/espn',
    'https://www.youtube.com/watch?v=1',
    'https://youtu.be/1',
    'https://M.YOUTUBE.COM./watch?v=1',
  ])('refuses the social, video or forum site %s: social media is never a source', (url) => {
    const error = refusal(url);
    expect(error.code).toBe('limit');
    expect(error.message).toContain('Social media is never a source');
  });

  it('checks social sites before the allowlist, so configuring one cannot let it in', () => {
    const error = refusal('https://x.com/espn/status/1', new Map([['x.com', 'X']]));
    expect(error.message).toContain('Social media is never a source');
  });

  it.each([
    'ftp://espn.com/x',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'data:text/html,espn.com',
    'ws://espn.com/',
    'espn.com/nfl',
    '',
  ])('refuses %j: only http(s) links are sources', (url) => {
    expect(refusal(url).code).toBe('limit');
  });

  it('lists the allowlisted domains in the refusal', () => {
    expect(
      refusal(
        'https://example.com/x',
        new Map([
          ['espn.com', 'ESPN'],
          ['nfl.com', 'NFL'],
        ]),
      ).message,
    ).toBe(
      'example.com is not on the allowlist of reputable sports news outlets, so its text is not classified. ' +
        'Allowlisted domains (and their subdomains): espn.com, nfl.com.',
    );
  });
});

describe('NEWS_SOURCE_ALLOWLIST', () => {
  it('replaces the default list; known outlets keep their names, others are named by domain', () => {
    const allowlist = parseAllowlist(' ESPN.com , rotowire.com., ');
    expect(allowlist).toEqual(
      new Map([
        ['espn.com', 'ESPN'],
        ['rotowire.com', 'rotowire.com'],
      ]),
    );
    expect(refusal('https://nfl.com/news', allowlist as Allowlist).code).toBe('limit');
  });

  it('turns an IDN entry into punycode, so it matches what URL parsing gives', () => {
    expect(parseAllowlist('b\u00fccher.de')).toEqual(new Map([['xn--bcher-kva.de', 'xn--bcher-kva.de']]));
  });

  it.each(['espn.com/nfl', 'https://espn.com', 'espn.com:8080', 'user@espn.com', 'localhost', '10.0.0.1', 'a b.com', ' , '])(
    'refuses the entry %j',
    (entry) => {
      expect(typeof parseAllowlist(entry)).toBe('string');
    },
  );

  it('refuses social sites', () => {
    expect(parseAllowlist('espn.com,reddit.com')).toBe('"reddit.com" is a social media, video or forum site, which is never a source');
  });

  it('is validated with the rest of the configuration, naming the variable', () => {
    expect(parseConfig({}).NEWS_SOURCE_ALLOWLIST).toBe(DEFAULT_ALLOWLIST);
    expect(parseConfig({ NEWS_SOURCE_ALLOWLIST: 'nfl.com' }).NEWS_SOURCE_ALLOWLIST).toEqual(new Map([['nfl.com', 'NFL']]));
    expect(() => parseConfig({ NEWS_SOURCE_ALLOWLIST: 'www.youtube.com' })).toThrow(/NEWS_SOURCE_ALLOWLIST: "www.youtube.com" is a social/);
  });
});
