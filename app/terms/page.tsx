import Link from 'next/link';
import { consolePage } from '@/app/components/ConsolePage';
import { PolicyPage, SupportEmail } from '@/app/components/PolicyPage';
import { HELPLINE } from '@/lib/responsible-gambling';
import { root } from '@/lib/root';
import { currentUser } from '@/lib/root/session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Terms of use · JEV' };

export default consolePage(async function TermsPage() {
  const cfg = root().config;
  const user = await currentUser();
  return (
    <PolicyPage
      user={user}
      title="Terms of use"
      lead={
        <>
          The terms of JEV at {cfg.appOrigin}, run by {cfg.operatorName}. Using the console, the API or the MCP server means you accept
          them.
        </>
      }
    >
      <h2>What JEV is, and is not</h2>
      <p>
        JEV gives you and your AI agents numbers to think with: odds, fair prices, expected value, stake sizes, and a record of your own
        bankroll, bets and picks. It is analysis, not advice, and it guarantees nothing: prices move, data can be late or wrong, and an
        answer built on the bundled sample slate says so and must not be bet on. JEV is not a sportsbook. It takes no bets, holds no money,
        places nothing with any sportsbook and makes no payments; a bet you log is a note you keep.
      </p>

      <h2>Who may use it</h2>
      <p>
        Adults of legal betting age where they live (21 or older in most US states), and only where sports betting is legal. You are
        responsible for following the law where you bet. If gambling stops being fun, stop and call {HELPLINE}.
      </p>

      <h2>Your account and tokens</h2>
      <p>
        Keep your password and access tokens secret: anyone holding a token acts on your account within its access. Revoke a token you no
        longer trust on the <Link href="/connect">Connect page</Link>. You may delete your account at any time on the{' '}
        <Link href="/account">Account page</Link>; what that removes is in the <Link href="/privacy">privacy policy</Link>.
      </p>

      <h2>Fair use</h2>
      <p>
        Stay within the rate limits the API states, do not try to reach other users&rsquo; data, probe for weaknesses without permission,
        resell the data, or use JEV to break the law or a sportsbook&rsquo;s rules. The operator may suspend or delete an account that does,
        and may change or stop the service.
      </p>

      <h2>No warranty</h2>
      <p>
        JEV is provided as is, without any warranty. To the extent the law allows, neither the operator nor JEV&rsquo;s authors are liable
        for losses from bets, decisions or outages, whatever the tools said.
      </p>

      <h2>Contact</h2>
      <p>
        Questions about these terms: <SupportEmail address={cfg.supportEmail} />. When they change, the date above changes with them.
      </p>
    </PolicyPage>
  );
});
