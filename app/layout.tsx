import type { Metadata, Viewport } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { POLICY_PAGES } from '@/lib/console/policies';
import { RESPONSIBLE_GAMBLING_LINE } from '@/lib/responsible-gambling';
import '@/lib/present/palette.css';
import './globals.css';
import '@/lib/present/present.css';

export const metadata: Metadata = {
  title: 'JEV: sports-betting analysis for AI agents',
  description: 'Odds, no-vig consensus, EV and Kelly sizing for AI agents over REST and MCP. Analysis only: no bets taken.',
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        {children}
        <footer className="site-footer">
          <div className="inner">
            <p>{RESPONSIBLE_GAMBLING_LINE}</p>
            <nav aria-label="About JEV" className="footer-nav">
              {POLICY_PAGES.map((page) => (
                <Link key={page.href} href={page.href}>
                  {page.label}
                </Link>
              ))}
            </nav>
          </div>
        </footer>
      </body>
    </html>
  );
}
