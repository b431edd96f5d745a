import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // Lets two builds of one checkout coexist (e.g. parallel test runs); the default is Next's own `.next`.
  distDir: process.env.NEXT_DIST_DIR || '.next',
};

export default nextConfig;
