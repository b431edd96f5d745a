import { ToolError } from '@/lib/errors';
import { DEFAULT_OUTLETS, SOCIAL_DOMAINS } from './outlets';

// The source rule of jev_classify, checked before any model call. Hosts are compared as WHATWG URL
// parsing leaves them: lower case, percent-decoded, IDN turned into punycode (so a homograph such as a
// Cyrillic "еspn.com" becomes xn--spn-qdd.com and never equals an ASCII entry), userinfo split off.
// No public-suffix list is needed: an entry matches only itself and its subdomains, never a look-alike
// such as espn.com.evil.example.

/** Allowlisted domain → outlet name. */
export type Allowlist = ReadonlyMap<string, string>;

export const DEFAULT_ALLOWLIST: Allowlist = new Map(Object.entries(DEFAULT_OUTLETS));

const SOCIAL: ReadonlySet<string> = new Set(SOCIAL_DOMAINS);

export interface Source {
  /** The URL as parsed (normalised). */
  url: string;
  /** The allowlist entry the host falls under. */
  domain: string;
  outlet: string;
}

/** The host, then each parent domain: `a.b.c` → `a.b.c`, `b.c`, `c`. Longest first, so the most specific entry wins. */
function selfAndParents(host: string): string[] {
  const labels = host.split('.');
  return labels.map((_, index) => labels.slice(index).join('.'));
}

function matching<T>(host: string, has: (domain: string) => T | undefined): { domain: string; value: T } | undefined {
  for (const domain of selfAndParents(host)) {
    const value = has(domain);
    if (value !== undefined) return { domain, value };
  }
  return undefined;
}

function isSocial(host: string): boolean {
  return matching(host, (domain) => (SOCIAL.has(domain) ? true : undefined)) !== undefined;
}

function refuse(message: string): ToolError {
  return new ToolError('limit', message, { issues: [{ path: 'url', message }] });
}

/** The source of an article URL, or a 422 `limit` saying why it is not one. */
export function checkSource(rawUrl: string, allowlist: Allowlist): Source {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw refuse('is not a URL; pass the http(s) address of the article.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw refuse('must be an http(s) link to a news article.');
  }
  // Nothing legitimate puts credentials in an article link; refusing them keeps `espn.com@…` tricks out of the picture.
  if (url.username !== '' || url.password !== '') {
    throw refuse('must not carry a user name or password.');
  }
  const host = url.hostname.replace(/\.$/, ''); // `espn.com.` is the same DNS name as `espn.com`
  if (isSocial(host)) {
    throw refuse(
      `${host} is a social media, video or forum site. Social media is never a source: use an article from a reputable sports news outlet.`,
    );
  }
  const match = matching(host, (domain) => allowlist.get(domain));
  if (!match) {
    throw refuse(
      `${host} is not on the allowlist of reputable sports news outlets, so its text is not classified. ` +
        `Allowlisted domains (and their subdomains): ${[...allowlist.keys()].join(', ')}.`,
    );
  }
  return { url: url.href, domain: match.domain, outlet: match.value };
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
    if (isSocial(url.hostname)) return `"${entry}" is a social media, video or forum site, which is never a source`;
    allowlist.set(url.hostname, DEFAULT_OUTLETS[url.hostname] ?? url.hostname);
  }
  if (allowlist.size === 0) return 'must name at least one domain';
  return allowlist;
}
