import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // Lets two builds of one checkout coexist (e.g. parallel test runs); the default is Next's own `.next`.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  async headers() {
    // The OAuth consent page must not be framed (clickjacking an Allow).
    return [
      {
        source: '/oauth/:path*',
        headers: [
          { key: 'X-Frame-Options', value: 'DENY' },
          { key: 'Content-Security-Policy', value: "frame-ancestors 'none'" },
        ],
      },
    ];
  },
};

export default nextConfig;
