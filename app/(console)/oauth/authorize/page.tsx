import { consolePage } from '@/app/components/ConsolePage';
import { SiteHeader } from '@/app/components/SiteHeader';
import { requireUser } from '@/lib/root/session';
import { checkAuthorizationRequest, consentTicket } from '@/lib/oauth/authorize';
import { hostOf } from '@/lib/oauth/grants';
import { consentAction } from './actions';
import { noteUnavailable } from '@/lib/observe';
import { root } from '@/lib/root';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Allow an app · JEV' };

// The OAuth authorization endpoint: a console page. Signed-out visitors are sent to sign in by the proxy
// and come back here; any request that does not check out gets this page's error, never a redirect, and the
// error names no address of the app's to follow (lib/oauth/authorize.ts says why). Every
// name a client chose sits in its own <bdi>, so whatever direction its text runs cannot carry on into the
// page's own words (names are also stored without bidi controls: lib/text.ts). Read-only is chosen to begin with,
// whatever the app asks for: write access is given only when the user picks it.

export default consolePage(async function AuthorizePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requireUser();
  const params = await searchParams;
  const cfg = root().config;
  const checked = await checkAuthorizationRequest(root().db, cfg, root().clientDocuments, params, root().now());
  if (checked.kind === 'error-page') {
    if (checked.retryAfterSeconds !== undefined) noteUnavailable(checked.retryAfterSeconds);
    return (
      <>
        <SiteHeader user={user} current="/connect" />
        <main id="main" className="inner">
          <h1>This app cannot connect</h1>
          <p role="alert" className="field-error">
            {checked.message}
          </p>
          {checked.error && (
            <p>
              The app sent a request JEV does not accept (OAuth error <code>{checked.error}</code>), so JEV has not sent you back to it.
            </p>
          )}
          {checked.retryAfterSeconds === undefined && (
            <p>Nothing was shared with it. Check the MCP server URL you gave the app, or ask its maker.</p>
          )}
        </main>
      </>
    );
  }
  const { client, request } = checked;
  const hidden: Record<string, string> = {
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    response_type: 'code',
    code_challenge: request.codeChallenge,
    code_challenge_method: 'S256',
    resource: request.resource,
    scope: request.scope,
    state: request.state ?? '',
    ticket: consentTicket(root().sessionSecret(), user.id, request),
  };
  return (
    <>
      <SiteHeader user={user} current="/connect" />
      <main id="main" className="inner">
        <h1>
          Allow <bdi>{client.name}</bdi> to use JEV?
        </h1>
        <p className="lead">
          <strong>
            <bdi>{client.name}</bdi>
          </strong>{' '}
          wants to use your JEV account (<bdi>{user.email}</bdi>). After you answer you go back to{' '}
          <strong>
            <bdi>{hostOf(request.redirectUri)}</bdi>
          </strong>
          .
        </p>
        {client.kind === 'dcr' ? (
          <p className="field-error">
            Unverified app: it registered itself and JEV cannot confirm who made it. Allow it only if you just added JEV to it yourself.
          </p>
        ) : (
          <p className="muted">
            This app is identified by <bdi>{hostOf(client.clientId)}</bdi>.
          </p>
        )}
        <form action={consentAction} className="stack">
          {Object.entries(hidden).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <fieldset className="stack">
            <legend>Access</legend>
            <label>
              <input type="radio" name="access" value="read" defaultChecked /> Read-only: run the calculators and read odds, stats, your
              bankroll, bets and picks.
            </label>
            {request.scope === 'write' && (
              <label>
                <input type="radio" name="access" value="write" /> Read and write: also log and settle bets and save picks in your account,
                which changes your bankroll figures.
              </label>
            )}
          </fieldset>
          <p className="muted">You can disconnect it at any time on the Connect page; its access ends at once.</p>
          <div className="actions">
            <button type="submit" name="decision" value="allow">
              Allow
            </button>
            <button type="submit" name="decision" value="deny" className="secondary">
              Deny
            </button>
          </div>
        </form>
      </main>
    </>
  );
});
