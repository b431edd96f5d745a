import Link from 'next/link';
import { consolePage } from '@/app/components/ConsolePage';
import { PolicyPage, SupportEmail } from '@/app/components/PolicyPage';
import { oauthProviders, SESSION_DAYS } from '@/lib/auth/options';
import { KNOWN_ADDRESS_DAYS } from '@/lib/auth/signin';
import { REFRESH_LIFETIME_DAYS } from '@/lib/oauth/grants';
import { HELPLINE } from '@/lib/responsible-gambling';
import { root } from '@/lib/root';
import { currentUser } from '@/lib/root/session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Privacy policy · JEV' };

const PROVIDER_NAMES = { github: 'GitHub', google: 'Google' } as const;

export default consolePage(async function PrivacyPage() {
  const cfg = root().config;
  const user = await currentUser();
  const providers = oauthProviders(cfg).map((id) => PROVIDER_NAMES[id]);
  const classifierHost = cfg.CLASSIFIER_API_KEY ? new URL(cfg.CLASSIFIER_BASE_URL).host : null;
  return (
    <PolicyPage
      user={user}
      title="Privacy policy"
      lead={
        <>
          What JEV at {cfg.appOrigin} keeps about you, why, for how long, and how to have it deleted. JEV is run by {cfg.operatorName}.
        </>
      }
    >
      <h2>In short</h2>
      <ul>
        <li>JEV is betting analysis. It takes no bets, holds no money and never asks for payment or bank details.</li>
        <li>It keeps your account and what you or your agents save to it, until you delete the account.</li>
        <li>It never sells your data, shows no ads, and uses no tracking or analytics cookies.</li>
        <li>
          Deleting your account on the <Link href="/account">Account page</Link> removes all of it at once.
        </li>
      </ul>

      <h2>What JEV keeps, and for how long</h2>
      <dl className="stack">
        <div>
          <dt>Your account</dt>
          <dd>
            Your email address, the name you gave (if any) and your password as a bcrypt hash (never the password itself).
            {providers.length > 0
              ? ` If you sign in with ${providers.join(' or ')}, JEV receives only the email address it has verified.`
              : ''}{' '}
            Kept until you delete the account.
          </dd>
        </div>
        <div>
          <dt>Access tokens and connected apps</dt>
          <dd>
            For each token: its name, access (read or write), a hash of it (the token itself is shown once and never stored), its first and
            last characters, when it was made, last used and expires, and the name of the MCP client that last used it. For each app you
            allowed through OAuth (Claude, ChatGPT and others): the app, the access granted, its redirect address, and hashes of its codes
            and refresh tokens (a refresh token lapses after {REFRESH_LIFETIME_DAYS} days). Revoked tokens and disconnected apps stay listed
            for you until you delete the account.
          </dd>
        </div>
        <div>
          <dt>Your bankroll, bets and picks</dt>
          <dd>
            What you or your agents save: your balance, unit, stake caps, loss limits, reference sportsbook and time zone; each bet logged
            (game, market, selection, odds, stake, sportsbook, result, payout, notes, the warnings it was logged with, earlier grades of a
            corrected bet) with the name of the client that logged it (an MCP client&rsquo;s name or an HTTP User-Agent); each pick an agent
            saved with its reasoning and risks. These are records you keep, not bets: no sportsbook sees them. Kept until you delete them
            with the account.
          </dd>
        </div>
        <div>
          <dt>Sign-in safety</dt>
          <dd>
            A SHA-256 hash of each network address you signed in from with your password, so that strangers guessing your password are
            slowed and you are not: forgotten after {KNOWN_ADDRESS_DAYS} days and with the account. Counts of sign-in attempts and API
            requests per address, token and account, kept at most two hours, to enforce rate limits.
          </dd>
        </div>
        <div>
          <dt>Cookies</dt>
          <dd>
            One session cookie while you are signed in (at most {SESSION_DAYS} days; signing out ends it everywhere) and the sign-in
            form&rsquo;s anti-forgery cookie. No other cookies, and nothing from other sites.
          </dd>
        </div>
        <div>
          <dt>Server logs</dt>
          <dd>
            One line per API request: the time, a request id, the path and tool called, the answer&rsquo;s status and duration, and your
            user id. Never your network address, a token, what an agent sent or what JEV answered. Kept {cfg.LOG_RETENTION_DAYS} days;
            deleting your account does not reach back into them, but they then name an id that belongs to no one.
          </dd>
        </div>
      </dl>

      <h2>What JEV does not keep</h2>
      <p>
        Your conversations with an AI assistant: JEV sees only the tool calls an agent makes, and keeps only what those calls save to your
        account (bets, picks, your bankroll). It does not read chat history or memory.
      </p>

      <h2>Who else sees any of it</h2>
      <p>
        No one buys or receives your data. Sports data (odds, schedules, injuries, weather) comes from data providers that JEV asks without
        anything about you.{' '}
        {classifierHost ? (
          <>
            One tool, <code>jev_classify</code>, sends the news text an agent gives it to a language model at <code>{classifierHost}</code>{' '}
            to classify it; that text is not kept by JEV.
          </>
        ) : (
          <>The news classifier tool sends nothing anywhere on this service: it is not set up.</>
        )}{' '}
        The AI assistant you connect (for example Claude or ChatGPT) handles your conversation under its own privacy policy.
      </p>

      <h2>Deleting your account and data</h2>
      <p>
        Sign in and open the <Link href="/account">Account page</Link>: <strong>Delete account</strong> removes your account, every access
        token and connected app, your bankroll, bets and picks, at once and for good. Tokens stop working immediately and every session
        ends. If you cannot sign in, write to <SupportEmail address={cfg.supportEmail} /> from the account&rsquo;s email address and the
        operator deletes it with <code>jev user delete</code>. You can also ask there for a copy of what JEV keeps about you.
      </p>

      <h2>Age and gambling</h2>
      <p>
        JEV is for adults of legal betting age where betting is legal (21 or older in most US states). It knowingly keeps nothing about
        anyone younger. If gambling is a problem for you, call {HELPLINE}.
      </p>

      <h2>Questions and changes</h2>
      <p>
        Write to <SupportEmail address={cfg.supportEmail} />. When this policy changes, the date above changes with it.
      </p>
    </PolicyPage>
  );
});
