import Link from 'next/link';
import { SiteHeader } from '@/app/components/SiteHeader';
import { HELPLINE } from '@/lib/responsible-gambling';
import { root } from '@/lib/root';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Account deleted · JEV' };

/** Where a deleted account's browser lands, signed out (public: the account and its session are gone). */
export default function AccountDeletedPage() {
  const { supportEmail } = root().config;
  return (
    <>
      <SiteHeader user={null} />
      <main id="main" className="inner narrow">
        <h1>Your account is deleted</h1>
        <p role="status">
          Your account, its access tokens, connected apps, bankroll, bets and picks are gone, and you are signed out everywhere.
        </p>
        <p>
          Agents and apps that used it are refused from now on; remove JEV from them if you like. Questions:{' '}
          <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
        </p>
        <p>If gambling is a problem for you, call {HELPLINE}.</p>
        <p>
          <Link href="/">Back to the start page</Link>
        </p>
      </main>
    </>
  );
}
