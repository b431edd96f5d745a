import { consolePage } from '@/app/components/ConsolePage';
import { DataTable } from '@/app/components/DataTable';
import { CopyButton } from '@/app/components/CopyButton';
import { SiteHeader } from '@/app/components/SiteHeader';
import { requireUser } from '@/lib/root/session';
import { connectionSnippets } from '@/lib/console/snippets';
import { formatDateTime } from '@/lib/present/format';
import { listTokenRows } from '@/lib/console/tokens';
import { CreateTokenForm } from './CreateTokenForm';
import { listConnectedApps } from '@/lib/oauth/grants';
import { disconnectAppAction, signOutEverywhereAction } from './actions';
import { RevokeTokenForm } from './RevokeTokenForm';
import { root } from '@/lib/root';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Connect · JEV' };

export default consolePage(async function ConnectPage() {
  const user = await requireUser();
  const { appOrigin } = root().config;
  const now = root().now();
  const [{ timeZone, saved }, tokens, apps] = await Promise.all([
    root().ledger.userPreferences(user.id),
    listTokenRows(root().tokens, user.id, now),
    listConnectedApps(root().db, user.id),
  ]);
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
          {saved ? '' : ' (set your own time zone on the Bankroll page)'}.
        </p>

        <p>
          Apps that sign in with OAuth (Claude&rsquo;s and ChatGPT&rsquo;s connectors, and other OAuth-capable MCP clients) need only the
          MCP server URL below: paste it, then sign in and allow the app here. Clients that send a header (Claude Code, Cursor, VS Code,
          scripts) use an access token you create below.
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
                <th scope="row">
                  <bdi>{token.name}</bdi>
                </th>
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
                      <bdi>{token.lastClientName}</bdi>
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

        <h2>Connected apps</h2>
        {apps.length === 0 ? (
          <p className="empty">No apps connected. Add the MCP server URL to an app that signs in with OAuth, and it shows here.</p>
        ) : (
          <DataTable
            caption="Apps you allowed through OAuth"
            columns={['App', 'Redirects to', 'Access', 'Created', 'Last used', 'Last MCP client', '']}
          >
            {apps.map((app) => (
              <tr key={app.id} data-grant-id={app.id}>
                <th scope="row">
                  <bdi>{app.name}</bdi>
                  {app.kind === 'dcr' ? <span className="muted"> (unverified)</span> : null}
                </th>
                <td>
                  <bdi>{app.redirectHost}</bdi>
                </td>
                <td>{app.scope === 'write' ? 'Write' : 'Read-only'}</td>
                <td>{when(app.createdAt, '')}</td>
                <td>{when(app.lastUsedAt, 'Never')}</td>
                <td>{app.lastClientName ? <bdi>{app.lastClientName}</bdi> : <span className="muted">None yet</span>}</td>
                <td>
                  <form action={disconnectAppAction}>
                    <input type="hidden" name="grantId" value={app.id} />
                    <button type="submit" className="secondary">
                      Disconnect
                      <span className="visually-hidden">
                        {' '}
                        <bdi>{app.name}</bdi>
                      </span>
                    </button>
                  </form>
                </td>
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
});
