import Link from 'next/link';
import { redirect } from 'next/navigation';
import { consolePage } from '@/app/components/ConsolePage';
import { SiteHeader } from '@/app/components/SiteHeader';
import { accountContents, contentsInWords } from '@/lib/account/deletion';
import { formatDateTime } from '@/lib/present/format';
import { root } from '@/lib/root';
import { requireUser } from '@/lib/root/session';
import { DeleteAccountForm } from './DeleteAccountForm';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Account · JEV' };

export default consolePage(async function AccountPage() {
  const user = await requireUser();
  const { db, config, ledger } = root();
  const [account, contents, timeZone] = await Promise.all([
    db.user.findUnique({ where: { id: user.id }, select: { createdAt: true, passwordHash: true } }),
    accountContents(db, user.id),
    ledger.userTimeZone(user.id),
  ]);
  // Deleted since the session was read (another tab, the CLI).
  if (!account || !contents) redirect('/signin');
  const hasPassword = account.passwordHash !== null;
  const held = contentsInWords(contents);
  return (
    <>
      <SiteHeader user={user} current="/account" />
      <main id="main" className="inner">
        <h1>Your account</h1>
        <dl className="figures">
          <dt>Email</dt>
          <dd>
            <bdi>{user.email}</bdi>
          </dd>
          <dt>Name</dt>
          <dd>{user.name ? <bdi>{user.name}</bdi> : <span className="muted">None given</span>}</dd>
          <dt>Signs in with</dt>
          <dd>{hasPassword ? 'Email and password' : 'GitHub or Google (no password set)'}</dd>
          <dt>Created</dt>
          <dd>
            <time dateTime={account.createdAt.toISOString()}>{formatDateTime(account.createdAt, timeZone)}</time>
          </dd>
        </dl>
        <p>
          Your account holds {held}. What JEV keeps, and for how long, is in the <Link href="/privacy">privacy policy</Link>.
        </p>

        <h2 id="delete">Delete account</h2>
        <section className="card danger-zone" aria-labelledby="delete">
          <p>
            <strong>This deletes your account and everything in it, at once and for good:</strong> {held}. Every access token stops working
            immediately, apps you connected through OAuth (Claude, ChatGPT and others) are cut off, and every session of the account ends,
            on every device. It cannot be undone; the email can sign up again afterwards as a new, empty account.
          </p>
          <p className="muted">
            JEV takes no bets and holds no money, so there is nothing to withdraw first. Server logs keep the account&rsquo;s id, not its
            email, for {config.LOG_RETENTION_DAYS} days.
          </p>
          <DeleteAccountForm email={user.email} hasPassword={hasPassword} />
        </section>
      </main>
    </>
  );
});
