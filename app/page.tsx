import { config } from '@/lib/config';
import { TOOL_RECORDS } from '@/lib/tools/registry';

export const dynamic = 'force-dynamic';

export default function Home() {
  const { appOrigin } = config();
  return (
    <main style={{ maxWidth: '48rem', margin: '0 auto', padding: '2rem 1rem' }}>
      <h1>JEV</h1>
      <p>Sports-betting analysis for AI agents and integrations, over REST and MCP.</p>
      <h2>Connect</h2>
      <p>
        REST base URL: <code>{appOrigin}/api/v1/tools</code>
      </p>
      <p>
        Create an access token with <code>npx jev token create --email you@example.com --scope read</code> and send it
        as <code>Authorization: Bearer jev_…</code>.
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
  );
}
