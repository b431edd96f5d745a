import Link from 'next/link';
import type { ConsoleUser } from '@/lib/root/session';
import { SignOutButton } from './SignOutButton';

const CONSOLE_PAGES = [
  { href: '/connect', label: 'Connect' },
  { href: '/games', label: 'Games' },
  { href: '/bankroll', label: 'Bankroll' },
  { href: '/bets', label: 'Bets' },
  { href: '/picks', label: 'Picks' },
] as const;

/** The top bar: the console's pages and sign-out when signed in, else the ways in. */
export function SiteHeader({ user, current }: { user: ConsoleUser | null; current?: string }) {
  return (
    <header className="site-header">
      <div className="inner">
        <Link className="brand" href={user ? '/connect' : '/'}>
          JEV
        </Link>
        <nav className="site-nav" aria-label="Main">
          {user ? (
            <>
              {CONSOLE_PAGES.map((page) => (
                <Link key={page.href} href={page.href} aria-current={current === page.href ? 'page' : undefined}>
                  {page.label}
                </Link>
              ))}
              <Link className="who" href="/account" aria-current={current === '/account' ? 'page' : undefined}>
                <span className="visually-hidden">Your account: </span>
                <bdi>{user.email}</bdi>
              </Link>
              <SignOutButton />
            </>
          ) : (
            <>
              <Link href="/signin" aria-current={current === '/signin' ? 'page' : undefined}>
                Sign in
              </Link>
              <Link href="/signup" aria-current={current === '/signup' ? 'page' : undefined}>
                Create account
              </Link>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
