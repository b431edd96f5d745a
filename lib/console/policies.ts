// The public pages every directory listing links to (privacy policy, terms, support), written once: the footer
// links them, proxy.ts serves them signed out, and docs/listing.md names them.

export const POLICY_PAGES = [
  { href: '/privacy', label: 'Privacy' },
  { href: '/terms', label: 'Terms' },
  { href: '/support', label: 'Support' },
] as const;

/** When the policies' text last changed (shown on each page; change it with the text). */
export const POLICIES_UPDATED = '2026-11-27';

/** Where a signed-out user lands once their account is deleted. */
export const ACCOUNT_DELETED_PATH = '/account/deleted';
