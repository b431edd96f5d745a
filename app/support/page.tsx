import Link from 'next/link';
import { consolePage } from '@/app/components/ConsolePage';
import { PolicyPage, SupportEmail } from '@/app/components/PolicyPage';
import { HELPLINE } from '@/lib/responsible-gambling';
import { root } from '@/lib/root';
import { currentUser } from '@/lib/root/session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Support · JEV' };

export default consolePage(async function SupportPage() {
  const cfg = root().config;
  const user = await currentUser();
  return (
    <PolicyPage
      user={user}
      title="Support"
      lead={
        <>
          Help with JEV at {cfg.appOrigin}, run by {cfg.operatorName}.
        </>
      }
    >
      <h2>Contact</h2>
      <p>
        Write to <SupportEmail address={cfg.supportEmail} />. Say what you did and what happened; if an answer of the API or the MCP server
        went wrong, include its <code>X-Request-Id</code> header or the error&rsquo;s text. Never send an access token or your password: no
        one at JEV will ask for them.
      </p>

      <h2>Connecting an assistant</h2>
      <p>
        The MCP server is <code>{cfg.appOrigin}/api/mcp</code>. Claude and ChatGPT connect with that address alone: paste it as a custom
        connector or app, then sign in and allow it here. Clients that send a header (Claude Code, Cursor, VS Code, scripts) take an access
        token you create on the <Link href="/connect">Connect page</Link>, which also has ready-made snippets. The REST API is described at{' '}
        <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>.
      </p>

      <h2>Your data and your account</h2>
      <p>
        What JEV keeps and for how long is in the <Link href="/privacy">privacy policy</Link>. To delete your account and everything in it,
        sign in and use <strong>Delete account</strong> on the <Link href="/account">Account page</Link>; if you cannot sign in, write to
        the address above from the account&rsquo;s email.
      </p>

      <h2>Responsible gambling</h2>
      <p>
        JEV takes no bets and holds no money. If gambling is causing you problems, call {HELPLINE}, any time. Set loss limits on the{' '}
        <Link href="/bankroll">Bankroll page</Link>: agents are told to keep within them.
      </p>
    </PolicyPage>
  );
});
