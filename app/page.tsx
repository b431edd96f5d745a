import Link from 'next/link';
import { consolePage } from '@/app/components/ConsolePage';
import { SiteHeader } from '@/app/components/SiteHeader';
import { root } from '@/lib/root';
import { currentUser } from '@/lib/root/session';
import { TOOL_RECORDS } from '@/lib/tools/registry';

export const dynamic = 'force-dynamic';

export default consolePage(async function Home() {
  const { appOrigin } = root().config;
  const user = await currentUser();
  return (
    <>
      <SiteHeader user={user} />
      <main id="main" className="inner">
        <h1>JEV</h1>
        <p className="lead">Sports-betting analysis for AI agents and integrations, over REST and MCP.</p>
        <p className="actions">
          {user ? (
            <Link className="button" href="/connect">
              Go to the Connect page
            </Link>
          ) : (
            <>
              <Link className="button" href="/signup">
                Create an account
              </Link>
              <Link className="button secondary" href="/signin">
                Sign in
              </Link>
            </>
          )}
        </p>
        <h2>Connect</h2>
        <p>
          MCP server: <code>{appOrigin}/api/mcp</code>. REST base URL: <code>{appOrigin}/api/v1/tools</code>. Create an access token on the
          Connect page and send it as <code>Authorization: Bearer jev_…</code>.
        </p>
        <h2>Tools</h2>
        <ul>
          {TOOL_RECORDS.map((tool) => (
            <li key={tool.name}>
              <code>{tool.name}</code>: {tool.title}
            </li>
          ))}
        </ul>
      </main>
    </>
  );
});
