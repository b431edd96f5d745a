import type { NextConfig } from 'next';
import { FORM_MAX_BYTES } from './lib/console/form-limits';

/** No site may frame the console (its create and revoke buttons would be clickjackable): CSP and the older header. */
const NO_FRAMING = [
  { key: 'Content-Security-Policy', value: "frame-ancestors 'none'" },
  { key: 'X-Frame-Options', value: 'DENY' },
];

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // Lets two builds of one checkout coexist (e.g. parallel test runs); the default is Next's own `.next`.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  experimental: {
    // One bound for console bodies: what a server action reads, and what Next buffers of a body for the proxy
    // (10 MB by default, per request).
    serverActions: { bodySizeLimit: FORM_MAX_BYTES },
    proxyClientMaxBodySize: FORM_MAX_BYTES,
  },
  // The MCP Apps views are read from build/views at run time (lib/mcp/views.ts): a serverless bundle carries them.
  outputFileTracingIncludes: { '/api/mcp': ['./build/views/*.html'] },
  async headers() {
    // Every path, the OAuth consent page included: console pages, server actions, next-auth's pages and redirects
    // (the API's JSON cannot be framed usefully either).
    return [{ source: '/:path*', headers: NO_FRAMING }];
  },
};

export default nextConfig;
