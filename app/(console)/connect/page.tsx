import { consolePage } from '@/app/components/ConsolePage';
import { CopyButton } from '@/app/components/CopyButton';
import { SiteHeader } from '@/app/components/SiteHeader';
import { requireUser } from '@/lib/root/session';
import { connectionSnippets } from '@/lib/console/snippets';
import { formatDateTime } from '@/lib/present/format';
import { table } from '@/lib/present/table';
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
          table({
            id: 'tokens',
            caption: 'Your access tokens',
            rows: tokens,
            rowAttrs: (token) => ({ 'data-token-id': token.id }),
            columns: [
              { key: 'name', label: 'Name', header: true, wide: true, cell: (token) => <bdi>{token.name}</bdi> },
              {
                key: 'token',
                label: 'Token',
                cell: (token) => (
                  <code>
                    {token.displayPrefix}…{token.last4}
                  </code>
                ),
              },
              { key: 'access', label: 'Access', cell: (token) => (token.scope === 'write' ? 'Write' : 'Read-only') },
              {
                key: 'status',
                label: 'Status',
                cell: (token) => <span className={`status status-${token.status}`}>{token.status}</span>,
              },
              { key: 'created', label: 'Created', cell: (token) => when(token.createdAt, '') },
              { key: 'used', label: 'Last used', cell: (token) => when(token.lastUsedAt, 'Never') },
              { key: 'expires', label: 'Expires', cell: (token) => when(token.expiresAt, 'Never') },
              {
                key: 'client',
                label: 'Last MCP client',
                cell: (token) =>
                  token.lastClientName ? (
                    <>
                      <bdi>{token.lastClientName}</bdi>
                      <br />
                      <span className="muted">{when(token.lastClientSeenAt, '')}</span>
                    </>
                  ) : (
                    <span className="muted">None yet</span>
                  ),
              },
              {
                key: 'revoke',
                label: 'Actions',
                hiddenLabel: true,
                cell: (token) => token.status === 'live' && <RevokeTokenForm tokenId={token.id} tokenName={token.name} />,
              },
            ],
          })
        )}

        <h2>Connected apps</h2>
        {apps.length === 0 ? (
          <p className="empty">No apps connected. Add the MCP server URL to an app that signs in with OAuth, and it shows here.</p>
        ) : (
          table({
            id: 'apps',
            caption: 'Apps you allowed through OAuth',
            rows: apps,
            rowAttrs: (app) => ({ 'data-grant-id': app.id }),
            columns: [
              {
                key: 'app',
                label: 'App',
                header: true,
                wide: true,
                cell: (app) => (
                  <>
                    <bdi>{app.name}</bdi>
                    {app.kind === 'dcr' ? <span className="muted"> (unverified)</span> : null}
                  </>
                ),
              },
              { key: 'redirects', label: 'Redirects to', cell: (app) => <bdi>{app.redirectHost}</bdi> },
              { key: 'access', label: 'Access', cell: (app) => (app.scope === 'write' ? 'Write' : 'Read-only') },
              { key: 'created', label: 'Created', cell: (app) => when(app.createdAt, '') },
              { key: 'used', label: 'Last used', cell: (app) => when(app.lastUsedAt, 'Never') },
              {
                key: 'client',
                label: 'Last MCP client',
                cell: (app) => (app.lastClientName ? <bdi>{app.lastClientName}</bdi> : <span className="muted">None yet</span>),
              },
              {
                key: 'disconnect',
                label: 'Actions',
                hiddenLabel: true,
                cell: (app) => (
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
                ),
              },
            ],
          })
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
