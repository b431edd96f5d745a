// Which sites count as sources for jev_classify. Entries are hostnames matched with their subdomains
// (`espn.com` also covers `www.espn.com`, `abcnews.espn.com`); a subdomain entry such as
// `sports.yahoo.com` covers only that part of its site. Data and the NEWS_SOURCE_ALLOWLIST parser only:
// it imports nothing, so the settings (lib/config/) and the source rule (lib/news/allowlist.ts) both use it (inside
// lib/news it would tie that folder and lib/config in a circle: the classifier reads the settings).

/** Reputable sports news outlets: leagues' own sites, major outlets, wire services. NEWS_SOURCE_ALLOWLIST replaces it. */
export const DEFAULT_OUTLETS: Readonly<Record<string, string>> = {
  // Leagues and governing bodies
  'nfl.com': 'NFL',
  'nba.com': 'NBA',
  'wnba.com': 'WNBA',
  'mlb.com': 'MLB',
  'nhl.com': 'NHL',
  'mlssoccer.com': 'MLS',
  'ncaa.com': 'NCAA',
  'pgatour.com': 'PGA Tour',
  'atptour.com': 'ATP Tour',
  'wtatennis.com': 'WTA',
  'ufc.com': 'UFC',
  'nascar.com': 'NASCAR',
  'formula1.com': 'Formula 1',
  'premierleague.com': 'Premier League',
  'uefa.com': 'UEFA',
  'fifa.com': 'FIFA',
  // Wire services
  'apnews.com': 'Associated Press',
  'reuters.com': 'Reuters',
  'afp.com': 'AFP',
  // Major outlets
  'espn.com': 'ESPN',
  'espncricinfo.com': 'ESPNcricinfo',
  'cbssports.com': 'CBS Sports',
  'foxsports.com': 'FOX Sports',
  'nbcsports.com': 'NBC Sports',
  'si.com': 'Sports Illustrated',
  'theathletic.com': 'The Athletic',
  'nytimes.com': 'The New York Times',
  'sports.yahoo.com': 'Yahoo Sports',
  'usatoday.com': 'USA Today',
  'washingtonpost.com': 'The Washington Post',
  'latimes.com': 'Los Angeles Times',
  'sportingnews.com': 'The Sporting News',
  'tsn.ca': 'TSN',
  'sportsnet.ca': 'Sportsnet',
  'cbc.ca': 'CBC',
  'bbc.co.uk': 'BBC',
  'bbc.com': 'BBC',
  'skysports.com': 'Sky Sports',
  'theguardian.com': 'The Guardian',
  'telegraph.co.uk': 'The Telegraph',
  'independent.co.uk': 'The Independent',
  'lequipe.fr': "L'Équipe",
  'marca.com': 'Marca',
  'kicker.de': 'kicker',
  'gazzetta.it': 'La Gazzetta dello Sport',
};

/** Social media, video and forum sites: never a source, whatever the allowlist says. */
export const SOCIAL_DOMAINS: readonly string[] = [
  'x.com',
  'twitter.com',
  't.co',
  'nitter.net',
  'xcancel.com',
  'facebook.com',
  'fb.com',
  'fb.watch',
  'messenger.com',
  'instagram.com',
  'threads.net',
  'threads.com',
  'tiktok.com',
  'reddit.com',
  'redd.it',
  'bsky.app',
  'bsky.social',
  'mastodon.social',
  'truthsocial.com',
  'gab.com',
  'linkedin.com',
  'snapchat.com',
  'pinterest.com',
  'tumblr.com',
  'vk.com',
  'weibo.com',
  'quora.com',
  '4chan.org',
  'discord.com',
  'discord.gg',
  't.me',
  'telegram.org',
  'whatsapp.com',
  'youtube.com',
  'youtu.be',
  'youtube-nocookie.com',
  'vimeo.com',
  'dailymotion.com',
  'twitch.tv',
  'kick.com',
  'rumble.com',
];

/** Allowlisted domain → outlet name. */
export type Allowlist = ReadonlyMap<string, string>;

export const DEFAULT_ALLOWLIST: Allowlist = new Map(Object.entries(DEFAULT_OUTLETS));

const SOCIAL: ReadonlySet<string> = new Set(SOCIAL_DOMAINS);

/** The host, then each parent domain: `a.b.c` → `a.b.c`, `b.c`, `c`. Longest first, so the most specific entry wins. */
function selfAndParents(host: string): string[] {
  const labels = host.split('.');
  return labels.map((_, index) => labels.slice(index).join('.'));
}

/** The most specific domain of the host (itself or a parent) that `has` knows, with what it says. */
export function matchDomain<T>(host: string, has: (domain: string) => T | undefined): { domain: string; value: T } | undefined {
  for (const domain of selfAndParents(host)) {
    const value = has(domain);
    if (value !== undefined) return { domain, value };
  }
  return undefined;
}

export function isSocialHost(host: string): boolean {
  return matchDomain(host, (domain) => (SOCIAL.has(domain) ? true : undefined)) !== undefined;
}

/**
 * NEWS_SOURCE_ALLOWLIST: comma-separated domains that replace the default list. Known outlets keep their
 * names; others are named by their domain. Returns the allowlist, or a message naming the bad entry.
 */
export function parseAllowlist(setting: string): Allowlist | string {
  const allowlist = new Map<string, string>();
  for (const entry of setting.split(',').map((part) => part.trim().toLowerCase().replace(/\.$/, ''))) {
    if (entry === '') continue;
    let url: URL;
    try {
      url = new URL(`http://${entry}`);
    } catch {
      return `"${entry}" is not a domain name such as espn.com`;
    }
    const bareHost = url.href === `http://${url.hostname}/`; // no port, path, query or userinfo
    const isIp = /^[\d.]+$/.test(url.hostname) || url.hostname.startsWith('[');
    if (!bareHost || isIp || !url.hostname.includes('.')) return `"${entry}" is not a domain name such as espn.com`;
    if (isSocialHost(url.hostname)) return `"${entry}" is a social media, video or forum site, which is never a source`;
    allowlist.set(url.hostname, DEFAULT_OUTLETS[url.hostname] ?? url.hostname);
  }
  if (allowlist.size === 0) return 'must name at least one domain';
  return allowlist;
}
