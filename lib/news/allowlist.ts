import { ToolError } from '@/lib/errors';
import { isSocialHost, matchDomain, type Allowlist } from '@/lib/news-sources';

// The source rule of jev_classify, checked before any model call. Hosts are compared as WHATWG URL
// parsing leaves them: lower case, percent-decoded, IDN turned into punycode (so a homograph such as a
// Cyrillic "еspn.com" becomes xn--spn-qdd.com and never equals an ASCII entry), userinfo split off.
// No public-suffix list is needed: an entry matches only itself and its subdomains, never a look-alike
// such as espn.com.evil.example.

export interface Source {
  /** The URL as parsed (normalised). */
  url: string;
  /** The allowlist entry the host falls under. */
  domain: string;
  outlet: string;
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
  if (isSocialHost(host)) {
    throw refuse(
      `${host} is a social media, video or forum site. Social media is never a source: use an article from a reputable sports news outlet.`,
    );
  }
  const match = matchDomain(host, (domain) => allowlist.get(domain));
  if (!match) {
    throw refuse(
      `${host} is not on the allowlist of reputable sports news outlets, so its text is not classified. ` +
        `Allowlisted domains (and their subdomains): ${[...allowlist.keys()].join(', ')}.`,
    );
  }
  return { url: url.href, domain: match.domain, outlet: match.value };
}
