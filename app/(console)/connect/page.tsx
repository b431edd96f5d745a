import { DataTable } from '@/app/components/DataTable';
import { CopyButton } from '@/app/components/CopyButton';
import { SiteHeader } from '@/app/components/SiteHeader';
import { requireUser } from '@/lib/auth/session';
import { config } from '@/lib/config';
import { connectionSnippets } from '@/lib/console/snippets';
import { formatDateTime, userTimeZone } from '@/lib/console/time';
import { listTokenRows } from '@/lib/console/tokens';
import { db } from '@/lib/db';
import { signOutEverywhereAction } from './actions';
import { CreateTokenForm } from './CreateTokenForm';
import { RevokeTokenForm } from './RevokeTokenForm';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Connect · JEV' };

export default async function ConnectPage() {
  const user = await requireUser();
  const { appOrigin } = config();
  const now = new Date();
  const [timeZone, tokens] = await Promise.all([userTimeZone(db(), user.id), listTokenRows(db(), user.id, now)]);
  const when = (instant: Date | null, none: string) =>
    instant ? <time dateTime={instant.toISOString()}>{formatDateTime(instant, timeZone)}</time> : none;
  const addresses = [
    { label: 'MCP server URL', value: `${appOrigin}/api/mcp` },
    { label: 'REST base URL', value: `${appOrigin}/api/v1/tools` },
  ];

  return (
    <>
      <SiteHeader user={user} current="/connect" />
      <main id="main" className="inner">
        <h1>Connect</h1>
        <p className="lead">
          Give your AI agent an access token: it acts on your account through the MCP server or the REST API. Times are in {timeZone}
          {timeZone === 'UTC' ? ' (set your own time zone on the Bankroll page)' : ''}.
        </p>

        <h2>Addresses</h2>
        <dl className="stack">
          {addresses.map((address) => (
            <div key={address.label} className="field">
              <dt>{address.label}</dt>
              <dd className="copy-row">
                <code>{address.value}</code>
                <CopyButton text={address.value} what={`the ${address.label}`} />
              </dd>
            </div>
          ))}
        </dl>

        <h2>Create an access token</h2>
        <CreateTokenForm placeholderSnippets={connectionSnippets(appOrigin, null)} timeZone={timeZone} />

        <h2>Your tokens</h2>
        {tokens.length === 0 ? (
          <p className="empty">No tokens yet. Create one above, then paste a snippet into your agent to connect it.</p>
        ) : (
          <DataTable
            caption="Your access tokens"
            columns={['Name', 'Token', 'Access', 'Status', 'Created', 'Last used', 'Expires', 'Last MCP client', '']}
          >
            {tokens.map((token) => (
              <tr key={token.id} data-token-id={token.id}>
                <th scope="row">{token.name}</th>
                <td>
                  <code>
                    {token.displayPrefix}…{token.last4}
                  </code>
                </td>
                <td>{token.scope === 'write' ? 'Write' : 'Read-only'}</td>
                <td className={`status status-${token.status}`}>{token.status}</td>
                <td>{when(token.createdAt, '')}</td>
                <td>{when(token.lastUsedAt, 'Never')}</td>
                <td>{when(token.expiresAt, 'Never')}</td>
                <td>
                  {token.lastClientName ? (
                    <>
                      {token.lastClientName}
                      <br />
                      <span className="muted">{when(token.lastClientSeenAt, '')}</span>
                    </>
                  ) : (
                    <span className="muted">None yet</span>
                  )}
                </td>
                <td>{token.status === 'live' && <RevokeTokenForm tokenId={token.id} tokenName={token.name} />}</td>
              </tr>
            ))}
          </DataTable>
        )}
        <h2>Sessions</h2>
        <p className="muted">
          Signing out ends every console session of this account, on every device (access tokens keep working). Use this if you signed in on
          a computer you do not control.
        </p>
        <form action={signOutEverywhereAction}>
          <button type="submit" className="secondary">
            Sign out everywhere
          </button>
        </form>
      </main>
    </>
  );
}
